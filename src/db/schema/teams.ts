import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RoleOrGuest } from "../../lib/roles";
import { timestamp } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Count of team_members rows, recomputed in the batch that changes them. */
    members: integer("members").notNull().default(0),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("teams_org").on(table.organizationId, table.createdAt, table.id)],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** owner: may manage the team's members. */
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    addedAt: timestamp("added_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index("team_members_user").on(table.organizationId, table.userId, table.role),
    index("team_members_list").on(table.teamId, table.addedAt, table.userId),
  ],
);

export const samlProviders = sqliteTable(
  "saml_providers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    ssoURL: text("sso_url").notNull(),
    entityID: text("entity_id").notNull(),
    certificate: text("certificate").notNull(),
    defaultTeamId: text("default_team_id").references(() => teams.id, { onDelete: "set null" }),
    defaultRole: text("default_role").$type<RoleOrGuest>(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("saml_providers_org").on(table.organizationId, table.createdAt, table.id),
    // Deleting a team clears it as a default team (ON DELETE SET NULL) through this index.
    index("saml_providers_default_team").on(table.defaultTeamId),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type SamlProviderRow = typeof samlProviders.$inferSelect;
