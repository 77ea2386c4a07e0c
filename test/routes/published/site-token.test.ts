import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { mintSiteToken } from "../../../src/domain/published/site-token";
import { commitToMain, createChangeRequest, createSpace } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { publishedSite, resolved, spaceWithPages } from "../../helpers/published";
import { expectSpecResponse } from "../../helpers/spec";
import { sitePath } from "../../helpers/sites";

/**
 * What a site token (a published URL's `apiToken`) reads, and everything it does not: writes,
 * unpublished spaces, other sites and organizations, change requests, past revisions; and that an
 * expired, forged or tampered token is a 401.
 */

let owner: TestUser;
let orgId: string;
let siteId: string;
let root: string;
let docs: Awaited<ReturnType<typeof spaceWithPages>>;
let token: string;
let mintedRevision: string;

beforeAll(async () => {
  owner = await createUser("owner");
  orgId = (await createOrganization(owner)).id;
  docs = await spaceWithPages(owner, orgId, "Docs", [
    { ref: "intro", title: "Intro" },
    { ref: "deep", title: "Deep", into: "intro" },
  ]);
  ({ root, site: { id: siteId } } = await publishedSite(owner, orgId, [docs.space.id], { basename: "token-docs" }));
  ({ apiToken: token, revision: mintedRevision } = await resolved(`${root}intro`));
});

const read = (path: string, bearer = token) => call("GET", path, { token: bearer });

describe("a site token reads what its site publishes", () => {
  it("the published profile, the space, its revision, pages and a page (answers valid against GitBook's spec)", async () => {
    const profile = await read(`${sitePath(orgId, siteId)}/published`);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expectSpecResponse("getPublishedContentSite", 200, profile.body);
    expect(profile.body.site.permissions.edit).toBe(false);
    const space = await read(`/v1/spaces/${docs.space.id}`);
    expect(space.status).toBe(200);
    expectSpecResponse("getSpaceById", 200, space.body);
    expect(space.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    const revision = await read(`/v1/spaces/${docs.space.id}/revisions/${mintedRevision}`);
    expect(revision.status).toBe(200);
    expectSpecResponse("getRevisionById", 200, revision.body);
    const page = await read(`/v1/spaces/${docs.space.id}/content/page/${docs.pageIds.deep}`);
    expect(page.status).toBe(200);
    expect(page.body.path).toBe("intro/deep");
  });

  it("the revision it was minted with, after a merge moved the space on; not any other past revision", async () => {
    const first = (await call("GET", `/v1/spaces/${docs.space.id}`, { token: owner.token })).body.revision as string;
    await commitToMain(owner, docs.space.id, [{ operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } }]);
    expect((await read(`/v1/spaces/${docs.space.id}/revisions/${first}`)).status).toBe(200);
    const now = (await call("GET", `/v1/spaces/${docs.space.id}`, { token: owner.token })).body.revision as string;
    expect((await read(`/v1/spaces/${docs.space.id}/revisions/${now}`)).status).toBe(200);
    const history = await call("GET", `/v1/spaces/${docs.space.id}/revisions/${first}`, { token: owner.token });
    const older = history.body.parents[0] as string;
    errorMessage(await read(`/v1/spaces/${docs.space.id}/revisions/${older}`), 404);
  });
});

