import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Stored lower-cased, so lookups and uniqueness are case-insensitive. */
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull(),
  photoURL: text("photo_url"),
  /** Users made through the admin API count as verified (they are vouched for by the operator). */
  emailVerified: flag("email_verified").notNull(),
  createdAt: timestamp("created_at").notNull(),
});

/**
 * API tokens: only the SHA-256 hash of a token is kept, so a database leak yields no usable token.
 * The token itself is shown once, when it is created.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** What the token is for, as its creator named it (shown in lists; optional). */
    label: text("label"),
    /** The token's last four characters, so a person can tell their tokens apart in a list. */
    hint: text("hint").notNull().default(""),
    createdAt: timestamp("created_at").notNull(),
  },
  // The list of a user's tokens pages through (user, createdAt, id).
  (table) => [index("api_tokens_user").on(table.userId, table.createdAt, table.id)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export type UserRow = typeof users.$inferSelect;
