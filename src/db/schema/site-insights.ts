import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { json, timestamp } from "./columns";
import { sites } from "./sites";

/**
 * Events of published sites (GitBook's site insights), one row each, written by the JOBS queue's
 * `insights.track` job (domain/sites/insights/), never in the request that tracks them. The id is
 * given when the request enqueues the event, so a redelivered job inserts nothing twice.
 * Aggregations read an indexed range of one site over time (`site_insight_events_site_time`); the
 * hourly cron deletes events older than a year through `site_insight_events_time`.
 */
export const siteInsightEvents = sqliteTable(
  "site_insight_events",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** When the event happened (ISO 8601, UTC). */
    occurredAt: timestamp("occurred_at").notNull(),
    type: text("type").notNull(),
    visitorId: text("visitor_id").notNull(),
    sessionId: text("session_id").notNull(),
    displayContext: text("display_context").notNull(),
    url: text("url").notNull(),
    siteSectionId: text("site_section_id"),
    siteSpaceId: text("site_space_id"),
    spaceId: text("space_id"),
    pageId: text("page_id"),
    language: text("language"),
    referrer: text("referrer"),
    /** What the event type adds (query, feedback, link, operation…), as tracked. */
    data: json<Record<string, unknown>>("data").notNull(),
  },
  (table) => [index("site_insight_events_site_time").on(table.siteId, table.occurredAt), index("site_insight_events_time").on(table.occurredAt)],
);

export type SiteInsightEventRow = typeof siteInsightEvents.$inferSelect;
