import { SiteInsightsQueryRangePreset } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import type { TrackedSiteEvent } from "../../../src/lib/jobs";
import { createSpace } from "../../helpers/content";
import { gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { aggregate, runTrackJobs, storedSiteEvent } from "../../helpers/site-insights";
import { validIn0146And0202 } from "../../helpers/site-redirects";
import { createSite, readPublished } from "../../helpers/sites";

/**
 * aggregateSiteEvents over events stored by the `insights.track` job. Tracking only takes events
 * of the last five minutes, so the events of past days here are handed to the job directly.
 */

const DAY = 86_400_000;
const dayStart = (daysAgo: number) => `${new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`;
/** A stored event at noon UTC `daysAgo` days ago (or a minute ago, if noon is yet to come). */
function storedEvent(daysAgo: number, type: string, fields: Partial<TrackedSiteEvent> = {}): TrackedSiteEvent {
  const noon = Date.parse(dayStart(daysAgo)) + DAY / 2;
  return storedSiteEvent(new Date(Math.min(noon, Date.now() - 60_000)).toISOString(), type, fields);
}

async function siteWithEvents() {
  const fixture = await organizationWithEveryRole();
  const orgId = fixture.organization.id;
  const space = await createSpace(fixture.admin, orgId);
  const site = await createSite(fixture.admin, orgId, { spaces: [space.id] });
  const [siteSpace] = (await readPublished(fixture.admin, orgId, site.id)).body.structure.structure;
  const at = { siteSpaceId: siteSpace.id, spaceId: space.id };
  const events = [
    storedEvent(2, "page_view", { ...at, pageId: "intro", visitorId: "v1", sessionId: "s1" }),
    storedEvent(2, "page_view", { ...at, pageId: "intro", visitorId: "v2", sessionId: "s2" }),
    storedEvent(2, "page_view", { ...at, pageId: "setup", visitorId: "v2", sessionId: "s2" }),
    storedEvent(1, "page_view", { ...at, pageId: "intro", visitorId: "v1", sessionId: "s3" }),
    storedEvent(1, "page_view", { visitorId: "v3", sessionId: "s4", url: "https://docs.example.com/missing" }),
    storedEvent(1, "search_type_query", { data: { query: "install" } }),
    storedEvent(0, "search_type_query", { data: { query: "install" }, visitorId: "v2", sessionId: "s5" }),
    storedEvent(0, "search_open_result", { data: { query: "api", result: { spaceId: space.id, pageId: "setup" } } }),
    storedEvent(0, "page_post_feedback", { ...at, pageId: "intro", data: { feedback: { rating: "good" } } }),
    storedEvent(0, "page_post_feedback_comment", { ...at, pageId: "intro", data: { feedback: { rating: "bad", comment: "Too short" } } }),
    storedEvent(400, "page_view", { ...at, pageId: "intro" }),
  ];
  await runTrackJobs([{ kind: "insights.track", siteId: site.id, events }]);
  return { fixture, orgId, siteId: site.id, spaceId: space.id, siteSpaceId: siteSpace.id as string };
}

/** The answer's columns as a map of name to values (checked against both specs). */
async function query(token: string, orgId: string, siteId: string, body: unknown): Promise<Record<string, unknown[]>> {
  const answer = validIn0146And0202(await aggregate(token, orgId, siteId, body), 200, "aggregateSiteEvents");
  return Object.fromEntries(answer.columns.map((column: { column: string; values: unknown[] }) => [column.column, column.values]));
}

describe("aggregateSiteEvents", () => {
  it("counts per event type, per day and per page, with sessions and visitors", async () => {
    const { fixture, orgId, siteId, spaceId } = await siteWithEvents();
    const token = fixture.read.token;
    expect(await query(token, orgId, siteId, { range: "last30Days", groupBy: [{ column: "eventType" }] })).toEqual({
      eventType: ["page_view", "search_type_query", "page_post_feedback", "page_post_feedback_comment", "search_open_result"],
      eventsCount: [5, 2, 1, 1, 1],
    });
    const perDay = await query(token, orgId, siteId, {
      range: "last7Days",
      select: [{ column: "datetime", interval: "day" }, { column: "eventsCount" }, { column: "sessionsCount" }, { column: "visitorsCount" }],
      where: [{ column: "eventType", values: ["page_view"] }],
    });
    expect(perDay).toEqual({ datetime: [dayStart(2), dayStart(1)], eventsCount: [3, 2], sessionsCount: [2, 2], visitorsCount: [2, 2] });
    const perPage = await query(token, orgId, siteId, {
      range: "last30Days",
      groupBy: [{ column: "page" }],
      select: [{ column: "page" }, { column: "eventsCount" }, { column: "pageFeedbackRating" }],
      order: { by: { column: "eventsCount" }, direction: "desc" },
    });
    expect(perPage.page).toEqual([{ page: "intro", space: spaceId }, null, { page: "setup", space: spaceId }]);
    expect(perPage.eventsCount).toEqual([5, 4, 1]);
    expect(perPage.pageFeedbackRating).toEqual([{ ok: 0, good: 1, bad: 1 }, { ok: 0, good: 0, bad: 0 }, { ok: 0, good: 0, bad: 0 }]);
  });

  it("filters (in, notIn, null, time comparisons), groups by an event field, orders and limits", async () => {
    const { fixture, orgId, siteId, spaceId } = await siteWithEvents();
    const token = fixture.read.token;
    const searches = await query(token, orgId, siteId, { range: "last30Days", groupBy: [{ column: "eventSearchQuery" }] });
    expect(searches).toEqual({ eventSearchQuery: ["install", "api"], eventsCount: [2, 1] });
    const brokenViews = await query(token, orgId, siteId, {
      range: "last30Days",
      select: [{ column: "url" }, { column: "eventsCount" }],
      where: [{ column: "eventType", values: ["page_view"] }, { column: "page", values: [null] }],
    });
    expect(brokenViews).toEqual({ url: ["https://docs.example.com/missing"], eventsCount: [1] });
    const notIntro = await query(token, orgId, siteId, {
      range: "last30Days",
      select: [{ column: "eventsCount" }],
      where: [{ column: "page", values: [{ page: "intro", space: spaceId }, null], operator: "notIn" }],
    });
    expect(notIntro).toEqual({ eventsCount: [1] });
    const today = await query(token, orgId, siteId, { range: "last30Days", select: [{ column: "eventsCount" }], where: [{ column: "datetime", values: [dayStart(0)], operator: "greaterThanOrEqual" }] });
    expect(today).toEqual({ eventsCount: [4] });
    const lastYear = await query(token, orgId, siteId, { range: "lastYear", select: [{ column: "eventsCount" }], where: [{ column: "siteSpace", values: [null], operator: "notIn" }] });
    expect(lastYear).toEqual({ eventsCount: [6] });
    const top = await query(token, orgId, siteId, { range: "last30Days", groupBy: [{ column: "eventType" }], order: { by: { column: "eventType" }, direction: "asc" }, limit: 2 });
    expect(top).toEqual({ eventType: ["page_post_feedback", "page_post_feedback_comment"], eventsCount: [1, 1] });
    const custom = { from: new Date(Date.now() - 2 * DAY - DAY / 2).toISOString(), to: new Date(Date.now() - DAY - DAY / 2).toISOString() };
    const window = await query(token, orgId, siteId, { range: custom, select: [{ column: "eventsCount" }] });
    expect(window.eventsCount![0]).toBeGreaterThanOrEqual(1);
    const empty = await query(token, orgId, siteId, { range: "last24Hours", select: [{ column: "eventsCount" }], where: [{ column: "eventType", values: ["ad_click"] }] });
    expect(empty).toEqual({ eventsCount: [0] });
  });

  it("refuses what it cannot answer with a 400 naming the field", async () => {
    const { fixture, orgId, siteId } = await siteWithEvents();
    const refused = async (body: unknown) => errorMessage(await aggregate(fixture.read.token, orgId, siteId, body), 400);
    expect(await refused({ range: "last7Days", groupBy: [{ column: "visitorDevice" }] })).toContain("Invalid body field 'groupBy[0].column'");
    expect(await refused({ range: "last7Days", groupBy: [{ column: "eventsCount" }] })).toContain("'groupBy[0].column': 'eventsCount' is a count");
    expect(await refused({ range: "last7Days", groupBy: [{ column: "eventType", interval: "day" }] })).toContain("'groupBy[0].interval'");
    expect(await refused({ range: "last7Days", select: [{ column: "datetime", interval: "day" }], groupBy: [{ column: "datetime", interval: "hour" }] })).toContain("'groupBy[0].interval'");
    expect(await refused({ range: "last7Days", groupBy: [{ column: "eventType" }], order: { by: { column: "url" }, direction: "asc" } })).toContain("'order.by.column'");
    expect(await refused({ range: "last7Days", where: [{ column: "eventType", values: ["page_view"], operator: "greaterThan" }] })).toContain("'where[0].operator'");
    expect(await refused({ range: "last7Days", where: [{ column: "eventsCount", values: ["1"] }] })).toContain("'where[0].column'");
    expect(await refused({ range: "last7Days", where: [{ column: "datetime", values: ["yesterday"] }] })).toContain("'where[0].values'");
    expect(await refused({ range: { from: new Date().toISOString(), to: new Date(Date.now() - DAY).toISOString() } })).toContain("'range.from'");
    expect(await refused({ range: "lastDecade" })).toContain("'range'");
    expect(await refused({ range: "last7Days", limit: 1001 })).toContain("'limit'");
    expect(await refused({ groupBy: [] })).toContain("'range'");
  });

  it("is read from `read` (guests 403, outsiders 404), and through GitBook's client", async () => {
    const { fixture, orgId, siteId } = await siteWithEvents();
    const body = { range: "last7Days", select: [{ column: "eventsCount" }] };
    expect(errorMessage(await aggregate(fixture.guest.token, orgId, siteId, body), 403)).toContain("'read'");
    errorMessage(await aggregate(fixture.outsider.token, orgId, siteId, body), 404);
    const { data } = await gitbookClient(fixture.read).orgs.aggregateSiteEvents(orgId, siteId, { range: SiteInsightsQueryRangePreset.Last7Days, groupBy: [{ column: "eventType" }] });
    expect(data.columns.map((column) => column.column)).toEqual(["eventType", "eventsCount"]);
  });
});
