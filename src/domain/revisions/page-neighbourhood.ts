import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentEntries, documents, type ContentEntryRow, type EntryKind } from "../../db/schema";
import { combineRows, type Entry } from "./entries";
import { MAIN_LINE, type LinePoint, type RevisionPoint } from "./points";

/**
 * What presenting one page needs, and nothing more: the page, its ancestors (its path is their
 * slugs) and the pages below it (GitBook's page object nests its child pages, each with its body),
 * with their bodies, in one statement. Two recursive walks find the ids, one step per level, each
 * step an index lookup (the primary key going up, `content_entries_current` going down a head), so
 * one page costs the same in a 10-page and a 10,000-page space; then their rows are read by id.
 *
 * A change request's revision is main at its base overlaid with its own line: at every step, an
 * entry's state is its row on the change request's line if it has one there (a `deleted` row hides
 * it), else its row on main. UNION (not UNION ALL) stops the walks on a cycle.
 *
 * `pageId` is the page's id, or a scalar subquery yielding it (the page at a path,
 * revisions/page-path.ts), so finding the page and reading it stay one statement.
 */
export function selectPageNeighbourhood(db: Database, point: RevisionPoint, pageId: string | SQL) {
  const related = sql`(WITH RECURSIVE
      up(entry_id, parent_id) AS (
        ${union(statesOf(point, sql`r.entry_id, r.parent_id`, null, sql`r.entry_id = ${pageId}`))}
        UNION
        ${union(statesOf(point, sql`r.entry_id, r.parent_id`, sql`up`, sql`r.entry_id = up.parent_id`))}
      ),
      down(entry_id) AS (
        SELECT ${pageId}
        UNION
        ${union(statesOf(point, sql`r.entry_id`, sql`down`, sql`r.parent_id = down.entry_id`))}
      )
    SELECT entry_id FROM up UNION SELECT entry_id FROM down)`;
  return db
    .select({ ...getTableColumns(contentEntries), markdown: documents.markdown })
    .from(contentEntries)
    .leftJoin(documents, eq(documents.id, contentEntries.documentId))
    .where(and(rowsAt(point, "page"), sql`${contentEntries.entryId} IN ${related}`));
}

/**
 * The rows at `point` (main's and the overlay's: combine them with `neighbourhoodEntries`) of the
 * entries of `kind` whose ids `ids` selects (a parenthesized subquery), without bodies.
 */
export function selectEntriesIn(db: Database, point: RevisionPoint, kind: EntryKind, ids: SQL) {
  return db
    .select()
    .from(contentEntries)
    .where(and(rowsAt(point, kind), sql`${contentEntries.entryId} IN ${ids}`));
}

/**
 * The ids of the pages `seeds` selects and of their ancestors at `point`, as a subquery: the walk
 * up of the page read, from many pages at once (what a change's path and parents need).
 */
export function ancestryOf(point: RevisionPoint, seeds: SQL): SQL {
  return sql`(WITH RECURSIVE
      up(entry_id, parent_id) AS (
        ${union(statesOf(point, sql`r.entry_id, r.parent_id`, null, sql`r.entry_id IN ${seeds}`))}
        UNION
        ${union(statesOf(point, sql`r.entry_id, r.parent_id`, sql`up`, sql`r.entry_id = up.parent_id`))}
      )
    SELECT entry_id FROM up)`;
}

/** Rows of `kind` valid at the point, on main and on the overlay. */
function rowsAt(point: RevisionPoint, kind: EntryKind): SQL {
  const lines = [point.main, ...(point.overlay ? [point.overlay] : [])];
  return and(
    eq(contentEntries.spaceId, point.spaceId),
    eq(contentEntries.kind, kind),
    inArray(
      contentEntries.line,
      lines.map((line) => line.line),
    ),
    or(...lines.map((line) => and(eq(contentEntries.line, line.line), validColumns(line)))),
  )!;
}

/** The page's neighbourhood (or `selectEntriesIn`'s entries) as entries, the overlay applied, from the statement's rows. */
export function neighbourhoodEntries(rows: ReadonlyArray<ContentEntryRow & { markdown?: string | null }>): Map<string, Entry> {
  const main = rows.filter((row) => row.line === MAIN_LINE);
  const overlay = rows.filter((row) => row.line !== MAIN_LINE);
  return combineRows([main, overlay], 1);
}

/**
 * The SELECTs (one per line) yielding `columns` of the state at `point` of each page row `r`
 * matching `match`, joined with the recursive table `from` when given.
 */
export function statesOf(point: RevisionPoint, columns: SQL, from: SQL | null, match: SQL): SQL[] {
  // CROSS JOIN keeps the (small) recursive table outside: SQLite then looks each step's rows up by
  // index, rather than scanning the line and probing the recursive table.
  const source = from ? sql`${from} CROSS JOIN ${contentEntries} r` : sql`${contentEntries} r`;
  const of = (line: LinePoint) => sql`SELECT ${columns} FROM ${source}
    WHERE r.space_id = ${point.spaceId} AND r.line = ${line.line} AND r.kind = 'page' AND ${match} AND ${validAs("r", line)}`;
  if (!point.overlay) return [of(point.main)];
  const overlay = point.overlay;
  return [
    sql`${of(overlay)} AND r.deleted = 0`,
    sql`${of(point.main)} AND NOT EXISTS (SELECT 1 FROM ${contentEntries} o
      WHERE o.space_id = r.space_id AND o.line = ${overlay.line} AND o.kind = 'page' AND o.entry_id = r.entry_id AND ${validAs("o", overlay)})`,
  ];
}

export const union = (selects: SQL[]) => sql.join(selects, sql` UNION `);

/** Rows of `alias` valid at the line's point: its open rows at the head (served by the partial index). */
function validAs(alias: "r" | "o", line: LinePoint): SQL {
  const row = sql.raw(alias);
  if (line.isHead) return sql`${row}.to_ordinal IS NULL`;
  return sql`${row}.from_ordinal <= ${line.ordinal} AND (${row}.to_ordinal IS NULL OR ${row}.to_ordinal > ${line.ordinal})`;
}

function validColumns(line: LinePoint): SQL {
  if (line.isHead) return isNull(contentEntries.toOrdinal);
  return sql`${contentEntries.fromOrdinal} <= ${line.ordinal} AND (${contentEntries.toOrdinal} IS NULL OR ${contentEntries.toOrdinal} > ${line.ordinal})`;
}
