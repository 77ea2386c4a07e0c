import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { json, timestamp } from "./columns";
import { users } from "./users";

/**
 * `Idempotency-Key` records (Stripe's semantics, docs/decisions.md): one row per user and key,
 * holding a fingerprint of the first request and, once it finished, its response to replay. A
 * row without a status is a request still running. Rows older than 24 hours are purged by cron.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is a 409. */
    fingerprint: text("fingerprint").notNull(),
    /** The first response's status; null while that request runs. */
    status: integer("status"),
    responseBody: text("response_body"),
    /** The response headers a replay must carry (Content-Type, Location). */
    responseHeaders: json<Record<string, string>>("response_headers"),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_keys_created_at").on(table.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
