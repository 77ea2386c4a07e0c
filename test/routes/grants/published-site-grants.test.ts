import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { grantTo, grantToTeam, revoke, teamWith, type Target } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { publishedSite, resolved, resolveUrl, spaceWithPages } from "../../helpers/published";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * A role given on a site counts where a member's API token resolves its published URLs
 * (`resolvePublishedContentByUrl`), as it does on the site's routes: a guest given the site
 * resolves a share-link or visitor-auth site without a key, and reads with the site token it gets
 * until the grant is taken back; a guest given nothing, or another site, is refused as before.
 */

let owner: TestUser;
let guest: TestUser;
let teamGuest: TestUser;
let orgId: string;
let partners: { root: string; target: Target; spaceId: string };
let internal: { root: string; target: Target };

beforeAll(async () => {
  owner = await createUser("published-grants-owner");
  [guest, teamGuest] = await Promise.all([createUser("published-grants-guest"), createUser("published-grants-team-guest")]);
  orgId = (await createOrganization(owner)).id;
  await addMember(owner, orgId, guest, null);
  await addMember(owner, orgId, teamGuest, null);
  const docs = await spaceWithPages(owner, orgId, "Partner docs", [{ ref: "setup", title: "Setup" }]);
  const made = await publishedSite(owner, orgId, [docs.space.id], { basename: "partners", visibility: "share-link" });
  partners = { root: made.root, target: { kind: "site", id: made.site.id, organizationId: orgId }, spaceId: docs.space.id };
  const handbook = await spaceWithPages(owner, orgId, "Handbook", [{ ref: "welcome", title: "Welcome" }]);
  const other = await publishedSite(owner, orgId, [handbook.space.id], { basename: "internal", visibility: "visitor-auth" });
  internal = { root: other.root, target: { kind: "site", id: other.site.id, organizationId: orgId } };
}, 60_000);

describe("a site grant and published URLs", () => {
  it("lets a guest given the site resolve its URLs without a key, through GitBook's client, and read with the site token", async () => {
    errorMessage(await resolveUrl(`${partners.root}setup`, { token: guest.token }), 404);
    await grantTo(owner, partners.target, guest, "read");

    const { data } = await gitbookClient(guest).urls.resolvePublishedContentByUrl({ url: `${partners.root}setup` });
    expectSpecResponse("resolvePublishedContentByUrl", 200, data);
    expect(data).toMatchObject({ site: partners.target.id, space: partners.spaceId, pathname: "setup" });
    const { apiToken } = await resolved(`${partners.root}setup`, { token: guest.token });
    const space = await call("GET", `/v1/spaces/${partners.spaceId}`, { token: apiToken });
    expect(space.status, JSON.stringify(space.body)).toBe(200);
    // The guest's own token still sees nothing of the space: the site grant reaches its published content only.
    errorMessage(await call("GET", `/v1/spaces/${partners.spaceId}`, { token: guest.token }), 404);

    // Taken back: the site token stops working on its next read, and the URL no longer resolves.
    await revoke(owner, partners.target, "user", guest.id);
    errorMessage(await call("GET", `/v1/spaces/${partners.spaceId}`, { token: apiToken }), 401);
    errorMessage(await resolveUrl(`${partners.root}setup`, { token: guest.token }), 404);
  });

  it("counts a grant to a team of the guest's", async () => {
    const team = await teamWith(owner, orgId, [teamGuest]);
    errorMessage(await resolveUrl(`${partners.root}setup`, { token: teamGuest.token }), 404);
    await grantToTeam(owner, partners.target, team, "read");
    expect(await resolved(`${partners.root}setup`, { token: teamGuest.token })).toMatchObject({ site: partners.target.id, pathname: "setup" });
    await revoke(owner, partners.target, "team", team);
  });

  it("opens only the site granted: a visitor-auth site given to nobody sends the guest to its fallback, or is a 404", async () => {
    await grantTo(owner, partners.target, guest, "read");
    errorMessage(await resolveUrl(`${internal.root}welcome`, { token: guest.token }), 404);
    await grantTo(owner, internal.target, guest, "read");
    expect(await resolved(`${internal.root}welcome`, { token: guest.token })).toMatchObject({ site: internal.target.id, pathname: "welcome" });
    // Without their token the guest is any visitor: no key, no signed visitor token.
    errorMessage(await resolveUrl(`${internal.root}welcome`), 404);
  });

  it("is a 404 for a user of another organization, by their API token", async () => {
    const outsider = await createUser("published-grants-outsider");
    await createOrganization(outsider);
    errorMessage(await resolveUrl(`${partners.root}setup`, { token: outsider.token }), 404);
  });
});
