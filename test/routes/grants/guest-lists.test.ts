import { ChangeRequestStatus } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace } from "../../helpers/content";
import { addMember, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { grantTo, revoke, teamWith, grantToTeam } from "../../helpers/grants";
import { call } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { f, orgId, searchOrganization, uniqueWord, useSuiteFixture } from "../../helpers/suites/search";

/**
 * What a guest sees of their organization is what is granted to them: its space, collection and
 * change-request lists and its search show that and nothing else, and stop showing it on the
 * request after the grant is taken back. A member's lists are the whole organization's either way.
 */

useSuiteFixture();

describe("a guest's lists", () => {
  const word = uniqueWord("gazelle");
  let guest: TestUser;
  let shelf: string;
  const spaces: Record<"granted" | "onShelf" | "hidden", string> = { granted: "", onShelf: "", hidden: "" };
  const changeRequests: Record<keyof typeof spaces, string> = { granted: "", onShelf: "", hidden: "" };

  beforeAll(async () => {
    guest = await createUser("list-guest");
    await addMember(f.admin, orgId, guest, null);
    shelf = (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: { title: "Shelf" } })).body.id;
    for (const key of ["granted", "onShelf", "hidden"] as const) {
      spaces[key] = (await createSpace(f.admin, orgId, key === "onShelf" ? { parent: shelf } : {})).id;
      await commitToMain(f.admin, spaces[key], [{ operation: "insert_page", title: `${key} ${word}`, document: { markdown: `The ${word} of ${key}.\n` } }]);
      changeRequests[key] = (await createChangeRequest(f.admin, spaces[key])).id;
    }
    await grantTo(f.admin, { kind: "space", id: spaces.granted }, guest, "read");
    await grantTo(f.admin, { kind: "collection", id: shelf }, guest, "read");
  }, 60_000);

  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();
  const expected = (...keys: Array<keyof typeof spaces>) => keys.map((key) => spaces[key]).sort();

  it("show the spaces and collections granted, and the spaces inside those collections", async () => {
    const listed = await walkList(`/v1/orgs/${orgId}/spaces`, { limit: 1 }, { token: guest.token, operationId: "listSpacesInOrganizationById", expectedCount: 2 });
    expect(ids(listed)).toEqual(expected("granted", "onShelf"));
    const collections = await walkList(`/v1/orgs/${orgId}/collections`, {}, { token: guest.token, operationId: "listCollectionsInOrganizationById", expectedCount: 1 });
    expect(ids(collections)).toEqual([shelf]);
  });

  it("show the change requests of those spaces only", async () => {
    const { data } = await gitbookClient(guest).orgs.listChangeRequestsForOrganization(orgId, { status: [ChangeRequestStatus.Draft] });
    const own = data.items.filter((item) => Object.values(changeRequests).includes(item.id));
    expect(own.map((item) => item.id).sort()).toEqual([changeRequests.granted, changeRequests.onShelf].sort());
    expect(data.items.every((item) => [spaces.granted, spaces.onShelf].includes(item.space))).toBe(true);
  });

  it("search those spaces only", async () => {
    const result = await searchOrganization(guest, orgId, word);
    expect(ids(result.items)).toEqual(expected("granted", "onShelf"));
    expect(JSON.stringify(result)).not.toContain("hidden");
    // A member searches the whole organization (the control).
    expect(ids((await searchOrganization(f.read, orgId, word)).items)).toEqual(expected("granted", "onShelf", "hidden"));
  });

  it("show a guest in a granted team the same, and drop what is taken back on the next request", async () => {
    const teamGuest = await createUser("team-guest");
    await addMember(f.admin, orgId, teamGuest, null);
    const team = await teamWith(f.admin, orgId, [teamGuest]);
    await grantToTeam(f.admin, { kind: "space", id: spaces.hidden }, team, "read");
    expect(ids((await searchOrganization(teamGuest, orgId, word)).items)).toEqual(expected("hidden"));
    await revoke(f.admin, { kind: "space", id: spaces.hidden }, "team", team);
    expect((await searchOrganization(teamGuest, orgId, word)).items).toEqual([]);
    const listed = await call("GET", `/v1/orgs/${orgId}/spaces`, { token: teamGuest.token });
    expect(listed.body).toEqual({ items: [], count: 0 });
    const crs = await call("GET", `/v1/orgs/${orgId}/change-requests?status=draft`, { token: teamGuest.token });
    expect(crs.body).toEqual({ items: [], count: 0 });
  });
});
