import { sql, type SQL } from "drizzle-orm";
import type { InsightDimension, InsightMetric } from "../../../schemas/site-insights";

/**
 * How each supported column of `aggregateSiteEvents` is read from `site_insight_events`: a
 * dimension is one or more SQL expressions that rows are grouped by (and filtered on), and the
 * value answered for a group; a metric is one or more aggregate expressions over a group.
 */

export type Interval = "hour" | "day" | "week" | "month";

export interface DimensionDefinition {
  /** What rows are grouped by (a `page` is its space and its page). */
  expressions: SQL[];
  /** The answer's value for a group, from its expressions' values. */
  value(parts: unknown[]): unknown;
  /** Rows that have this dimension at all (an event field exists on some types only): grouping by it counts those only. */
  present?: SQL;
}

const data = (path: string) => sql.raw(`json_extract(data, '${path}')`);
/** The condition that an event is of one of `types` (constants of this file, never input). */
const typeIn = (types: readonly string[]) => `type IN (${types.map((type) => `'${type}'`).join(", ")})`;
const ofTypes = (...types: string[]) => sql.raw(typeIn(types));
const FEEDBACK_TYPES = ["page_post_feedback", "page_post_feedback_comment"];

const single = (expression: SQL, present?: SQL): DimensionDefinition => ({ expressions: [expression], value: ([value]) => value ?? null, ...(present ? { present } : {}) });

/**
 * The start of the event's bucket, as an ISO timestamp (UTC): its hour, day, week (from Monday) or
 * month. Stored times are ISO strings, so hours, days and months are prefixes of them.
 */
export function datetimeBucket(interval: Interval): SQL {
  switch (interval) {
    case "hour":
      return sql.raw(`substr(occurred_at, 1, 13) || ':00:00.000Z'`);
    case "day":
      return sql.raw(`substr(occurred_at, 1, 10) || 'T00:00:00.000Z'`);
    case "week":
      // 'weekday 0' moves to the next Sunday (or stays on one); six days back is that week's Monday.
      return sql.raw(`strftime('%Y-%m-%dT00:00:00.000Z', occurred_at, 'weekday 0', '-6 days')`);
    case "month":
      return sql.raw(`substr(occurred_at, 1, 7) || '-01T00:00:00.000Z'`);
  }
}

/** Every dimension but `datetime`, whose expression depends on its interval. */
export const DIMENSIONS: Record<Exclude<InsightDimension, "datetime">, DimensionDefinition> = {
  eventType: single(sql.raw("type")),
  // GitBook's page value: null (no page, e.g. a 404), else the page (null for the space's own) and its space.
  page: { expressions: [sql.raw("space_id"), sql.raw("page_id")], value: ([space, page]) => (space === null || space === undefined ? null : { page: page ?? null, space }) },
  siteSection: single(sql.raw("site_section_id")),
  siteSpace: single(sql.raw("site_space_id")),
  url: single(sql.raw("url")),
  displayContext: single(sql.raw("display_context")),
  visitorLanguage: single(sql.raw("language")),
  // GitBook's referrer values are strings: no referrer is "".
  referrer: single(sql.raw("coalesce(referrer, '')")),
  eventSearchQuery: single(data("$.query"), ofTypes("search_type_query", "search_open_result")),
  eventPageFeedbackRating: single(data("$.feedback.rating"), ofTypes(...FEEDBACK_TYPES)),
  eventPageFeedbackComment: single(data("$.feedback.comment"), ofTypes("page_post_feedback_comment")),
  eventLinkPosition: single(data("$.link.position"), ofTypes("link_click")),
};

export interface MetricDefinition {
  expressions: SQL[];
  value(parts: unknown[]): unknown;
}

const ratingCount = (rating: string) => sql.raw(`sum(CASE WHEN ${typeIn(FEEDBACK_TYPES)} AND json_extract(data, '$.feedback.rating') = '${rating}' THEN 1 ELSE 0 END)`);
const count = (expression: string): MetricDefinition => ({ expressions: [sql.raw(expression)], value: ([value]) => Number(value ?? 0) });

export const METRICS: Record<InsightMetric, MetricDefinition> = {
  eventsCount: count("count(*)"),
  sessionsCount: count("count(DISTINCT session_id)"),
  visitorsCount: count("count(DISTINCT visitor_id)"),
  // How the page feedback of the group rated: GitBook's { ok, good, bad } counts.
  pageFeedbackRating: {
    expressions: [ratingCount("ok"), ratingCount("good"), ratingCount("bad")],
    value: ([ok, good, bad]) => ({ ok: Number(ok ?? 0), good: Number(good ?? 0), bad: Number(bad ?? 0) }),
  },
};

export const isMetric = (column: string): column is InsightMetric => column in METRICS;
