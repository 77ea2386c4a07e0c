import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Role } from "../../lib/roles";
import { timestamp } from "./columns";
import { organizations } from "./organizations";

/**
 * Access given to one user or one team on one space, collection or site (GitBook's space,
 * collection and site permissions: `inviteToSpace`, `updateUserPermissionInSpace`…). A grant
 * raises its principal's level on the content, and on everything inside a granted collection;
 * the level itself is decided by lib/permissions.ts (docs/permissions.md, "Grants").
 *
 * Content and principals have no foreign key (a grant names one of three tables and one of two):
 * the writes that remove them remove their grants in the same batch (docs/decisions.md, "Grants").
 * Content ids are unique across kinds (random 20-character ids), so the primary key leads with
 * the content id: every access check finds a content's grants, and a caller's among them, by key.
 */
export const grants = sqliteTable(
  "grants",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    contentKind: text("content_kind", { enum: ["space", "collection", "site"] }).notNull(),
    contentId: text("content_id").notNull(),
    principalKind: text("principal_kind", { enum: ["user", "team"] }).notNull(),
    principalId: text("principal_id").notNull(),
    role: text("role").$type<Role>().notNull(),
    grantedBy: text("granted_by").notNull(),
    grantedAt: timestamp("granted_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentId, table.principalKind, table.principalId] }),
    // The lists of a content's user or team grants, oldest first.
    index("grants_listed").on(table.contentId, table.principalKind, table.grantedAt, table.principalId),
    // What a user or team was granted in an organization: a guest's lists, and what goes when
    // a member leaves or a team is deleted.
    index("grants_principal").on(table.organizationId, table.principalKind, table.principalId, table.contentKind),
  ],
);

export type GrantRow = typeof grants.$inferSelect;
export type ContentKind = GrantRow["contentKind"];
export type PrincipalKind = GrantRow["principalKind"];
