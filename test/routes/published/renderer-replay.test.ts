import { SELF } from "cloudflare:test";
import { GitBookAPI as GitBookAPI0146 } from "gitbook-api-0146";
import { beforeAll, describe, expect, it } from "vitest";
import { createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient0146, type TestUser } from "../../helpers/fixtures";
import { createRepo } from "../../helpers/git-repos";
import { syncNow } from "../../helpers/git-sync";
import { ORIGIN } from "../../helpers/http";
import { publishedSite } from "../../helpers/published";
import { expectSpec0146Response } from "../../helpers/spec-0146";

/**
 * GitBook's renderer, replayed through GitBook's own client pinned at 0.146 (the version the
 * renderer was built against), as it serves a page view: it resolves the URL without a token,
 * then reads with nothing but the lookup's `apiToken`: the published site, the space, the revision
 * with its metadata, the page's document; on a path that is no page, the site's redirect for it,
 * then the page by path; then the site's search, a reusable content's document, an embed and a
 * user. Every answer is checked against GitBook's spec 0.146; the errors it tolerates are 404s
 * with the error envelope.
 */

/** A repository in GitBook's format with a reusable content two pages include. */
const REPO = {
  "README.md": '# Welcome\n\nStart here.\n\n{% include ".gitbook/includes/help.md" %}\n',
  "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n",
  "install.md": '# Install\n\nRun the installer, then configure the proxy.\n\n{% include ".gitbook/includes/help.md" %}\n',
  ".gitbook/includes/help.md": "---\ntitle: Need help?\n---\n\nAsk on [the forum](https://forum.example.com).\n",
};

let owner: TestUser;
let orgId: string;
let root: string;
let siteId: string;

beforeAll(async () => {
  owner = await createUser("owner");
  orgId = (await createOrganization(owner)).id;
  const space = await createSpace(owner, orgId, { title: "Product docs" });
  const repo = await createRepo("renderer", REPO);
  const { info } = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" }, { ALLOW_PRIVATE_NETWORK: "true" });
  expect(info.body.operation.state, JSON.stringify(info.body)).toBe("success");
  expect(flattenPages(await mainPages(owner, space.id)).map((page) => page.slug)).toEqual(["welcome", "install"]);
  ({ root, site: { id: siteId } } = await publishedSite(owner, orgId, [space.id], { basename: "product" }));
});

/** What the renderer checks before using an answer: the status, and the body against 0.146. */
function valid<T>(operationId: string, response: { status: number; data: T }): T {
  expect(response.status, operationId).toBe(200);
  expectSpec0146Response(operationId, 200, response.data);
  return response.data;
}

/** A call the renderer expects may fail: a 404 with GitBook's error envelope. */
async function tolerated404(call: Promise<unknown>) {
  const error = (await call.then(
    () => undefined,
    (failure: unknown) => failure,
  )) as { code?: number; errorMessage?: string; response?: Response } | undefined;
  // The client read the body's `error.message` (GitBook's envelope) into `errorMessage`.
  expect(error?.code, "a 404").toBe(404);
  expect(error!.response!.headers.get("content-type")).toMatch(/json/);
  expect(error!.errorMessage).toMatch(/not found/);
}

describe("GitBook's renderer against this API, through its 0.146 client", () => {
  it("serves a page view, a path that is no page, search, a reusable content, an embed and a user with the lookup's token only", async () => {
    const anonymous = new GitBookAPI0146({ endpoint: ORIGIN, serviceBinding: SELF });
    const lookup = valid("resolvePublishedContentByUrl", await anonymous.urls.resolvePublishedContentByUrl({ url: `${root}install`, redirectOnError: false }));
    if (!("apiToken" in lookup)) throw new Error("a redirect, not content");
    expect(lookup).toMatchObject({ site: siteId, organization: orgId, pathname: "install", complete: true });

    const api = gitbookClient0146({ token: lookup.apiToken });
    const published = valid("getPublishedContentSite", await api.orgs.getPublishedContentSite(lookup.organization, lookup.site));
    expect(published.site.id).toBe(siteId);
    const space = valid("getSpaceById", await api.spaces.getSpaceById(lookup.space));
    const revision = valid("getRevisionById", await api.spaces.getRevisionById(lookup.space, lookup.revision ?? space.revision, { metadata: true }));
    const page = revision.pages.find((item) => "path" in item && item.path === lookup.pathname)!;
    expect(page).toBeDefined();
    const document = valid("getPageDocumentInRevisionById", await api.spaces.getPageDocumentInRevisionById(lookup.space, revision.id, page.id, { evaluated: true }));
    expect(JSON.stringify(document)).toContain("Run the installer");

    // A path that is no page: the renderer asks the site's redirects, then the page by path, and tolerates both 404s.
    const missing = valid("resolvePublishedContentByUrl", await anonymous.urls.resolvePublishedContentByUrl({ url: `${root}no-such-page` }));
    if (!("apiToken" in missing)) throw new Error("a redirect, not content");
    expect(missing.pathname).toBe("no-such-page");
    const missingApi = gitbookClient0146({ token: missing.apiToken });
    await tolerated404(missingApi.orgs.getSiteRedirectBySource(missing.organization, missing.site, { source: "/no-such-page" }));
    await tolerated404(missingApi.spaces.getPageInRevisionByPath(missing.space, missing.revision!, "no-such-page"));
    // ...and by path, a page that is one.
    const byPath = valid("getPageInRevisionByPath", await api.spaces.getPageInRevisionByPath(lookup.space, revision.id, "install"));
    expect(byPath.id).toBe(page.id);

    const results = valid("searchSiteContent", await api.orgs.searchSiteContent(lookup.organization, lookup.site, { query: "installer", scope: { mode: "default", currentSiteSpace: lookup.siteSpace } } as never));
    expect(results.items[0]?.pages[0]?.id).toBe(page.id);

    const reusable = revision.reusableContents[0]!;
    expect(reusable.title).toBe("Need help?");
    const reusableDocument = valid("getReusableContentDocumentInRevisionById", await api.spaces.getReusableContentDocumentInRevisionById(lookup.space, revision.id, reusable.id));
    expect(JSON.stringify(reusableDocument)).toContain("forum");

    valid("getEmbedByUrlInSpace", await api.spaces.getEmbedByUrlInSpace(lookup.space, { url: "https://video.example/watch/42" }));
    const author = valid("getUserById", await api.users.getUserById(owner.id));
    expect(author.id).toBe(owner.id);
    expect(author.email).toBeUndefined();
  });
});
