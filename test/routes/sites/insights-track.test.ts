import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient0146, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { aggregate, runTrackJobs, siteEvent, takeTrackJobs, track, trackAndStore } from "../../helpers/site-insights";
import { createSite, readPublished, sitePath } from "../../helpers/sites";

/**
 * trackEventsInSiteById: validated and bounded in the request, stored by the queue's job (run
 * here through the Worker's queue handler), idempotent under redelivery, and only what the site
 * publishes is kept.
 */

async function siteWithSpaces() {
  const fixture = await organizationWithEveryRole();
  const orgId = fixture.organization.id;
  const [guide, api] = [await createSpace(fixture.admin, orgId, { title: "Guide" }), await createSpace(fixture.admin, orgId, { title: "API" })];
  const site = await createSite(fixture.admin, orgId, { spaces: [guide.id] });
  const [siteSpace] = (await readPublished(fixture.admin, orgId, site.id)).body.structure.structure;
  return { fixture, orgId, siteId: site.id, guideId: guide.id, apiId: api.id, siteSpaceId: siteSpace.id as string };
}

/** How many events of the site are stored, as aggregateSiteEvents counts them. */
async function storedCount(token: string, orgId: string, siteId: string): Promise<number> {
  const response = await aggregate(token, orgId, siteId, { range: "last24Hours", select: [{ column: "eventsCount" }] });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.columns[0].values[0];
}

