import { z } from "@hono/zod-openapi";
import { ContentRef } from "./template";

/**
 * Site insights (GitBook's `trackEventsInSiteById` and `aggregateSiteEvents`). Every event type of
 * GitBook's 0.146 and 0.202 specs is accepted, validated by shape and bounded: at most
 * MAX_EVENTS_PER_REQUEST events, every string capped, a timestamp within five minutes of now.
 * Aggregations support the columns listed in INSIGHT_DIMENSIONS and INSIGHT_METRICS (a clear
 * subset of GitBook's; any other column is a 400 naming it).
 */

export const MAX_EVENTS_PER_REQUEST = 100;
/** GitBook: "Must be within 5 minutes of the current time." */
export const EVENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

const Text = (max: number) => z.string().max(max);
const Id = z.string().min(1).max(128);
const Url = z.url().max(2048);

const Session = z.strictObject({
  visitorId: Id.openapi({ description: "GitBook's unique identifier of the visitor." }),
  sessionId: Id.openapi({ description: "GitBook's unique identifier of the visitor's session." }),
  cookies: z
    .record(Text(256), Text(4096))
    .refine((cookies) => Object.keys(cookies).length <= 50, "at most 50 cookies")
    .openapi({ description: "The visitor's cookies (not stored)." }),
  ip: Text(64).optional().openapi({ description: "IP address of the visitor (not stored)." }),
  userAgent: Text(1024),
  language: Text(64).nullable(),
  referrer: z.union([z.literal(""), Url, z.null()]).openapi({ description: "Referrer of the session" }),
  visitorAuthToken: Text(4096).nullable().optional().openapi({ deprecated: true, description: "Deprecated, use visitorAuthClaims instead (not stored)." }),
  visitorAuthClaims: z.record(z.string(), z.unknown()).optional().openapi({ description: "Claims of the visitor (not stored)." }),
});

const NullableId = Id.nullable();
const Location = z.strictObject({
  url: Url.openapi({ description: "URL of the location." }),
  displayContext: z.enum(["site", "server", "embed", "mcp"]).optional().openapi({ description: "Where the event was recorded (default `site`)." }),
  siteSection: NullableId,
  siteSpace: NullableId,
  siteShareKey: NullableId,
  space: NullableId,
  revision: NullableId,
  page: NullableId,
});

const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((value) => Math.abs(Date.parse(value) - Date.now()) <= EVENT_CLOCK_SKEW_MS, "must be within 5 minutes of the current time")
  .openapi({ description: "When the event happened (default: now). Must be within 5 minutes of the current time." });

const base = { session: Session, location: Location, timestamp: Timestamp.optional() };
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ ...base, type: z.literal(type), ...shape });

const Query = Text(512);
const Rating = z.enum(["bad", "ok", "good"]);

export const SiteInsightsEvent = z
  .discriminatedUnion("type", [
    event("page_view", {}),
    event("page_markdown_request", { markdownSource: z.enum(["page-action"]).optional() }),
    event("search_open", {}),
    event("search_type_query", { query: Query }),
    event("search_open_result", {
      query: Query,
      result: z.union([z.strictObject({ spaceId: Id, pageId: Id }), z.strictObject({ recordId: Id })]),
    }),
    event("page_post_feedback", { feedback: z.strictObject({ rating: Rating }) }),
    event("page_post_feedback_comment", { feedback: z.strictObject({ rating: Rating, comment: z.string().min(1).max(512) }) }),
    event("agent_feedback", {}),
    event("ask_question", { query: Query, goal: Text(512).optional() }),
    event("ask_view", {}),
    event("ask_rate_response", { query: Query, rating: z.union([z.literal(1), z.literal(-1)]), responseId: Id }),
    event("link_click", { link: z.strictObject({ target: ContentRef, position: z.enum(["announcement", "header", "footer", "sidebar", "content"]) }) }),
    event("api_client_open", {}),
    event("api_client_request", { operation: z.strictObject({ path: Text(2048), method: Text(16) }) }),
    event("trademark_click", { placement: z.enum(["sidebar", "ad", "footer", "pdf", "embed"]) }),
    event("ad_click", { ad: z.strictObject({ domain: Text(256), zoneId: Text(128), placement: z.enum(["aside"]) }) }),
    event("ad_display", { ad: z.strictObject({ domain: Text(256), zoneId: Text(128), placement: z.enum(["aside"]) }) }),
    event("llms_request", { llmsVariant: z.enum(["standard", "full"]) }),
    event("mcp_request", {}),
    event("rss_request", {}),
  ])
  .openapi("SiteInsightsEvent");
