import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Role } from "../../lib/roles";
import type { MergeRulesValue } from "../../schemas/merge-rules";
import { flag, json, timestamp } from "./columns";
import { users } from "./users";

export type StoredMergeRules = MergeRulesValue;

export type StoredDefaultContent = { type: "site"; site: string };

export const organizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  /** Default hostname for public content; unique across the deployment when set. */
  hostname: text("hostname").unique(),
  /** The allowed email domains, in the order the admin gave them (see organizationEmailDomains). */
  emailDomains: json<string[]>("email_domains").notNull(),
  type: text("type", { enum: ["business", "community"] }).notNull(),
  useCase: text("use_case"),
  communityType: text("community_type"),
  /** Role given to users who join through their email domain; null makes them guests. */
  defaultRole: text("default_role").$type<Role | null>(),
  defaultContent: json<StoredDefaultContent>("default_content"),
  logo: text("logo"),
  sso: flag("sso").notNull(),
  ai: flag("ai").notNull(),
  inviteLinks: flag("invite_links").notNull(),
  mergeRules: json<StoredMergeRules>("merge_rules").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/**
 * Index of organizations by allowed email domain, kept in step with organizations.email_domains
 * in the same batch, so "organizations for this domain" is an index lookup, not a scan.
 */
export const organizationEmailDomains = sqliteTable(
  "organization_email_domains",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.domain] }),
    index("organization_email_domains_domain").on(table.domain),
  ],
);

export const organizationMembers = sqliteTable(
  "organization_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null: a guest, who sees only content shared with them explicitly. */
    role: text("role").$type<Role | null>(),
    disabled: flag("disabled").notNull(),
    sso: flag("sso").notNull(),
    joinedAt: timestamp("joined_at").notNull(),
    /** Starts at joinedAt and is moved forward by the member-activity job; never null. */
    lastSeenAt: timestamp("last_seen_at").notNull(),
    /** Count of the member's teams, recomputed in the batch that changes team memberships. */
    teams: integer("teams").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index("organization_members_user").on(table.userId),
    index("organization_members_joined").on(table.organizationId, table.joinedAt, table.userId),
    index("organization_members_seen").on(table.organizationId, table.lastSeenAt, table.userId),
  ],
);

export const organizationInviteLinks = sqliteTable(
  "organization_invite_links",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role").$type<Role | null>(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("organization_invite_links_org").on(table.organizationId, table.createdAt, table.id)],
);

/**
 * Invitations by email (`inviteUsersToOrganization`) of addresses no user has yet: the user created
 * later with that address joins every organization that invited it, in the batch that creates
 * them (domain/users/accept-invitations.ts), and the rows go. One row per organization and address; a
 * later invitation of the same address replaces its role and `sso`.
 *
 * Shaped to grow a content grant (an invitation to one space or collection, GitBook's
 * `inviteToSpace` by email) as nullable columns of this same row (`content_kind`, `content_id`,
 * `content_role`): the unique index below then becomes partial (`WHERE content_id IS NULL`) beside
 * one over (email, organization, kind, id). Nothing else reads a column these would change.
 */
export const organizationInvitations = sqliteTable(
  "organization_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lower-cased, as users' emails are stored, so matching them is an index lookup. */
    email: text("email").notNull(),
    /** The role the user joins with; null: a guest. */
    role: text("role").$type<Role | null>(),
    /** Joins as an SSO member (GitBook's `sso`), unless they join another organization at the same time. */
    sso: flag("sso").notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    // Email first: a new user's invitations are found by their address alone.
    uniqueIndex("organization_invitations_email").on(table.email, table.organizationId),
    index("organization_invitations_org").on(table.organizationId, table.createdAt, table.id),
  ],
);

export const organizationAgentInstructions = sqliteTable("organization_agent_instructions", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  instructions: json<unknown>("instructions").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type InviteLinkRow = typeof organizationInviteLinks.$inferSelect;
export type InvitationRow = typeof organizationInvitations.$inferSelect;