describe("a site token reads nothing else", () => {
  it("writes nothing (403): a space's settings, a change request, an edit", async () => {
    expect(errorMessage(await call("PATCH", `/v1/spaces/${docs.space.id}`, { token, body: { title: "Defaced" } }), 403)).toMatch(/site token/);
    errorMessage(await call("POST", `/v1/spaces/${docs.space.id}/change-requests`, { token, body: {} }), 403);
    errorMessage(await call("DELETE", `/v1/spaces/${docs.space.id}`, { token }), 403);
    expect((await call("GET", `/v1/spaces/${docs.space.id}`, { token: owner.token })).body.title).toBe("Docs");
  });

  it("lists and reads nothing beyond published content (403): organizations, members, links, the user", async () => {
    for (const path of ["/v1/orgs", `/v1/orgs/${orgId}/members`, `/v1/orgs/${orgId}`, `/v1/spaces/${docs.space.id}/links`, "/v1/user"]) {
      errorMessage(await read(path), 403);
    }
  });

  it("does not read a space the site does not publish, or its change requests (404)", async () => {
    const unpublished = await createSpace(owner, orgId, { title: "Internal" });
    errorMessage(await read(`/v1/spaces/${unpublished.id}`), 404);
    errorMessage(await read(`/v1/spaces/${unpublished.id}/content`), 404);
    const changeRequest = await createChangeRequest(owner, docs.space.id);
    errorMessage(await read(`/v1/spaces/${docs.space.id}/change-requests/${changeRequest.id}/content`), 404);
  });

  it("does not read another site of the organization, nor another organization's (404)", async () => {
    const other = await spaceWithPages(owner, orgId, "Other docs", [{ ref: "x", title: "X" }]);
    const { site: otherSite } = await publishedSite(owner, orgId, [other.space.id], { basename: "other-docs" });
    errorMessage(await read(`${sitePath(orgId, otherSite.id)}/published`), 404);
    errorMessage(await read(`/v1/spaces/${other.space.id}`), 404);
    const stranger = await createUser("stranger");
    const strangerOrg = (await createOrganization(stranger)).id;
    errorMessage(await read(`${sitePath(strangerOrg, siteId)}/published`), 404);
  });

  it("stops reading a space the site no longer publishes, and everything once the site is unpublished", async () => {
    const extra = await spaceWithPages(owner, orgId, "Extra", [{ ref: "e", title: "E" }]);
    const made = await publishedSite(owner, orgId, [docs.space.id, extra.space.id], { basename: "shrinking" });
    const { apiToken } = await resolved(`${made.root}extra/e`);
    expect((await read(`/v1/spaces/${extra.space.id}`, apiToken)).status).toBe(200);
    const structure = await call("GET", `${sitePath(orgId, made.site.id)}/site-spaces`, { token: owner.token });
    const extraSiteSpace = structure.body.items.find((item: any) => item.space.id === extra.space.id);
    expect((await call("DELETE", `${sitePath(orgId, made.site.id)}/site-spaces/${extraSiteSpace.id}`, { token: owner.token })).status).toBe(204);
    errorMessage(await read(`/v1/spaces/${extra.space.id}`, apiToken), 404);
    expect((await read(`/v1/spaces/${docs.space.id}`, apiToken)).status).toBe(200);
    await call("POST", `${sitePath(orgId, made.site.id)}/unpublish`, { token: owner.token });
    errorMessage(await read(`/v1/spaces/${docs.space.id}`, apiToken), 404);
  });
});

describe("a site token that is not one", () => {
  it("is a 401 when expired, forged with another key, or tampered with", async () => {
    const grant = {
      organizationId: orgId,
      siteId,
      siteSpaceId: "x",
      siteSectionId: null,
      spaceId: docs.space.id,
      spaceIds: [docs.space.id],
      claims: {},
      shareLinkId: null,
      authGeneration: null,
      memberId: null,
      sitePreview: false,
      preview: null,
      revisionId: mintedRevision,
      visitorType: "human" as const,
    };
    const expired = await mintSiteToken(env, grant, Date.now() - 60 * 60 * 1000);
    expect(errorMessage(await read(`/v1/spaces/${docs.space.id}`, expired.token), 401)).toMatch(/expired/);
    const forged = await mintSiteToken({ SIGNING_SECRET: "not-the-deployment-secret" }, grant);
    errorMessage(await read(`/v1/spaces/${docs.space.id}`, forged.token), 401);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const widened = btoa(JSON.stringify({ ...JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))), spaces: ["anything"] })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    errorMessage(await read(`/v1/spaces/${docs.space.id}`, `${header}.${widened}.${signature}`), 401);
  });
});
