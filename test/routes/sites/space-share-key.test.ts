import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { expectClientError } from "../../helpers/suites/change-requests";
import { createSite, publishSite, sitePath, updateSite } from "../../helpers/sites";

/** `GET /v1/spaces/{spaceId}?shareKey=`: the space's `urls.published` in the share link's site, carrying the key. */

async function createLink(user: { token: string }, orgId: string, siteId: string) {
  const response = await call("POST", `${sitePath(orgId, siteId)}/share-links`, { token: user.token, body: { name: "Partners" } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; key: string };
}

const readSpace = (user: { token: string }, spaceId: string, shareKey?: string) =>
  call("GET", `/v1/spaces/${spaceId}${shareKey === undefined ? "" : `?shareKey=${encodeURIComponent(shareKey)}`}`, { token: user.token });

describe("getSpaceById with a shareKey", () => {
  it("resolves the space's published URL in the link's site (default and other site spaces), through HTTP and the official client", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const first = await createSpace(f.admin, orgId, { title: "Guide" });
    const second = await createSpace(f.admin, orgId, { title: "API reference" });
    const site = await createSite(f.admin, orgId, { visibility: "share-link", spaces: [first.id, second.id] });
    await updateSite(f.admin, orgId, site.id, { basename: "partners" });
    await publishSite(f.admin, orgId, site.id);
    const link = await createLink(f.admin, orgId, site.id);
    const base = `https://docs.test/sites/${orgId}/partners/`;

    const plain = await readSpace(f.read, first.id);
    expect(plain.status).toBe(200);
    expect(plain.body.urls.published).toBeUndefined();

    const withKey = await readSpace(f.read, first.id, link.key);
    expect(withKey.status, JSON.stringify(withKey.body)).toBe(200);
    expectSpecResponse("getSpaceById", 200, withKey.body);
    expect(withKey.body).toEqual({ ...plain.body, urls: { ...plain.body.urls, published: `${base}${link.key}/` } });

    const viaClient = await gitbookClient(f.read).spaces.getSpaceById(second.id, { shareKey: link.key });
    expectSpecResponse("getSpaceById", 200, viaClient.data);
    expect(viaClient.data.urls.published).toBe(`${base}${link.key}/api-reference/`);
  });

  it("gives no published URL for a space the site does not publish, or while the site is unpublished", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const published = await createSpace(f.admin, orgId);
    const elsewhere = await createSpace(f.admin, orgId);
    const site = await createSite(f.admin, orgId, { visibility: "share-link", spaces: [published.id] });
    const link = await createLink(f.admin, orgId, site.id);

    const unpublished = await readSpace(f.admin, published.id, link.key);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.urls.published).toBeUndefined();

    await publishSite(f.admin, orgId, site.id);
    const notInSite = await readSpace(f.admin, elsewhere.id, link.key);
    expect(notInSite.status).toBe(200);
    expectSpecResponse("getSpaceById", 200, notInSite.body);
    expect(notInSite.body.urls.published).toBeUndefined();
  });

  it("is a 404 for an unknown or revoked key, a key of another organization's site, and for callers who may not see the space; 401 without a token", async () => {
    const f = await organizationWithEveryRole();
    const orgId = f.organization.id;
    const space = await createSpace(f.admin, orgId);
    const site = await createSite(f.admin, orgId, { visibility: "share-link", spaces: [space.id] });
    await publishSite(f.admin, orgId, site.id);
    const link = await createLink(f.admin, orgId, site.id);

    expect(errorMessage(await readSpace(f.read, space.id, "not-a-key"), 404)).toBe("Share key not found");
    await expectClientError(gitbookClient(f.read).spaces.getSpaceById(space.id, { shareKey: "not-a-key" }), 404);

    // A key of another organization's site opens nothing here.
    const otherSpace = await createSpace(f.outsider, f.outsiderOrganization.id);
    const otherSite = await createSite(f.outsider, f.outsiderOrganization.id, { visibility: "share-link", spaces: [otherSpace.id] });
    const otherLink = await createLink(f.outsider, f.outsiderOrganization.id, otherSite.id);
    expect(errorMessage(await readSpace(f.read, space.id, otherLink.key), 404)).toBe("Share key not found");

    // The key never opens the space to someone who may not see it.
    expect(errorMessage(await readSpace(f.guest, space.id, link.key), 404)).toMatch(space.id);
    expect(errorMessage(await readSpace(f.outsider, space.id, link.key), 404)).toMatch(space.id);
    expect((await call("GET", `/v1/spaces/${space.id}?shareKey=${link.key}`, {})).status).toBe(401);

    const revoked = await call("PATCH", `${sitePath(orgId, site.id)}/share-links/${link.id}`, { token: f.admin.token, body: { active: false } });
    expect(revoked.status).toBe(200);
    expect(errorMessage(await readSpace(f.read, space.id, link.key), 404)).toBe("Share key not found");

    // Too long a key: a 400 naming the field.
    expect(errorMessage(await readSpace(f.read, space.id, "k".repeat(1025)), 400)).toMatch(/shareKey/);
  });
});
