import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { listOperations, seedListFixtures, type ListOperation } from "../helpers/list-operations";
import { serverTiming } from "../helpers/server-timing";

/**
 * Every list of the API (an operation of the served OpenAPI document answering `{items, next}`)
 * authenticates, authorizes and reads its page, its count and what its items refer to in one D1
 * round trip (docs/architecture.md, "Lists: keyset pagination"); a content list read from D1 rather
 * than the revision cache takes two (access, then the revision), as every content read does. A
 * list that is declared is covered here the moment it is: its path parameters are filled from the
 * fixtures below, by name.
 */

const UNKNOWN_TOKEN = "gb_api_this-token-was-never-issued-to-anyone-at-all";

/** Lists that are not one batch of D1 reads, and why (asserted to be exactly these). */
const NOT_ONE_BATCH: Record<string, string> = {
  searchSpaceContent: "search ranks in its own statements (docs/performance.md, \"Search\"); its budget is a page read's",
  searchOrganizationContent: "search ranks in its own statements, after the organization's spaces are known",
  listSpaceTemplates: "the catalogue is code: no D1 at all",
};

describe("every list in one round trip", () => {
  let fixtures: Awaited<ReturnType<typeof seedListFixtures>>;
  let admin: TestUser;
  let reader: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fixtures = await seedListFixtures("list-trips");
    ({ admin, reader } = fixtures);
    Object.assign(ids, fixtures.ids);
  });

  const concrete = (operation: ListOperation) => fixtures.concrete(operation);
  const tokenFor = (operation: ListOperation) => fixtures.tokenFor(operation);
  const isContent = ({ path }: ListOperation) => /\/(content|revisions\/\{revisionId\})\/|\/links$/.test(path);

  it("lists the operations it knows about: every list but the named exceptions", async () => {
    const operations = await listOperations();
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => operation.operationId).filter((id) => id in NOT_ONE_BATCH).sort()).toEqual(Object.keys(NOT_ONE_BATCH).sort());
  });

  it("answers each in one round trip (content lists: one cached, two read from D1)", async () => {
    for (const operation of (await listOperations()).filter((candidate) => !(candidate.operationId in NOT_ONE_BATCH))) {
      const path = `${concrete(operation)}?limit=100`;
      const token = tokenFor(operation);
      const first = await call("GET", path, { token, headers: { "Cache-Control": "no-cache" } });
      expect(first.status, `${operation.operationId}: ${JSON.stringify(first.body)}`).toBe(200);
      expect(serverTiming(first).d1.roundTrips, operation.operationId).toBe(isContent(operation) ? 2 : 1);
      if (isContent(operation)) expect(serverTiming(await call("GET", path, { token })).d1.roundTrips, operation.operationId).toBe(1);
    }
  });

  it("is a 401 for an unknown or missing token before anything else, in that one round trip", async () => {
    for (const operation of await listOperations()) {
      if (operation.path.startsWith("/admin/")) continue;
      const path = concrete(operation);
      const refused = await call("GET", path, { token: UNKNOWN_TOKEN });
      expect(errorMessage(refused, 401), operation.operationId).toBe("Invalid API token");
      if (!(operation.operationId in NOT_ONE_BATCH)) expect(serverTiming(refused).d1.roundTrips, operation.operationId).toBe(1);
      expect(errorMessage(await call("GET", path), 401), operation.operationId).toMatch(/Missing API token/);
      // A malformed page cursor is refused only once the caller is known.
      expect(errorMessage(await call("GET", `${path}?limit=-1`, { token: UNKNOWN_TOKEN }), 401), operation.operationId).toBe("Invalid API token");
    }
  });

  it("is a 403 for a role that may not list, after that one round trip", async () => {
    // Another member's spaces are theirs and the admins' to list.
    for (const list of ["link-invites", "saml", `members/${admin.id}/spaces`]) {
      const refused = await call("GET", `/v1/orgs/${ids.organizationId}/${list}`, { token: reader.token });
      expect(errorMessage(refused, 403), list).toMatch(/admin/);
      expect(serverTiming(refused).d1.roundTrips, list).toBe(1);
    }
  });

  it("is a 404 for an outsider, with nothing of the page read shown", async () => {
    const outsider = await createUser("list-trips-outsider");
    await createOrganization(outsider);
    for (const operation of await listOperations()) {
      if (operation.path.startsWith("/admin/") || operation.operationId in NOT_ONE_BATCH || !operation.path.includes("{")) continue;
      expect((await call("GET", concrete(operation), { token: outsider.token })).status, operation.operationId).toBe(404);
    }
  });
});
