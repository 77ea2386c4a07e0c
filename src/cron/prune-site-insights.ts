import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Site insights events are kept this long (docs/decisions.md, "Site insights"). */
export const SITE_INSIGHTS_RETENTION_DAYS = 365;
/** Rows per DELETE, and DELETEs per run: a run stays short however far behind the pruning is; the next run continues. */
const ROWS_PER_STATEMENT = 5000;
const STATEMENTS_PER_RUN = 20;

/** Deletes events older than the retention, oldest first, through the `site_insight_events_time` index. */
export async function pruneSiteInsights(db: Database, now: Date): Promise<{ pruned: number }> {
  const cutoff = new Date(now.getTime() - SITE_INSIGHTS_RETENTION_DAYS * 86_400_000).toISOString();
  let pruned = 0;
  for (let statement = 0; statement < STATEMENTS_PER_RUN; statement++) {
    const result = await db.run(
      sql`DELETE FROM site_insight_events WHERE rowid IN (SELECT rowid FROM site_insight_events WHERE occurred_at < ${cutoff} ORDER BY occurred_at LIMIT ${ROWS_PER_STATEMENT})`,
    );
    pruned += result.meta.changes;
    if (result.meta.changes < ROWS_PER_STATEMENT) break;
  }
  return { pruned };
}
