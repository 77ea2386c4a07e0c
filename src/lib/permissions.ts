import { forbidden } from "./errors";
import { roleAtLeast, type Role, type RoleOrGuest } from "./roles";

/**
 * The one place that decides what a caller may do. docs/permissions.md states the same tables;
 * change both together. Domain functions call `assertOrganizationAction` (or the content
 * equivalent) as their first step, and every `permissions` object in a response comes from here.
 */

/** The caller's membership of an organization; a non-member never reaches these checks (404). */
export interface Membership {
  role: RoleOrGuest;
  /** Whether the caller owns at least one team of the organization. */
  ownsTeam: boolean;
}

/** `member`: any member, guests included. Otherwise the least role that may act. */
export type Requirement = "member" | Role;

const ORGANIZATION_ACTIONS = {
  // Keys of the Organization `permissions` object (seed 2.4 and GitBook's spec).
  view: "member",
  access: "read",
  admin: "admin",
  createContent: "create",
  createOpenAPISpec: "create",
  ingestConversations: "create",
  viewBilling: "admin",
  listMembers: "read",
  listTeams: "read",
  listIntegrations: "read",
  listInstallations: "admin",
  installIntegration: "admin",
  // Actions with no permissions key of their own.
  update: "admin",
  manageMembers: "admin",
  manageInviteLinks: "admin",
  viewAgentInstructions: "read",
  updateAgentInstructions: "admin",
  manageTeams: "admin",
  manageSAML: "admin",
} as const satisfies Record<string, Requirement>;

export type OrganizationAction = keyof typeof ORGANIZATION_ACTIONS;

/** The least role an organization action needs (`member`: any member, guests included). */
export const organizationRequirement = (action: OrganizationAction): Requirement => ORGANIZATION_ACTIONS[action];

export function canInOrganization(membership: Membership, action: OrganizationAction): boolean {
  const requirement: Requirement = ORGANIZATION_ACTIONS[action];
  return requirement === "member" || roleAtLeast(membership.role, requirement);
}

export function assertOrganizationAction(membership: Membership, action: OrganizationAction): void {
  if (!canInOrganization(membership, action)) {
    const requirement: Requirement = ORGANIZATION_ACTIONS[action];
    throw forbidden(`This action (${action}) needs the organization role '${requirement}' or higher`);
  }
}

export function organizationPermissions(membership: Membership) {
  const can = (action: OrganizationAction) => canInOrganization(membership, action);
  return {
    view: can("view"),
    access: can("access"),
    admin: can("admin"),
    ownTeam: membership.ownsTeam,
    createContent: can("createContent"),
    createOpenAPISpec: can("createOpenAPISpec"),
    ingestConversations: can("ingestConversations"),
    viewBilling: can("viewBilling"),
    listMembers: can("listMembers"),
    listTeams: can("listTeams"),
    listIntegrations: can("listIntegrations"),
    listInstallations: can("listInstallations"),
    installIntegration: can("installIntegration"),
  };
}

/**
 * A member's level on a piece of content (a space or collection).
 *
 * `defaultLevels` is the content's own `defaultLevel` followed by those of its parent collections,
 * innermost first. The first non-null one applies to every non-guest member (raising or lowering
 * their organization role); when all are null the member's organization role applies. Organization
 * admins are admins of all content, and guests get nothing by default.
 */
export function contentLevel(organizationRole: RoleOrGuest, defaultLevels: readonly RoleOrGuest[]): RoleOrGuest {
  if (organizationRole === null) return null;
  if (organizationRole === "admin") return "admin";
  return defaultLevels.find((level) => level !== null) ?? organizationRole;
}

/** What each level of a space or collection allows (seed 2.1 role meanings). */
const CONTENT_ACTIONS = {
  view: "read",
  access: "read",
  comment: "comment",
  edit: "edit",
  triggerGitSync: "edit",
  merge: "edit",
  review: "review",
  /** Create spaces and collections inside a collection. */
  create: "create",
  /** Update, move, delete, restore, transfer; manage the content's settings. */
  admin: "admin",
  viewInviteLinks: "admin",
  installIntegration: "admin",
} as const satisfies Record<string, Role>;

export type ContentAction = keyof typeof CONTENT_ACTIONS;

/** The least level on a space or collection that a content action needs. */
export const contentRequirement = (action: ContentAction): Role => CONTENT_ACTIONS[action];

export function canOnContent(level: RoleOrGuest, action: ContentAction): boolean {
  return roleAtLeast(level, CONTENT_ACTIONS[action]);
}

/** `what` names the content in the message, e.g. "space" or "collection". */
export function assertContentAction(level: RoleOrGuest, action: ContentAction, what: string): void {
  if (!canOnContent(level, action)) {
    throw forbidden(`This action (${action}) needs the level '${CONTENT_ACTIONS[action]}' or higher on the ${what}`);
  }
}

export function spacePermissions(level: RoleOrGuest) {
  const can = (action: ContentAction) => canOnContent(level, action);
  return {
    view: can("view"),
    access: can("access"),
    admin: can("admin"),
    viewInviteLinks: can("viewInviteLinks"),
    edit: can("edit"),
    triggerGitSync: can("triggerGitSync"),
    comment: can("comment"),
    merge: can("merge"),
    review: can("review"),
    installIntegration: can("installIntegration"),
  };
}

export function collectionPermissions(level: RoleOrGuest) {
  return {
    view: canOnContent(level, "view"),
    admin: canOnContent(level, "admin"),
    viewInviteLinks: canOnContent(level, "viewInviteLinks"),
    create: canOnContent(level, "create"),
  };
}

/**
 * A team is managed (renamed, its members changed) by organization admins and by its owners;
 * it is seen by whoever may list the organization's teams, and by its own members.
 */
export function teamPermissions(membership: Membership, teamRole: "owner" | "member" | null) {
  return {
    admin: canInOrganization(membership, "manageTeams") || teamRole === "owner",
    view: canInOrganization(membership, "listTeams") || teamRole !== null,
  };
}

export function assertCanManageTeam(membership: Membership, teamRole: "owner" | "member" | null): void {
  if (!teamPermissions(membership, teamRole).admin) {
    throw forbidden("Managing this team needs the organization role 'admin' or the team role 'owner'");
  }
}