export type SiteInsightsEventInput = z.infer<typeof SiteInsightsEvent>;

const EXAMPLE_EVENT = {
  type: "page_view",
  session: { visitorId: "visitor-1", sessionId: "session-1", cookies: {}, userAgent: "Mozilla/5.0", language: "en", referrer: null },
  location: { url: "https://docs.example.com/guides/intro", siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
};

export const TrackSiteEventsBody = z
  .strictObject({ events: z.array(SiteInsightsEvent).max(MAX_EVENTS_PER_REQUEST, `at most ${MAX_EVENTS_PER_REQUEST} events per request`) })
  .openapi({ example: { events: [EXAMPLE_EVENT] } });

// Aggregation -------------------------------------------------------------------------------------

/** The grouping columns supported, each one dimension of an event (aggregate.ts says how each is read). */
export const INSIGHT_DIMENSIONS = [
  "datetime",
  "eventType",
  "page",
  "siteSection",
  "siteSpace",
  "url",
  "displayContext",
  "visitorLanguage",
  "referrer",
  "eventSearchQuery",
  "eventPageFeedbackRating",
  "eventPageFeedbackComment",
  "eventLinkPosition",
] as const;
/** The counting columns supported. */
export const INSIGHT_METRICS = ["eventsCount", "sessionsCount", "visitorsCount", "pageFeedbackRating"] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export type InsightColumnName = InsightDimension | InsightMetric;

const ColumnName = z.enum([...INSIGHT_DIMENSIONS, ...INSIGHT_METRICS], {
  error: `must be one of the columns this deployment supports: ${[...INSIGHT_DIMENSIONS, ...INSIGHT_METRICS].join(", ")}`,
});

export const InsightsColumn = z
  .strictObject({
    column: ColumnName,
    interval: z.enum(["hour", "day", "week", "month"]).optional().openapi({ description: "For `datetime`: the bucket (default `day`, UTC; weeks start on Monday)." }),
  })
  .openapi("SiteInsightsQueryEventsColumn");
export type InsightsColumnInput = z.infer<typeof InsightsColumn>;

const FilterValue = z.union([z.string().max(2048), z.null(), z.strictObject({ page: NullableId, space: Id })]);

export const InsightsFilter = z
  .strictObject({
    column: ColumnName,
    values: z.array(FilterValue).min(1).max(100),
    operator: z
      .enum(["in", "notIn", "greaterThan", "greaterThanOrEqual", "lessThan", "lessThanOrEqual"])
      .optional()
      .openapi({ description: "`in` (the default) or `notIn` for any dimension; comparisons for `datetime` only." }),
  })
  .openapi("SiteInsightsQueryEventsFilter");
export type InsightsFilterInput = z.infer<typeof InsightsFilter>;

export const INSIGHT_RANGE_PRESETS = ["lastYear", "last3Months", "last30Days", "last7Days", "last24Hours"] as const;

export const AggregateSiteEventsBody = z
  .strictObject({
    select: z.array(InsightsColumn).min(1).max(20).optional().openapi({ description: "The columns answered, in order (default: the `groupBy` columns, then `eventsCount`)." }),
    where: z.array(InsightsFilter).max(20).optional(),
    groupBy: z.array(InsightsColumn).max(5).optional().openapi({ description: "What rows are counted by; dimensions in `select` are grouped by too." }),
    order: z.strictObject({ by: InsightsColumn, direction: z.enum(["asc", "desc"]) }).optional(),
    range: z.union([z.enum(INSIGHT_RANGE_PRESETS), z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })]),
    limit: z.number().int().min(1).max(1000).optional().openapi({ description: "At most this many rows (default 1000)." }),
  })
  .openapi("SiteInsightsQueryEventsAggregation")
  .openapi({ example: { range: "last7Days", groupBy: [{ column: "eventType" }] } });
export type AggregateSiteEventsInput = z.infer<typeof AggregateSiteEventsBody>;

const Values = z.array(z.union([z.string(), z.number(), z.null(), z.record(z.string(), z.unknown())]));
export const AggregateSiteEventsResult = z
  .object({ columns: z.array(z.object({ column: ColumnName, values: Values })) })
  .openapi("SiteInsightsQueryEventsAggregationResult");
export type AggregateSiteEventsOutput = z.infer<typeof AggregateSiteEventsResult>;
