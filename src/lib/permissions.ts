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
  /** Invite people by email (`inviteUsersToOrganization`), list and revoke the pending invitations. */
  inviteMembers: "admin",
  viewAgentInstructions: "read",
  updateAgentInstructions: "admin",
  manageTeams: "admin",
  manageSAML: "admin",
  /** Read the organization's hosted OpenAPI specs and their versions (createOpenAPISpec creates them). */
  viewOpenAPISpecs: "read",
  /** Change a spec's source or visibility, or delete it (its `permissions.edit`). */
  editOpenAPISpecs: "create",
  // Docs sites (seed 4.9-4.12): members from `read` see them, `create` and admins change them.
  /** List and read sites, their structure, customization and published profile. */
  viewSites: "read",
  /** Create, update, publish, unpublish and delete sites; their structure, customization, adaptive schema and share links. */
  manageSites: "create",
  // Translations (seed 4.13): like OpenAPI specs, read by `read`, managed by `create`.
  /** List and read translations (a translation's `permissions.view`). */
  viewTranslations: "read",
  /** Create, run, change the instructions of and delete translations (`permissions.edit`); creating also needs read access to the source space. */
  manageTranslations: "create",
  // Support conversations (seed 4.14; ingesting them is `ingestConversations`).
  /** List and read conversations, their issues and the clusters of issues. */
  viewConversations: "read",
} as const satisfies Record<string, Requirement>;

export type OrganizationAction = keyof typeof ORGANIZATION_ACTIONS;

/** The organization actions a grant on a site can open (docs/permissions.md, "Grants"): on that site, the role given counts as the member's role. */
export type SiteAction = Extract<OrganizationAction, "viewSites" | "manageSites">;

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
 * The `permissions` object of a Site (GitBook's keys), from the two site actions of the table:
 * whoever may see sites may view them and their adaptive schema; whoever may manage sites may
 * edit, create and administer them. Installing integrations stays with organization admins.
 */
export function sitePermissions(membership: Membership) {
  const view = canInOrganization(membership, "viewSites");
  const manage = canInOrganization(membership, "manageSites");
  return {
    view,
    access: view,
    edit: manage,
    create: manage,
    admin: manage,
    installIntegration: canInOrganization(membership, "installIntegration"),
    viewAdaptiveSchema: view,
    editAdaptiveSchema: manage,
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
  /** Post comments and replies, react to them. */
  comment: "comment",
  /** Resolve and delete anyone's comments and replies (their authors may too: COMMENT_ACTIONS). */
  moderateComments: "admin",
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
  /**
   * List who was given access to the content and who can access it (their names and, for those who
   * may list members, their emails): its administrators, who decide it.
   */
  viewPermissions: "admin",
  /** Give users and teams access to the content, change and remove what was given (docs/permissions.md, "Grants"). */
  managePermissions: "admin",
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
 * What a caller may do with one comment or reply: the least level on its space for anyone, and
 * for its author (null: nobody, or no exception for the author). Authors act on their own while
 * they may still comment; `read` only reads. The `permissions` object of every comment and reply
 * and every 403 about one come from this table.
 */
const COMMENT_ACTIONS = {
  view: { anyone: "read", author: "read" },
  /** Reply to it, react to it (GitBook: "react or send a reply"). */
  reply: { anyone: "comment", author: "comment" },
  /** Change its body: its author only. */
  edit: { anyone: null, author: "comment" },
  /** Resolve and unresolve (comments only). */
  resolve: { anyone: CONTENT_ACTIONS.moderateComments, author: "comment" },
  delete: { anyone: CONTENT_ACTIONS.moderateComments, author: "comment" },
} as const satisfies Record<string, { anyone: Role | null; author: Role }>;

export type CommentAction = keyof typeof COMMENT_ACTIONS;

/** The least levels a comment action needs: for anyone, and for the comment's author. */
export const commentRequirement = (action: CommentAction): { anyone: Role | null; author: Role } => COMMENT_ACTIONS[action];

export function canOnComment(level: RoleOrGuest, isAuthor: boolean, action: CommentAction): boolean {
  const { anyone, author }: { anyone: Role | null; author: Role } = COMMENT_ACTIONS[action];
  return (anyone !== null && roleAtLeast(level, anyone)) || (isAuthor && roleAtLeast(level, author));
}

const COMMENT_ACTION_NAMES: Record<CommentAction, string> = {
  view: "Reading",
  reply: "Replying or reacting to",
  edit: "Editing",
  resolve: "Resolving",
  delete: "Deleting",
};

/** `what` is "comment" or "reply". The 403 names the level needed, and the author's exception. */
export function assertCommentAction(level: RoleOrGuest, isAuthor: boolean, action: CommentAction, what: "comment" | "reply"): void {
  if (canOnComment(level, isAuthor, action)) return;
  const { anyone, author }: { anyone: Role | null; author: Role } = COMMENT_ACTIONS[action];
  const doing = `${COMMENT_ACTION_NAMES[action]} a ${what}`;
  if (anyone === null) throw forbidden(`${doing} is for its author only, with the level '${author}' or higher on the space`);
  const exception = anyone === author ? "" : `, or being its author with the level '${author}'`;
  throw forbidden(`${doing} needs the level '${anyone}' or higher on the space${exception}`);
}

/** The `permissions` object of a comment or reply (GitBook: view, edit, reply, delete). */
export function commentPermissions(level: RoleOrGuest, isAuthor: boolean) {
  const can = (action: CommentAction) => canOnComment(level, isAuthor, action);
  return { view: can("view"), edit: can("edit"), reply: can("reply"), delete: can("delete") };
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
