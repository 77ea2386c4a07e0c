import { and, or, sql, type SQL } from "drizzle-orm";
import type { CallerContext } from "../../../context";
import { rawAll } from "../../../db/raw";
import { badRequest } from "../../../lib/errors";
import type { AggregateSiteEventsInput, AggregateSiteEventsOutput, InsightColumnName, InsightDimension, InsightMetric, InsightsFilterInput } from "../../../schemas/site-insights";
import { loadSiteAccess } from "../access";
import { datetimeBucket, DIMENSIONS, isMetric, METRICS, type DimensionDefinition, type Interval, type MetricDefinition } from "./columns";

/**
 * `aggregateSiteEvents`: one SQL GROUP BY over the site's events in the range, an indexed range of
 * `site_insight_events_site_time`, after the access check (so nobody who may not read insights
 * makes the database count anything). Columns: columns.ts. Rules beyond GitBook's schema:
 * dimensions in `select` are grouped by too; without `select`, the answer is the `groupBy` columns
 * then `eventsCount`; `order.by` must be a column of the answer; one `datetime` interval per query.
 */
export async function aggregateSiteEvents(ctx: CallerContext, organizationId: string, siteId: string, input: AggregateSiteEventsInput): Promise<AggregateSiteEventsOutput> {
  await loadSiteAccess(ctx, organizationId, siteId, "viewSites");
  const plan = planAggregation(input, new Date());
  const rows = await rawAll<Record<string, unknown>>(ctx.db, plan.statement(siteId));
  return plan.answer(rows);
}

interface PlannedColumn {
  name: InsightColumnName;
  definition: DimensionDefinition | MetricDefinition;
  /** The select list's aliases of its expressions. */
  aliases: string[];
}

const RANGE_DAYS = { lastYear: 365, last3Months: 90, last30Days: 30, last7Days: 7, last24Hours: 1 } as const;

