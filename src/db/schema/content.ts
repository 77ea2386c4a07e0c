import { index, integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Role } from "../../lib/roles";
import type { SpaceMergeRulesValue } from "../../schemas/merge-rules";
import { json, timestamp } from "./columns";
import { sql } from "drizzle-orm";
import { organizations } from "./organizations";

/**
 * Collections and spaces form the organization's content tree. Siblings (spaces and collections
 * with the same parent) share one order: `position` is a fractional index key (see
 * lib/ordering.ts), so a move rewrites the moved row only, never its siblings.
 */
export const collections = sqliteTable(
  "collections",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Deleting a collection deletes the collections nested in it (spaces are handled explicitly). */
    parentId: text("parent_id").references((): AnySQLiteColumn => collections.id, { onDelete: "cascade" }),
    position: text("position").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** null: no level of its own, the parent's (or the organization role) applies. */
    defaultLevel: text("default_level").$type<Role | null>(),
    /**
     * The first default level set on one of its ancestors, innermost first (null: none), kept by
     * every write that changes a level or a parent (content-tree/inherited-levels.ts). A space's
     * access reads it from the space's parent instead of walking the chain on every request.
     */
    inheritedLevel: text("inherited_level").$type<Role | null>(),
    /**
     * The ids of the collection and of every collection above it, innermost first (a JSON array),
     * kept with `inheritedLevel` by the same writes: the contents whose grants apply inside it,
     * so an access check finds them by key, without walking the chain (content-tree/granted-levels.ts).
     */
    lineage: json<string[]>("lineage").notNull().default(sql`'[]'`),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("collections_siblings").on(table.organizationId, table.parentId, table.position, table.id),
    index("collections_created").on(table.organizationId, table.createdAt, table.id),
    index("collections_parent").on(table.parentId),
  ],
);

export const spaces = sqliteTable(
  "spaces",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    parentId: text("parent_id").references(() => collections.id, { onDelete: "set null" }),
    position: text("position").notNull(),
    title: text("title").notNull(),
    /** "" when the space has no emoji (GitBook's spec makes the field required). */
    emoji: text("emoji").notNull(),
    icon: text("icon"),
    visibility: text("visibility", {
      enum: ["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"],
    }).notNull(),
    editMode: text("edit_mode", { enum: ["live", "locked"] }).notNull(),
    mergeRules: json<SpaceMergeRulesValue>("merge_rules").notNull(),
    language: text("language"),
    defaultLevel: text("default_level").$type<Role | null>(),
    /** The active revision. */
    revisionId: text("revision_id").notNull(),
    // Counters kept by the code that changes what they count (comments, change requests), so a
    // read never recounts.
    comments: integer("comments").notNull().default(0),
    changeRequests: integer("change_requests").notNull().default(0),
    changeRequestsOpen: integer("change_requests_open").notNull().default(0),
    changeRequestsDraft: integer("change_requests_draft").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    /** Set while the space is deleted; the purge removes it for good 7 days later. */
    deletedAt: timestamp("deleted_at"),
  },
  (table) => [
    index("spaces_siblings").on(table.organizationId, table.parentId, table.position, table.id),
    index("spaces_created").on(table.organizationId, table.createdAt, table.id),
    index("spaces_parent").on(table.parentId, table.position, table.id),
    index("spaces_deleted").on(table.deletedAt),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
export type SpaceRow = typeof spaces.$inferSelect;
