import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { errorBody } from "../lib/errors";
import { authenticateBeforeRefusing } from "./lazy-authentication";

const WHERE: Record<string, string> = {
  json: "body field",
  query: "query parameter",
  param: "path parameter",
  header: "header",
  cookie: "cookie",
  form: "form field",
};

type Issue = z.core.$ZodIssue;

/**
 * The app's validation hook: a request that fails its route's zod schema is a 400 whose message
 * names each offending field and the limit it broke, e.g. `Invalid body field 'title': Too big:
 * expected string to have <=50 characters`. Nothing has been read or written yet when this runs.
 */
export async function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; target: string },
  c: Context<AppEnv>,
) {
  if (result.success) return;
  // 401 wins over 400, also on routes that authenticate in their read (which has not run).
  await authenticateBeforeRefusing(c);
  const repeated = result.target === "query" ? repeatedQueryParameters(c) : new Map<string, number>();
  return c.json(errorBody(400, describeValidationError(result.error, result.target, repeated)), 400);
}

export function describeValidationError(error: z.ZodError, target: string, repeated = new Map<string, number>()): string {
  const where = WHERE[target] ?? target;
  const issues = error.issues.flatMap(explainUnion).flatMap(oneIssuePerUnknownKey);
  const problems = issues.slice(0, 5).map((issue) => {
    const path = issue.path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index ? "." : ""}${String(part)}`)).join("");
    // A parameter given twice reaches the schema as an array: say so, rather than "expected string".
    const times = repeated.get(String(issue.path[0]));
    const message = times ? `given ${times} times; give it once` : issue.message;
    return path ? `Invalid ${where} '${path}': ${message}` : `Invalid request ${target === "json" ? "body" : where}: ${message}`;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : "";
  return problems.join("; ") + more;
}

/**
 * Bodies refuse fields they do not define (nothing a client sends is silently dropped); zod
 * reports them together under the object's path, and each is named as a field of its own.
 */
function oneIssuePerUnknownKey(issue: Issue): Issue[] {
  if (issue.code !== "unrecognized_keys") return [issue];
  return issue.keys.map((key) => ({ ...issue, path: [...issue.path, key], message: "not a field this operation accepts" }));
}

/** Query parameters given more than once, with how many times. */
function repeatedQueryParameters(c: Context): Map<string, number> {
  return new Map(
    Object.entries(c.req.queries())
      .filter(([, values]) => values.length > 1)
      .map(([name, values]) => [name, values.length]),
  );
}

/**
 * A value that matches none of a union's shapes fails with zod's bare "Invalid input". The shape
 * the client most likely meant is the one whose problems are about its content (a length, a
 * type deeper in), not about the shape itself (unknown or missing keys): its issues are reported,
 * under the union's path, so the message names the real field and limit.
 */
function explainUnion(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  // Unknown keys, or a key of the shape missing or of the wrong type: the shape does not fit.
  const aboutShape = (candidate: Issue) => candidate.code === "unrecognized_keys" || (candidate.code === "invalid_type" && candidate.path.length <= 1);
  const ranked = [...issue.errors].sort((a, b) => a.filter(aboutShape).length - b.filter(aboutShape).length || a.length - b.length);
  const best = ranked[0]!;
  if (best.some(aboutShape) && ranked.length > 1) return [issue];
  return best.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })).flatMap(explainUnion);
}
