import { sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { UserRow } from "../../db/schema";

/**
 * A user joined into another object's query (an author, a reviewer) under column names of its own
 * (`<prefix>_id`, ...): D1 returns batched rows keyed by column name, so two joined tables' `id`
 * columns would collapse into one (docs/architecture.md, "D1 limits").
 */
type UserColumns = Record<"id" | "email" | "displayName" | "photoURL", AnySQLiteColumn>;

/** The columns of `table` (an alias of `users`) for a select, under names starting with `prefix`. */
export function joinedUserColumns(table: UserColumns, prefix: string) {
  return {
    [`${prefix}Id`]: sql<string | null>`${table.id}`.as(`${prefix}_id`),
    [`${prefix}Email`]: sql<string | null>`${table.email}`.as(`${prefix}_email`),
    [`${prefix}DisplayName`]: sql<string | null>`${table.displayName}`.as(`${prefix}_display_name`),
    [`${prefix}PhotoURL`]: sql<string | null>`${table.photoURL}`.as(`${prefix}_photo_url`),
  };
}

/** The user read by `joinedUserColumns`, or a placeholder for one deleted since (kept by id). */
export function joinedUser(row: Record<string, unknown>, prefix: string, fallbackId: string): UserRow {
  const id = row[`${prefix}Id`] as string | null;
  if (!id) return { id: fallbackId, email: "", displayName: "Deleted user", photoURL: null, emailVerified: false, createdAt: "" };
  const field = (name: string) => row[`${prefix}${name}`] as string | null;
  return { id, email: field("Email") ?? "", displayName: field("DisplayName") ?? "", photoURL: field("PhotoURL"), emailVerified: true, createdAt: "" };
}

/** Whether the row has the joined user (an optional join such as a merger). */
export const hasJoinedUser = (row: Record<string, unknown>, prefix: string) => Boolean(row[`${prefix}Id`]);
