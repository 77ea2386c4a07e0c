import { badRequest } from "../../lib/errors";
import { claimsOf, type Claim } from "./adaptive-schema";
import { ExpressionSyntaxError, parseExpression, pathsOf } from "./expression";

/**
 * `condition` of a section or site space, as stored: parsed when given (a syntax error is a 400
 * with its position), and referring only to `visitor.claims` paths of the site's adaptive schema.
 * Returns what to store: null for "no condition" (null or blank).
 */
export function checkedCondition(condition: string | null, jsonSchema: Record<string, unknown> | null, field = "condition"): string | null {
  if (condition === null || condition.trim() === "") return null;
  let tree;
  try {
    tree = parseExpression(condition);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) throw badRequest(`Invalid body field '${field}': ${error.reason} at position ${error.position}`);
    throw error;
  }
  const known = new Set(jsonSchema ? claimsOf(jsonSchema).map((claim) => claim.path.join(".")) : []);
  for (const { segments, position } of pathsOf(tree)) {
    const [root, claims, ...path] = segments;
    if (root !== "visitor" || claims !== "claims" || path.length === 0) {
      throw badRequest(`Invalid body field '${field}': '${segments.join(".")}' at position ${position} is not a visitor.claims path (conditions may only use visitor.claims.<claim>)`);
    }
    if (!jsonSchema) {
      throw badRequest(`Invalid body field '${field}': the site has no adaptive schema, so 'visitor.claims.${path.join(".")}' at position ${position} is not a known claim`);
    }
    if (!known.has(path.join("."))) {
      throw badRequest(`Invalid body field '${field}': 'visitor.claims.${path.join(".")}' at position ${position} is not a claim of the site's adaptive schema`);
    }
  }
  return condition;
}

/**
 * The conditions a writer can start from, from the schema's claims: for each boolean claim, one
 * that it is true and one that it is not (signed and unsigned alike); for each string enum, one
 * per value. Other claims (numbers, free strings, arrays, objects) have no obvious condition.
 */
export function templateConditions(jsonSchema: Record<string, unknown>): Array<{ description: string; condition: string }> {
  return claimsOf(jsonSchema).flatMap((claim) => conditionsFor(claim));
}

function conditionsFor(claim: Claim): Array<{ description: string; condition: string }> {
  const path = `visitor.claims.${claim.path.join(".")}`;
  const who = claim.path[0] === "unsigned" ? "unsigned claim" : "claim";
  const name = claim.path.join(".");
  if (claim.type === "boolean") {
    return [
      { description: `The visitor's ${who} '${name}' is true${claim.description ? ` (${claim.description})` : ""}`, condition: path },
      { description: `The visitor's ${who} '${name}' is not true`, condition: `!${path}` },
    ];
  }
  if (claim.type === "string" && claim.enum) {
    return claim.enum.map((value) => ({ description: `The visitor's ${who} '${name}' is "${value}"`, condition: `${path} == ${JSON.stringify(value)}` }));
  }
  return [];
}
