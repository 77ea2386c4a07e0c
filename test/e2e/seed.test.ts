import { describe, expect, inject, it } from "vitest";
import { apiCaller } from "./harness/api";

/**
 * The sites test/e2e/harness/seed.ts publishes, checked through the API's own resolution of
 * published URLs (POST /v1/urls/published, what the reader resolves with), so the browser tests of
 * test/e2e/reader/ start from known content: a failure here is the seed's, not the reader's.
 */

const { origin, seeded } = inject("e2e");
const { handbook, shareLink, adaptive } = seeded;
/** Resolution needs no token: a visitor's browser has none. */
const anonymous = apiCaller(origin);

interface Resolved {
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  pathname: string;
}

const resolve = (url: string, unsignedClaims?: Record<string, unknown>) =>
  anonymous.call<Resolved>("POST", "/v1/urls/published", { body: { url, ...(unsignedClaims ? { visitor: { unsignedClaims } } : {}) } });

describe("the seeded sites, as the API resolves their published URLs", () => {
  it("resolve the handbook's pages (imported from Git), nested, hidden and grouped ones included", async () => {
    for (const page of Object.values(handbook.pages)) {
      expect(await resolve(page.url)).toMatchObject({ site: handbook.siteId, space: handbook.spaceId, pathname: page.path });
    }
  });

  it("resolve the share-link site only with its key", async () => {
    const setup = shareLink.pages.setup;
    await anonymous.call("POST", "/v1/urls/published", { body: { url: setup.url }, expect: 404 });
    expect(await resolve(`${setup.url}?share=${shareLink.key}`)).toMatchObject({ site: shareLink.siteId, pathname: setup.path });
    expect(await resolve(`${shareLink.publishedWithKey}${setup.path}`)).toMatchObject({ site: shareLink.siteId, pathname: setup.path });
  });

  it("resolve the adaptive site's conditional section, variant and page only for visitors whose claims meet the condition", async () => {
    const { sections, pages, apiV2 } = adaptive;
    expect(await resolve(pages.authentication.url)).toMatchObject({ siteSection: sections.api.id, pathname: pages.authentication.path });
    // Without the claim, the Beta lab section's path is no section: a page path of the default one, which has no such page.
    expect(await resolve(pages.experiments.url)).toMatchObject({ siteSection: sections.guide.id });
    expect(await resolve(pages.experiments.url, { betaUser: true })).toMatchObject({ siteSection: sections.betaLab.id, pathname: pages.experiments.path });
    expect(await resolve(pages.tokens.url)).not.toMatchObject({ siteSpace: apiV2.siteSpaceId });
    expect(await resolve(pages.tokens.url, { plan: "pro" })).toMatchObject({ siteSpace: apiV2.siteSpaceId, pathname: pages.tokens.path });
    // The conditional page resolves either way; what a visitor may see of it is the reader's to show (test/e2e/reader/visitors.test.ts).
    expect(await resolve(pages.betaFeatures.url, { betaUser: true })).toMatchObject({ siteSection: sections.guide.id, pathname: pages.betaFeatures.path });
  });
});