function planAggregation(input: AggregateSiteEventsInput, now: Date) {
  const interval = intervalOf(input);
  const dimension = (name: InsightDimension): DimensionDefinition => (name === "datetime" ? { expressions: [datetimeBucket(interval)], value: ([value]) => value } : DIMENSIONS[name]);
  const definitionOf = (name: InsightColumnName) => (isMetric(name) ? METRICS[name] : dimension(name));

  input.groupBy?.forEach(({ column }, index) => {
    if (isMetric(column)) throw badRequest(`Invalid body field 'groupBy[${index}].column': '${column}' is a count, not something to group by`);
  });
  const answered = input.select?.map(({ column }) => column) ?? [...(input.groupBy ?? []).map(({ column }) => column), "eventsCount" as const];
  const groupNames = unique([...(input.groupBy ?? []).map(({ column }) => column), ...answered.filter((name) => !isMetric(name))]) as InsightDimension[];
  const metricNames = unique(answered.filter(isMetric)) as InsightMetric[];

  let next = 0;
  const plan = (name: InsightColumnName): PlannedColumn => {
    const definition = definitionOf(name);
    return { name, definition, aliases: definition.expressions.map(() => `c${next++}`) };
  };
  const columns = new Map<InsightColumnName, PlannedColumn>([...groupNames, ...metricNames].map((name) => [name, plan(name)]));
  const groups = groupNames.map((name) => columns.get(name)!);

  const orderBy = input.order?.by.column;
  if (orderBy !== undefined && (!columns.has(orderBy) || orderBy === "pageFeedbackRating")) {
    throw badRequest(`Invalid body field 'order.by.column': '${orderBy}' is not a column of the answer that can be ordered (order by a selected or grouped column)`);
  }
  const defaultOrder: [InsightColumnName, "asc" | "desc"] | undefined = groupNames.includes("datetime")
    ? ["datetime", "asc"]
    : metricNames.includes("eventsCount")
      ? ["eventsCount", "desc"]
      : undefined;
  const [orderName, direction] = orderBy !== undefined ? [orderBy, input.order!.direction] : (defaultOrder ?? [undefined, "asc"]);
  const orderTerms = [
    ...(orderName ? columns.get(orderName)!.aliases.map((alias) => `${alias} ${direction.toUpperCase()}`) : []),
    ...groups.flatMap((group) => group.aliases.map((alias) => `${alias} ASC`)),
  ];

  const { from, to } = rangeOf(input.range, now);
  const conditions: SQL[] = [
    sql`occurred_at >= ${from}`,
    sql`occurred_at <= ${to}`,
    ...groups.flatMap((group) => ("present" in group.definition && group.definition.present ? [group.definition.present] : [])),
    ...(input.where ?? []).map((filter, index) => filterCondition(filter, index, dimension, interval)),
  ];
  const selectList = sql.join(
    [...columns.values()].flatMap((column) => column.definition.expressions.map((expression, index) => sql`${expression} AS ${sql.raw(column.aliases[index]!)}`)),
    sql`, `,
  );
  const groupBy = groups.length > 0 ? sql` GROUP BY ${sql.raw(groups.flatMap((group) => group.aliases).join(", "))}` : sql``;
  const orderClause = orderTerms.length > 0 ? sql` ORDER BY ${sql.raw(orderTerms.join(", "))}` : sql``;

  return {
    statement: (siteId: string) =>
      sql`SELECT ${selectList} FROM site_insight_events WHERE site_id = ${siteId} AND ${and(...conditions)}${groupBy}${orderClause} LIMIT ${input.limit ?? 1000}`,
    answer: (rows: Record<string, unknown>[]): AggregateSiteEventsOutput => ({
      columns: answered.map((name) => {
        const column = columns.get(name)!;
        return { column: name, values: rows.map((row) => column.definition.value(column.aliases.map((alias) => row[alias])) as never) };
      }),
    }),
  };
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** The one `datetime` interval of the query (`day` unless a column says otherwise); intervals belong to `datetime` only. */
function intervalOf(input: AggregateSiteEventsInput): Interval {
  const placed: Array<[string, { column: string; interval?: Interval }]> = [
    ...(input.select ?? []).map((column, index) => [`select[${index}]`, column] as [string, typeof column]),
    ...(input.groupBy ?? []).map((column, index) => [`groupBy[${index}]`, column] as [string, typeof column]),
    ...(input.order ? [["order.by", input.order.by] as [string, typeof input.order.by]] : []),
  ];
  let interval: Interval | undefined;
  for (const [where, column] of placed) {
    if (column.interval === undefined) continue;
    if (column.column !== "datetime") throw badRequest(`Invalid body field '${where}.interval': only 'datetime' has an interval`);
    if (interval !== undefined && interval !== column.interval) throw badRequest(`Invalid body field '${where}.interval': one interval per query ('${interval}' is given already)`);
    interval = column.interval;
  }
  return interval ?? "day";
}

function rangeOf(range: AggregateSiteEventsInput["range"], now: Date): { from: string; to: string } {
  if (typeof range === "string") return { from: new Date(now.getTime() - RANGE_DAYS[range] * 86_400_000).toISOString(), to: now.toISOString() };
  const [from, to] = [new Date(range.from).toISOString(), new Date(range.to).toISOString()];
  if (from > to) throw badRequest("Invalid body field 'range.from': must not be after 'range.to'");
  return { from, to };
}

/**
 * A `where` filter as SQL: `in`/`notIn` on any dimension (null matching rows without it),
 * comparisons on `datetime` only, against the event's time. Values are bound, never spliced.
 */
function filterCondition(filter: InsightsFilterInput, index: number, dimension: (name: InsightDimension) => DimensionDefinition, interval: Interval): SQL {
  const field = `Invalid body field 'where[${index}]`;
  const { column, values } = filter;
  const operator = filter.operator ?? "in";
  if (isMetric(column)) throw badRequest(`${field}.column': '${column}' is a count; filters apply to events`);
  if (column === "datetime") {
    if (values.some((value) => typeof value !== "string" || Number.isNaN(Date.parse(value)))) throw badRequest(`${field}.values': must be timestamps`);
    const times = (values as string[]).map((value) => new Date(value).toISOString());
    if (operator === "in" || operator === "notIn") return memberOf(datetimeBucket(interval), times, operator);
    if (times.length !== 1) throw badRequest(`${field}.values': '${operator}' compares with exactly one timestamp`);
    const comparison = { greaterThan: ">", greaterThanOrEqual: ">=", lessThan: "<", lessThanOrEqual: "<=" }[operator];
    return sql`occurred_at ${sql.raw(comparison)} ${times[0]}`;
  }
  if (operator !== "in" && operator !== "notIn") throw badRequest(`${field}.operator': '${operator}' compares times: only 'datetime' takes it`);
  if (column === "page") {
    if (values.some((value) => typeof value === "string")) throw badRequest(`${field}.values': pages are { page, space } objects, or null`);
    const matches = (values as Array<{ page: string | null; space: string } | null>).map((value) =>
      value === null ? sql`space_id IS NULL` : sql`(space_id = ${value.space} AND page_id IS ${value.page})`,
    );
    const any = or(...matches)!;
    return operator === "in" ? any : sql`NOT ${any}`;
  }
  if (values.some((value) => typeof value === "object" && value !== null)) throw badRequest(`${field}.values': must be strings or null`);
  return memberOf(dimension(column).expressions[0]!, values as Array<string | null>, operator);
}

/** `expression` is (or is not) one of `values`, null standing for "has none". */
function memberOf(expression: SQL, values: Array<string | null>, operator: "in" | "notIn"): SQL {
  const given = values.filter((value): value is string => value !== null);
  const withNull = given.length < values.length;
  const inList = given.length > 0 ? sql`${expression} IN (${sql.join(given.map((value) => sql`${value}`), sql`, `)})` : sql`0`;
  if (operator === "in") return withNull ? sql`(${inList} OR ${expression} IS NULL)` : inList;
  return withNull ? sql`(${expression} IS NOT NULL AND NOT ${inList})` : sql`(${expression} IS NULL OR NOT ${inList})`;
}
