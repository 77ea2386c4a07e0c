import { describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { concretePath, operationUrl, pathIds, type Operation } from "./operations";
import { expectation } from "./permission-table";
import { bodyFor, grantOnPath, idsFor, snapshot, useMatrix, type Rung, type World } from "./world";
import type { Role } from "../../../src/lib/roles";

/**
 * The role table walked again with grants (docs/permissions.md, "Grants"), for every route of the
 * document: a guest given the role a route needs on its object (its space, collection or site)
 * gets through, a guest given one role less is refused with nothing changed, a `read` member of a
 * team given it gets through, and a guest whose grant was taken back is refused as any guest is
 * (404 where content is hidden, 403 elsewhere). On routes of the organization itself, which no
 * grant opens, each is what their organization role makes them.
 */

const matrix = useMatrix();

type Caller = "guest" | "guestBelow" | "teamMember" | "revoked";


/** What each caller gets on a route: true when past the permission check, else the status. */
type Outcome = Record<Caller, true | number>;

/**
 * Routes where a grant on the object is not all that counts, and what each caller gets there:
 * duplicating a top-level space places the copy at the top level, which takes the organization's
 * `createContent`, not a role on the space.
 */
const PLACED_BY_THE_ORGANIZATION = new Set(["duplicateSpace"]);

/** Routes about an object the matrix's space never has: their 404 is that absence (as in roles.test.ts). */
const ABSENT_FOR_EVERYONE = new Set(["getSpaceGitInfo"]);

const passed = (status: number): true | number => (![401, 403, 404].includes(status) && status < 500 ? true : status);

/** For a caller who should get through: a route's 404 for what the matrix's space never has counts as through. */
const through = (operation: Operation, outcome: true | number): true | number => (ABSENT_FOR_EVERYONE.has(operation.operationId) && outcome === 404 ? true : outcome);

/** Where the operation's object takes grants (its permissions path), or null for routes of the organization. */
function grantsPathOf(operation: Operation, ids: Record<string, string>): string | null {
  const names = pathIds(operation.path);
  if (names.includes("spaceId")) return `/v1/spaces/${ids.spaceId}/permissions`;
  if (names.includes("collectionId")) return `/v1/collections/${ids.collectionId}/permissions`;
  if (names.includes("siteId")) return concretePath("/v1/orgs/{organizationId}/sites/{siteId}/permissions", ids);
  return null;
}

/** What the walk expects of one route. */
function expected(operation: Operation, lowest: Rung, granted: boolean): Outcome {
  const hidden = operation.permission !== undefined && "content" in operation.permission ? 404 : 403;
  if (!granted) {
    // No grant opens it: a guest is a guest, the team member what `read` makes them.
    const guest = lowest === "guest" ? true : 403;
    return { guest, guestBelow: guest, teamMember: ["guest", "read"].includes(lowest) ? true : 403, revoked: guest };
  }
  if (PLACED_BY_THE_ORGANIZATION.has(operation.operationId)) return { guest: 403, guestBelow: 403, teamMember: 403, revoked: hidden };
  // Given `read` (the least role), "one less" is nothing at all: the guest sees nothing of the object.
  return { guest: true, guestBelow: lowest === "read" ? hidden : 403, teamMember: true, revoked: hidden };
}

async function walk(world: World, operation: Operation, lowest: Rung): Promise<{ outcome: Outcome; expected: Outcome; unchanged: boolean }> {
  const { grantees } = world;
  const send = async (token: string, ids: Record<string, string>) =>
    passed((await call(operation.method.toUpperCase(), operationUrl(operation, ids), { token, body: await bodyFor(world, operation) })).status);
  const fresh = async () => {
    const ids = await idsFor(world, operation);
    const grants = grantsPathOf(operation, ids);
    const shared = ids.spaceId !== undefined && (ids.spaceId === world.shared.spaceId || ids.spaceId === (await world.reusableContent)?.spaceId);
    if (grants !== null && !shared) {
      // A deleted space's grants change once it is restored: the space to restore is given them first.
      const deleted = operation.operationId === "restoreSpace";
      if (deleted) await call("POST", `/v1/spaces/${ids.spaceId}/restore`, { token: world.owner.token });
      await grantOnPath(world.owner, grants, grantees, (lowest === "guest" ? "read" : lowest) as Role);
      if (deleted) await call("DELETE", `/v1/spaces/${ids.spaceId}`, { token: world.owner.token });
    }
    return { ids, grants };
  };

  // The refusals first, on one object: nothing they try may change it.
  const { ids, grants } = await fresh();
  const granted = grants !== null;
  const before = await snapshot(world, operation, ids, matrix.readable);
  const revoked = await send(grantees.revoked.token, ids);
  // Reads of shared content were given `read` once: one role less is none, what `below` has there.
  const guestBelow = await send(grantees.below.token, ids);
  const unchanged = JSON.stringify(await snapshot(world, operation, ids, matrix.readable)) === JSON.stringify(before);

  // Then the callers who get through, each on an object of its own when the route changes it.
  const isRead = operation.method === "get";
  const guest = through(operation, await send(grantees.guest.token, ids));
  const teamMember = through(operation, await send(grantees.teamMember.token, isRead ? ids : (await fresh()).ids));
  return { outcome: { guest, guestBelow, teamMember, revoked }, expected: expected(operation, lowest, granted), unchanged };
}

describe("the role table, with grants", () => {
  it("lets a guest and a team through with the role given, refuses one role less and a grant taken back, changing nothing", async () => {
    const checked = matrix.operations.flatMap((operation) => {
      const declared = operation.permission && expectation(operation.permission);
      return declared ? [{ operation, lowest: declared.lowest }] : [];
    });
    expect(checked.length).toBeGreaterThanOrEqual(60);
    // As in roles.test.ts: content routes together, then one at a time those reading organization-wide lists.
    const sequential = ({ operation }: (typeof checked)[number]) => operation.path.startsWith("/v1/orgs/") || operation.path.endsWith("/permissions/aggregate");
    const run = async ({ operation, lowest }: (typeof checked)[number]) => ({ operation: operation.operationId, ...(await walk(matrix.world, operation, lowest)) });
    const results = await Promise.all(checked.filter((entry) => !sequential(entry)).map(run));
    for (const entry of checked.filter(sequential)) results.push(await run(entry));
    const wrong = results
      .filter((result) => JSON.stringify(result.outcome) !== JSON.stringify(result.expected) || !result.unchanged)
      .map((result) => `${result.operation}: got ${JSON.stringify(result.outcome)}, expected ${JSON.stringify(result.expected)}; unchanged ${result.unchanged}`);
    expect(wrong).toEqual([]);
  }, 240_000);
});
