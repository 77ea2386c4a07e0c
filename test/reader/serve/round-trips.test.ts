import { describe, expect, it } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { serverTiming } from "../../helpers/server-timing";

/**
 * What a reader page costs in D1 round trips (Server-Timing), whatever the page holds: the URL's
 * resolution on every request, which also reads the site's profile (plus the revision's page
 * index, the first time this isolate resolves a URL of it); a page rendered adds one for the
 * revision's row and one for its document the first time this isolate renders a page at that
 * revision (then kept: domain/published/published-page.ts, reader/serve/page-documents.ts).
 * A cached page is the resolution alone, from the isolate's memory or the Cache API, and so is a
 * page rendered once the isolate knows the revision.
 */

const roundTrips = async (url: string, bindings: Partial<Env> = {}) => {
  const response = await workerUnderTest.fetch(url, {}, bindings);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return serverTiming(response).d1.roundTrips;
};

/** The URL of the one page ("Introduction", holding `markdown`) of a site published for the test. */
async function publishedIntroduction(name: string, markdown: string): Promise<string> {
  const owner = await createUser(`reader-${name}`);
  const orgId = (await createOrganization(owner)).id;
  const { space } = await spaceWithPages(owner, orgId, name, [{ ref: "intro", title: "Introduction", markdown }]);
  const { root } = await publishedSite(owner, orgId, [space.id], { basename: `${name}-${space.id.slice(0, 6).toLowerCase()}` });
  return `${root}introduction`;
}

describe("a reader page", () => {
  it("costs four round trips rendered first, then one, cached or rendered for another visitor segment", async () => {
    const url = await publishedIntroduction("trips", "Hello.\n\n```js\nconst a = 1;\n```\n");
    expect(await roundTrips(url)).toBe(4);
    expect(await roundTrips(url)).toBe(1);
    expect(await roundTrips(`${url}?visitor.segment=1`)).toBe(1);
    expect(await roundTrips(`${url}?visitor.segment=1`)).toBe(1);
  });

  it("is served from the Cache API when this isolate's memory does not hold it, as in another isolate", async () => {
    const url = await publishedIntroduction("cached", "Kept in the cache.\n");
    const rendered = await workerUnderTest.fetch(url);
    const html = await rendered.text();
    const noMemory = { REVISION_MEMORY_CACHE_BYTES: "0" };
    const fromCacheApi = await workerUnderTest.fetch(url, {}, noMemory);
    expect(serverTiming(fromCacheApi).d1.roundTrips).toBe(1);
    expect(fromCacheApi.headers.get("etag")).toBe(rendered.headers.get("etag"));
    expect(fromCacheApi.headers.get("content-type")).toBe(rendered.headers.get("content-type"));
    // The same page, under a nonce of its own.
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceOf(fromCacheApi)).not.toBe(nonceOf(rendered));
    expect((await fromCacheApi.text()).replaceAll(nonceOf(fromCacheApi)!, "")).toBe(html.replaceAll(nonceOf(rendered)!, ""));
  });

  it("keeps its ETag when rendered again the same (for another visitor segment), so a client that has it gets a 304", async () => {
    const url = await publishedIntroduction("tagged", "Rendered twice.\n");
    const first = await workerUnderTest.fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    // Rendered anew: the visitor's claims are part of the HTML cache's key, and this segment has none cached.
    const again = await workerUnderTest.fetch(`${url}?visitor.segment=2`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});
