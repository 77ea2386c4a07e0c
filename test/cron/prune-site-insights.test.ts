import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SITE_INSIGHTS_RETENTION_DAYS } from "../../src/cron/prune-site-insights";
import { createDatabase } from "../../src/db/client";
import { siteInsightEvents } from "../../src/db/schema";
import worker from "../../src/index";
import { createOrganization, createUser } from "../helpers/fixtures";
import { runTrackJobs, storedSiteEvent } from "../helpers/site-insights";
import { createSite } from "../helpers/sites";

const DAY = 86_400_000;

describe("the scheduled handler", () => {
  it(`deletes site insights events older than ${SITE_INSIGHTS_RETENTION_DAYS} days, and keeps the rest`, async () => {
    const admin = await createUser("insights-retention");
    const orgId = (await createOrganization(admin)).id;
    const site = await createSite(admin, orgId);
    const now = Date.parse("2026-06-30T12:00:00.000Z");
    const event = (id: string, daysAgo: number) => ({ ...storedSiteEvent(new Date(now - daysAgo * DAY).toISOString(), "page_view"), id });
    const retention = SITE_INSIGHTS_RETENTION_DAYS;
    await runTrackJobs([{ kind: "insights.track", siteId: site.id, events: [event("old", retention + 1), event("older", retention + 30), event("kept", retention - 1)] }]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const remaining = await createDatabase(env.DB).select({ id: siteInsightEvents.id }).from(siteInsightEvents);
    expect(remaining.map((row) => row.id)).toEqual(["kept"]);
  });
});
