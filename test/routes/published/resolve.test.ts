import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { publishedSite, resolved, resolveUrl, spaceWithPages } from "../../helpers/published";
import { createSite } from "../../helpers/sites";

/** POST /v1/urls/published on a public site of root site spaces: the forms of a URL and what they resolve to. */

let owner: TestUser;
let orgId: string;
let site: { id: string };
let root: string;
let guide: Awaited<ReturnType<typeof spaceWithPages>>;
let api: Awaited<ReturnType<typeof spaceWithPages>>;

beforeAll(async () => {
  owner = await createUser("owner");
  orgId = (await createOrganization(owner)).id;
  guide = await spaceWithPages(owner, orgId, "Guide", [
    { ref: "intro", title: "Introduction" },
    { ref: "install", title: "Install" },
    { ref: "linux", title: "Linux", into: "install" },
  ]);
  api = await spaceWithPages(owner, orgId, "API", [{ ref: "auth", title: "Authentication" }]);
  ({ site, root } = await publishedSite(owner, orgId, [guide.space.id, api.space.id], { basename: "docs" }));
});

describe("a public site's URLs, without a token", () => {
  it("resolve the root to the default site space, incomplete (a segment could still name a site space)", async () => {
    const answer = await resolved(root);
    expect(answer).toMatchObject({
      site: site.id,
      siteSpace: expect.any(String),
      space: guide.space.id,
      organization: orgId,
      pathname: "",
      basePath: `/sites/${orgId}/docs/`,
      siteBasePath: `/sites/${orgId}/docs/`,
      complete: false,
      canonicalUrl: root,
    });
    expect(answer.revision).toBe((await call("GET", `/v1/spaces/${guide.space.id}`, { token: owner.token })).body.revision);
    expect(answer.siteSection).toBeUndefined();
  });

  it("resolve a page path under the default site space (complete: the rest is a page's path)", async () => {
    const answer = await resolved(`${root}install/linux`);
    expect(answer).toMatchObject({ space: guide.space.id, pathname: "install/linux", basePath: `/sites/${orgId}/docs/`, complete: true, canonicalUrl: `${root}install/linux` });
  });

  it("resolve another site space by its path, and its pages", async () => {
    const atRoot = await resolved(`${root}api`);
    expect(atRoot).toMatchObject({ space: api.space.id, pathname: "", basePath: `/sites/${orgId}/docs/api/`, complete: true, canonicalUrl: `${root}api/` });
    const page = await resolved(`${root}api/authentication`);
    expect(page).toMatchObject({ space: api.space.id, pathname: "authentication", canonicalUrl: `${root}api/authentication` });
  });

  it("ignore a trailing slash, doubled slashes, the query string and an anchor", async () => {
    for (const url of [`${root}install/linux/`, `${root}install//linux`, `${root}install/linux?q=1#step-2`]) {
      expect((await resolved(url)).pathname, url).toBe("install/linux");
    }
  });

  it("resolve a path that is no page to that path, for the renderer's not-found page", async () => {
    const answer = await resolved(`${root}no/such/page`);
    expect(answer).toMatchObject({ space: guide.space.id, pathname: "no/such/page", complete: true });
  });

  it("answer the deprecated GET the same", async () => {
    const response = await call("GET", `/v1/urls/published?url=${encodeURIComponent(`${root}install`)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ space: guide.space.id, pathname: "install" });
  });

  it("accept fields GitBook's renderer adds to the body", async () => {
    expect((await resolveUrl(`${root}install`, { extra: { cacheBust: "abc" } })).status).toBe(200);
  });
});

describe("URLs of no published content", () => {
  it("are 404s with the error envelope: another site's name, an unpublished site, another host", async () => {
    const unpublished = await createSite(owner, orgId, { spaces: [guide.space.id] });
    for (const url of [`https://docs.test/sites/${orgId}/nothing/`, `https://docs.test/sites/${orgId}/${unpublished.id}/`, "https://elsewhere.example.com/docs/"]) {
      errorMessage(await resolveUrl(url), 404);
    }
  });

  it("are 400s naming the url when it is not an http(s) URL", async () => {
    expect(errorMessage(await resolveUrl("ftp://docs.test/x"), 400)).toMatch(/url/);
    expect(errorMessage(await resolveUrl("not a url"), 400)).toMatch(/url/);
  });

  it("refuse an unknown API token (401), but need none", async () => {
    errorMessage(await resolveUrl(root, { token: "gb_api_unknown" }), 401);
  });
});
