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
type Requirement = "member" | Role;

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
} as const satisfies Record<string, Requirement>;

export type OrganizationAction = keyof typeof ORGANIZATION_ACTIONS;

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
