import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain } from "../../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { publishedSite, resolved, resolveUrl, spaceWithPages } from "../../helpers/published";
import { addSection, addSiteSpace, BOOLEAN_SCHEMA, insertShareLink, ok } from "../../helpers/site-structure";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { sitePath } from "../../helpers/sites";

/**
 * Who a published URL resolves for: sections and variants, adaptive content (signed and unsigned
 * claims on sections, site spaces and pages), share links, visitor authentication, members, and
 * pages that moved.
 */

let owner: TestUser;
let reader: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await createUser("owner");
  reader = await createUser("reader");
  orgId = (await createOrganization(owner)).id;
  await addMember(owner, orgId, reader, "read");
});

const authPath = (siteId: string) => `${sitePath(orgId, siteId)}/publishing/auth`;
async function siteKey(siteId: string): Promise<string> {
  const auth = await call("GET", authPath(siteId), { token: owner.token });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  expectSpecResponse("getSitePublishingAuthById", 200, auth.body);
  return auth.body.privateKey;
}
const signVisitor = (key: string, claims: Record<string, unknown>, expiresIn = "1h") =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(key));

describe("sections, variants and adaptive content", () => {
  let root: string;
  let ids: { guide: string; api: string; apiV2: string; siteId: string; apiSection: string };

  beforeAll(async () => {
    const guide = await spaceWithPages(owner, orgId, "Guide", [
      { ref: "start", title: "Start" },
      { ref: "beta", title: "Beta features", condition: "visitor.claims.unsigned.prefersDark" },
    ]);
    const api = await spaceWithPages(owner, orgId, "API", [{ ref: "auth", title: "Auth" }]);
    const apiV2 = await spaceWithPages(owner, orgId, "API v2", [{ ref: "tokens", title: "Tokens" }]);
    const made = await publishedSite(owner, orgId, [guide.space.id], { basename: "adaptive" });
    root = made.root;
    const ctx = { orgId, siteId: made.site.id };
    ok(await call("PUT", `${sitePath(orgId, made.site.id)}/adaptive-schema`, { token: owner.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, null);
    const section = await addSection(owner, ctx, { spaceId: api.space.id, title: "API" });
    await addSiteSpace(owner, ctx, { spaceId: apiV2.space.id, sectionId: section.id });
    ids = { guide: guide.space.id, api: api.space.id, apiV2: apiV2.space.id, siteId: made.site.id, apiSection: section.id };
  });

  it("resolve the default section and site space at the root, a section by its path, and a variant by its path", async () => {
    expect(await resolved(root)).toMatchObject({ space: ids.guide, siteSection: expect.any(String), complete: false, basePath: `/sites/${orgId}/adaptive/` });
    expect(await resolved(`${root}api`)).toMatchObject({ space: ids.api, siteSection: ids.apiSection, complete: false, basePath: `/sites/${orgId}/adaptive/api/` });
    expect(await resolved(`${root}api/api-v2/tokens`)).toMatchObject({
      space: ids.apiV2,
      pathname: "tokens",
      complete: true,
      basePath: `/sites/${orgId}/adaptive/api/api-v2/`,
      siteBasePath: `/sites/${orgId}/adaptive/`,
      canonicalUrl: `${root}api/api-v2/tokens`,
    });
  });

  it("hide a section whose condition fails: its path is then a page path of the default section", async () => {
    ok(await call("PATCH", `${sitePath(orgId, ids.siteId)}/sections/${ids.apiSection}`, { token: owner.token, body: { condition: "visitor.claims.isBetaUser" } }), 200, null);
    expect(await resolved(`${root}api/auth`)).toMatchObject({ space: ids.guide, pathname: "api/auth" });
    // Unsigned claims are `visitor.claims.unsigned.*`: stating isBetaUser does not sign it.
    expect(await resolved(`${root}api/auth`, { visitor: { unsignedClaims: { isBetaUser: true } } })).toMatchObject({ space: ids.guide });
    const key = await siteKey(ids.siteId);
    const signed = await resolved(`${root}api/auth`, { visitor: { jwtToken: await signVisitor(key, { isBetaUser: true }) } });
    expect(signed).toMatchObject({ space: ids.api, pathname: "auth" });
    // A token signed with another key, or expired, counts for nothing (the site is public: it still resolves).
    expect(await resolved(`${root}api/auth`, { visitor: { jwtToken: await signVisitor("another-key", { isBetaUser: true }) } })).toMatchObject({ space: ids.guide });
    expect(await resolved(`${root}api/auth`, { visitor: { jwtToken: await signVisitor(key, { isBetaUser: true }, "-1m") } })).toMatchObject({ space: ids.guide });
  });

  it("keep a page hidden by its condition out of what the visitor's token reads, and let the claim show it", async () => {
    const plain = await resolved(`${root}beta-features`);
    expect(plain.pathname).toBe("beta-features");
    const pages = await call("GET", `/v1/spaces/${ids.guide}/content`, { token: plain.apiToken });
    expect(pages.status, JSON.stringify(pages.body)).toBe(200);
    expect(pages.body.pages.map((page: any) => page.slug)).toEqual(["start"]);
    const shown = await resolved(`${root}beta-features`, { visitor: { unsignedClaims: { prefersDark: true } } });
    const revision = await call("GET", `/v1/spaces/${ids.guide}/content`, { token: shown.apiToken });
    expect(revision.body.pages.map((page: any) => page.slug)).toEqual(["start", "beta-features"]);
    // A site token never sees conditions, only what they chose.
    expect(revision.body.pages.some((page: any) => "condition" in page)).toBe(false);
    const member = await call("GET", `/v1/spaces/${ids.guide}/content`, { token: owner.token });
    expect(member.body.pages.find((page: any) => page.slug === "beta-features").condition).toBe("visitor.claims.unsigned.prefersDark");
  });
});

describe("a share-link site", () => {
  let root: string;
  let siteId: string;
  // Keys are unique in the deployment (storage is shared by the test files of a worker).
  const unique = Math.random().toString(36).slice(2, 10);
  const [partnerKey, revokedKey, shortLivedKey] = [`partner-${unique}`, `revoked-${unique}`, `short-lived-${unique}`];

  beforeAll(async () => {
    const docs = await spaceWithPages(owner, orgId, "Partner docs", [{ ref: "setup", title: "Setup" }]);
    ({ root, site: { id: siteId } } = await publishedSite(owner, orgId, [docs.space.id], { basename: "partners", visibility: "share-link" }));
    await insertShareLink(siteId, owner, partnerKey);
    await insertShareLink(siteId, owner, revokedKey, false);
  });

  it("is a 404 without a key, or with a revoked one", async () => {
    errorMessage(await resolveUrl(`${root}setup`), 404);
    errorMessage(await resolveUrl(`${root}setup?share=${revokedKey}`), 404);
    errorMessage(await resolveUrl(`${root}${revokedKey}/setup`), 404);
  });

  it("resolves with the key as the share parameter, or as the first segment (which survives a dropped query)", async () => {
    expect(await resolved(`${root}setup?share=${partnerKey}`)).toMatchObject({ pathname: "setup", shareKey: partnerKey, basePath: `/sites/${orgId}/partners/` });
    const inPath = await resolved(`${root}${partnerKey}/setup`);
    expect(inPath).toMatchObject({
      pathname: "setup",
      shareKey: partnerKey,
      basePath: `/sites/${orgId}/partners/${partnerKey}/`,
      siteBasePath: `/sites/${orgId}/partners/${partnerKey}/`,
      canonicalUrl: `${root}setup`,
    });
  });

  it("resolves for a member of the organization without a key, by their API token", async () => {
    expect(await resolved(`${root}setup`, { token: reader.token })).toMatchObject({ pathname: "setup" });
    const outsider = await createUser("outsider");
    errorMessage(await resolveUrl(`${root}setup`, { token: outsider.token }), 404);
  });

  it("stops the token working once its link is deactivated", async () => {
    await insertShareLink(siteId, owner, shortLivedKey);
    const { apiToken, space } = await resolved(`${root}${shortLivedKey}/setup`);
    expect((await call("GET", `/v1/spaces/${space}`, { token: apiToken })).status).toBe(200);
    const links = await call("GET", `${sitePath(orgId, siteId)}/share-links?limit=100`, { token: owner.token });
    for (const link of links.body.items) {
      await call("PATCH", `${sitePath(orgId, siteId)}/share-links/${link.id}`, { token: owner.token, body: { active: false } });
    }
    errorMessage(await call("GET", `/v1/spaces/${space}`, { token: apiToken }), 401);
  });
});

describe("a visitor-authenticated site", () => {
  let root: string;
  let siteId: string;

  beforeAll(async () => {
    const docs = await spaceWithPages(owner, orgId, "Customer docs", [{ ref: "billing", title: "Billing" }]);
    ({ root, site: { id: siteId } } = await publishedSite(owner, orgId, [docs.space.id], { basename: "customers", visibility: "visitor-auth" }));
  });

  it("is a 404 without a visitor token while it has no fallback URL, then a redirect to it", async () => {
    errorMessage(await resolveUrl(`${root}billing`), 404);
    ok(await call("PATCH", authPath(siteId), { token: owner.token, body: { backend: "custom", fallbackURL: "https://auth.example.com/login" } }), 200, "updateSitePublishingAuthById");
    const response = await resolveUrl(`${root}billing`, { visitor: { jwtToken: await signVisitor("not-the-site-key", {}) } });
    expect(response.status).toBe(200);
    expectSpecResponse("resolvePublishedContentByUrl", 200, response.body);
    expectSpec0146Response("resolvePublishedContentByUrl", 200, response.body);
    expect(response.body).toEqual({ target: "external", site: siteId, redirect: "https://auth.example.com/login?location=billing" });
  });

  it("resolves with a token signed with the site's key, whose claims ride in the site token", async () => {
    const key = await siteKey(siteId);
    const answer = await resolved(`${root}billing`, { visitor: { jwtToken: await signVisitor(key, { plan: "pro" }) } });
    expect(answer.pathname).toBe("billing");
    expect((await call("GET", `/v1/spaces/${answer.space}`, { token: answer.apiToken })).status).toBe(200);
  });

  it("refuses every site token minted under the old key once the key is regenerated (401)", async () => {
    const answer = await resolved(`${root}billing`, { visitor: { jwtToken: await signVisitor(await siteKey(siteId), {}) } });
    const regenerated = ok(await call("POST", `${authPath(siteId)}/regenerate`, { token: owner.token }), 200, "regenerateSitePublishingAuthById");
    expect(errorMessage(await call("GET", `/v1/spaces/${answer.space}`, { token: answer.apiToken }), 401)).toMatch(/key/);
    expect(await resolved(`${root}billing`, { visitor: { jwtToken: await signVisitor(regenerated.privateKey, {}) } })).toMatchObject({ pathname: "billing" });
  });
});

describe("a page that moved", () => {
  it("resolves its former path to a redirect to where it is now", async () => {
    const docs = await spaceWithPages(owner, orgId, "Moving docs", [
      { ref: "old", title: "Old name" },
      { ref: "child", title: "Child", into: "old" },
    ]);
    const { root } = await publishedSite(owner, orgId, [docs.space.id], { basename: "moving" });
    await commitToMain(owner, docs.space.id, [{ operation: "update_page", page: docs.pageIds.old, title: "New name", slug: "new-name" }]);
    for (const [from, to] of [
      ["old-name", "new-name"],
      ["old-name/child", "new-name/child"],
    ]) {
      const response = await resolveUrl(`${root}${from}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expectSpecResponse("resolvePublishedContentByUrl", 200, response.body);
      expect(response.body).toEqual({ target: "content", redirect: `${root}${to}` });
    }
    expect(await resolved(`${root}new-name/child`)).toMatchObject({ pathname: "new-name/child" });
  });
});
