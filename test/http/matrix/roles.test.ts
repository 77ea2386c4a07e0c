import { describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { operationUrl, type Operation } from "./operations";
import { expectation } from "./permission-table";
import { LADDER, bodyFor, idsFor, snapshot, useMatrix, type Rung } from "./world";

/**
 * The role table, for every route of the document: each member below the role the route declares
 * is refused (403 naming the role it needs, or 404 where the content is hidden from them) and
 * nothing changes; the member
 * at that role gets past the permission check. The declarations come from the routes
 * (`x-permission`) and the requirements from lib/permissions.ts, the table docs/permissions.md states.
 */

const matrix = useMatrix();

/** Calls the operation as each rung up to the lowest allowed one; returns what each got. */
async function climb(operation: Operation, lowest: Rung): Promise<{ refused: Array<[Rung, number | string]>; allowed: number; unchanged: boolean }> {
  const ids = await idsFor(matrix.world, operation);
  const url = operationUrl(operation, ids);
  const body = await bodyFor(matrix.world, operation);
  const send = (rung: Rung) => call(operation.method.toUpperCase(), url, { token: matrix.world.actors[rung].token, body });
  const before = await snapshot(matrix.world, operation, ids, matrix.readable);
  const refused: Array<[Rung, number | string]> = [];
  for (const rung of LADDER.slice(0, LADDER.indexOf(lowest))) {
    const response = await send(rung);
    // A 403 says what was needed: "… needs the organization role 'admin' …", "… needs the level 'edit' …".
    const named = response.status !== 403 || new RegExp(`needs the (organization role|level) '${lowest}'`).test(response.body.error.message);
    refused.push([rung, named ? response.status : `403 without naming '${lowest}': ${response.body.error.message}`]);
  }
  const unchanged = JSON.stringify(await snapshot(matrix.world, operation, ids, matrix.readable)) === JSON.stringify(before);
  return { refused, allowed: (await send(lowest)).status, unchanged };
}

describe("the role table", () => {
  it("is declared on every /v1 route", () => {
    const undeclared = matrix.operations.filter((operation) => operation.path.startsWith("/v1/") && operation.path !== "/v1/openapi.json" && !operation.permission);
    expect(undeclared.map((operation) => operation.operationId)).toEqual([]);
  });

  it("gives every body an example, so every route can be called with a valid body", () => {
    const withoutExample = matrix.operations.filter((operation) => !["get", "delete"].includes(operation.method) && operation.example === undefined);
    // Routes whose body is empty or optional need no example.
    expect(withoutExample.map((operation) => operation.operationId).sort()).toEqual(OPERATIONS_WITHOUT_BODY);
  });

  it("refuses every role below the declared one, changing nothing, and lets the declared role through", async () => {
    const checked = matrix.operations.flatMap((operation) => {
      const expected = operation.permission && expectation(operation.permission);
      return expected ? [{ operation, ...expected }] : [];
    });
    expect(checked.length).toBeGreaterThanOrEqual(60);
    // Content routes work on objects of their own and run together; organization routes read
    // lists every other route adds to (members, teams, spaces), so they run one at a time, after,
    // and so do the lists of everyone who can access a content (every member of the organization).
    const inOrganization = ({ operation }: (typeof checked)[number]) => operation.path.startsWith("/v1/orgs/") || operation.path.endsWith("/permissions/aggregate");
    const results = await Promise.all(checked.filter((entry) => !inOrganization(entry)).map(check));
    for (const entry of checked.filter(inOrganization)) results.push(await check(entry));
    const wrong = results
      .filter((result) => JSON.stringify(result.refused) !== JSON.stringify(result.expectedRefusals) || !result.unchanged || result.passesCheck !== true)
      .map((result) => `${result.operation}: refused ${JSON.stringify(result.refused)}, expected ${JSON.stringify(result.expectedRefusals)}; unchanged ${result.unchanged}; declared role got ${result.passesCheck}`);
    expect(wrong).toEqual([]);
  }, 120_000);
});

type Check = { operation: Operation; lowest: Rung; refusal: (rung: Rung) => number };

/** Routes about an object the matrix's space never has: their 404 is that absence (test/routes/git checks who gets it). */
const ABSENT_FOR_EVERYONE = new Set(["getSpaceGitInfo"]);

async function check({ operation, lowest, refusal }: Check) {
  const outcome = await climb(operation, lowest);
  if (ABSENT_FOR_EVERYONE.has(operation.operationId) && outcome.allowed === 404) outcome.allowed = 200;
  return {
    operation: operation.operationId,
    refused: outcome.refused,
    expectedRefusals: outcome.refused.map(([rung]) => [rung, refusal(rung)]),
    unchanged: outcome.unchanged,
    /** true when the declared role got past the permission check, else the status it got. */
    passesCheck: ![401, 403, 404].includes(outcome.allowed) && outcome.allowed < 500 ? true : outcome.allowed,
  };
}

/** POST routes that take no body (or an optional, empty one). */
const OPERATIONS_WITHOUT_BODY = [
  "duplicateSpace",
  "joinOrganization",
  "joinOrganizationWithInvite",
  "mergeChangeRequest",
  "publishSite",
  "regenerateSitePublishingAuthById",
  "restoreSpace",
  "runTranslation",
  "setUserAsSSOMemberForOrganization",
  "unpublishSite",
  "updateChangeRequest",
  "updateOrganizationMemberLastSeenAt",
];
