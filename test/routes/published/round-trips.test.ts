import { beforeAll, expect, it } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import { publishedSite, resolveUrl, spaceWithPages } from "../../helpers/published";
import { serverTiming } from "../../helpers/server-timing";

/**
 * What published reading costs in D1 round trips (Server-Timing): resolving a URL is one on a warm
 * isolate (the space's page index is then in memory), a path that is no page one more (its
 * redirects and former paths), and a visitor's cached read of a page one, as a member's is.
 */

let root: string;
let spaceId: string;
let pageId: string;

beforeAll(async () => {
  const owner = await createUser("owner");
  const orgId = (await createOrganization(owner)).id;
  const docs = await spaceWithPages(owner, orgId, "Docs", [
    { ref: "a", title: "Alpha" },
    { ref: "b", title: "Beta", into: "a" },
  ]);
  spaceId = docs.space.id;
  pageId = docs.pageIds.b!;
  ({ root } = await publishedSite(owner, orgId, [spaceId], { basename: "trips" }));
});

const tripsOf = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return serverTiming(response).d1.roundTrips;
};

it("resolves a URL in one round trip once the space's page index is in memory", async () => {
  await resolveUrl(`${root}alpha`);
  expect(tripsOf(await resolveUrl(`${root}alpha/beta`))).toBe(1);
  expect(tripsOf(await resolveUrl(root))).toBe(1);
});

it("spends one more on a path that is no page, to look for where it went", async () => {
  await resolveUrl(root);
  expect(tripsOf(await resolveUrl(`${root}gone`))).toBe(2);
});

it("reads a page with the site token in one round trip once cached, as a member does", async () => {
  const { apiToken } = (await resolveUrl(`${root}alpha/beta`)).body;
  const path = `/v1/spaces/${spaceId}/content/page/${pageId}`;
  await call("GET", path, { token: apiToken });
  expect(tripsOf(await call("GET", path, { token: apiToken }))).toBe(1);
});
