import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { json, timestamp } from "./columns";

/** Background jobs that exhausted their retries, recorded by the dead-letter consumer. */
export const failedJobs = sqliteTable(
  "failed_jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    body: json<unknown>("body").notNull(),
    attempts: integer("attempts").notNull(),
    failedAt: timestamp("failed_at").notNull(),
  },
  (table) => [index("failed_jobs_failed_at").on(table.failedAt)],
);