describe("trackEventsInSiteById", () => {
  it("answers 204 and enqueues; the job stores the events, and running it again stores nothing twice", async () => {
    const { fixture, orgId, siteId, guideId, siteSpaceId } = await siteWithSpaces();
    const events = [
      siteEvent("page_view", { siteSpace: siteSpaceId, space: guideId, page: "somePage" }),
      siteEvent("search_type_query", {}, { query: "install" }),
      siteEvent("page_post_feedback_comment", {}, { feedback: { rating: "good", comment: "Clear!" } }),
      siteEvent("link_click", {}, { link: { target: { kind: "url", url: "https://example.com" }, position: "content" } }),
      siteEvent("page_view", {}, { timestamp: new Date(Date.now() - 60_000).toISOString() }),
    ];
    const response = await track(fixture.read.token, orgId, siteId, events);
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.body).toBeUndefined();
    const jobs = takeTrackJobs(siteId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.events.map((event) => [event.type, event.siteSpaceId, event.referrer])).toEqual([
      ["page_view", siteSpaceId, null],
      ["search_type_query", null, null],
      ["page_post_feedback_comment", null, null],
      ["link_click", null, null],
      ["page_view", null, null],
    ]);
    expect(jobs[0]!.events[1]!.data).toEqual({ query: "install" });
    expect(await storedCount(fixture.read.token, orgId, siteId)).toBe(0);
    await runTrackJobs(jobs);
    expect(await storedCount(fixture.read.token, orgId, siteId)).toBe(5);
    await runTrackJobs([...jobs, ...jobs]);
    expect(await storedCount(fixture.read.token, orgId, siteId)).toBe(5);
  });

  it("refuses bad events with a 400 naming the field, and enqueues nothing", async () => {
    const { fixture, orgId, siteId } = await siteWithSpaces();
    const refused = async (events: unknown[]) => errorMessage(await track(fixture.read.token, orgId, siteId, events), 400);
    expect(await refused(Array.from({ length: 101 }, () => siteEvent("page_view")))).toContain("Invalid body field 'events'");
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(await refused([siteEvent("page_view", {}, { timestamp: tenMinutesAgo })])).toContain("Invalid body field 'events[0].timestamp': must be within 5 minutes");
    expect(await refused([siteEvent("page_view"), siteEvent("page_teleport")])).toContain("'events[1].type'");
    expect(await refused([siteEvent("page_post_feedback_comment", {}, { feedback: { rating: "good", comment: "x".repeat(513) } })])).toContain("'events[0].feedback.comment'");
    expect(await refused([siteEvent("search_type_query")])).toContain("'events[0].query'");
    expect(await refused([siteEvent("page_view", { url: "not a url" })])).toContain("'events[0].location.url'");
    expect(await refused([{ ...siteEvent("page_view"), session: { ...siteEvent("page_view").session, visitorId: "v".repeat(129) } }])).toContain("'events[0].session.visitorId'");
    expect(await refused([{ ...siteEvent("page_view"), extra: 1 }])).toContain("'events[0].extra'");
    const { page: _page, ...withoutPage } = siteEvent("page_view").location;
    expect(await refused([{ ...siteEvent("page_view"), location: withoutPage }])).toContain("'events[0].location.page'");
    expect(takeTrackJobs(siteId)).toEqual([]);
  });

  it("drops events whose section, site space or space is not of this site; keeps those that are", async () => {
    const { fixture, orgId, siteId, guideId, apiId, siteSpaceId } = await siteWithSpaces();
    const other = await createSite(fixture.admin, orgId, { spaces: [apiId] });
    const [foreign] = (await readPublished(fixture.admin, orgId, other.id)).body.structure.structure;
    await trackAndStore(fixture.read.token, orgId, siteId, [
      siteEvent("page_view", { siteSpace: siteSpaceId, space: guideId, page: "p1" }),
      siteEvent("page_view", { space: guideId }),
      siteEvent("page_view", { siteSpace: foreign.id }),
      siteEvent("page_view", { space: apiId }),
      siteEvent("page_view", { siteSpace: siteSpaceId, space: apiId }),
      siteEvent("page_view", { siteSection: "noSuchSection" }),
    ]);
    expect(await storedCount(fixture.read.token, orgId, siteId)).toBe(2);
  });

  it("splits large requests into queue messages under the queue's size limits, and stores them all", async () => {
    const { fixture, orgId, siteId } = await siteWithSpaces();
    const longUrl = `https://docs.example.com/${"a".repeat(2000)}`;
    const events = Array.from({ length: 100 }, (_, index) => siteEvent("page_view", { url: `${longUrl}${index}` }, {}, { visitorId: `v${index}`, sessionId: `s${index}` }));
    const jobs = await trackAndStore(fixture.read.token, orgId, siteId, events);
    expect(jobs.length).toBeGreaterThan(1);
    for (const job of jobs) expect(new TextEncoder().encode(JSON.stringify(job)).length).toBeLessThan(128 * 1024);
    expect(await storedCount(fixture.read.token, orgId, siteId)).toBe(100);
  });

  it("stores nothing for a site deleted before its job ran, without failing the job", async () => {
    const { fixture, orgId, siteId } = await siteWithSpaces();
    expect((await track(fixture.read.token, orgId, siteId, [siteEvent("page_view")])).status).toBe(204);
    const jobs = takeTrackJobs(siteId);
    expect((await call("DELETE", sitePath(orgId, siteId), { token: fixture.admin.token })).status).toBe(204);
    await runTrackJobs(jobs);
  });

  it("needs `read` on the organization (guests 403, outsiders 404, no token 401), and works from GitBook's 0.146 client", async () => {
    const { fixture, orgId, siteId } = await siteWithSpaces();
    expect(errorMessage(await track(fixture.guest.token, orgId, siteId, [siteEvent("page_view")]), 403)).toContain("'read'");
    errorMessage(await track(fixture.outsider.token, orgId, siteId, [siteEvent("page_view")]), 404);
    errorMessage(await call("POST", `${sitePath(orgId, siteId)}/insights/events`, { body: { events: [] } }), 401);
    expect(takeTrackJobs(siteId)).toEqual([]);

    const admin = await createUser("admin");
    const otherOrg = (await createOrganization(admin)).id;
    const site = await createSite(admin, otherOrg);
    const response = await gitbookClient0146(admin).orgs.trackEventsInSiteById(otherOrg, site.id, { events: [siteEvent("page_view") as never] });
    expect(response.status).toBe(204);
  });
});
