import type { GrantTarget } from "../../domain/grants/targets";
import type { RoutePermission } from "../permission";
import { CollectionParams, SiteParams, SpaceParams } from "../params";

/**
 * The three places grants are given on, each with GitBook's operationIds: spaces and collections
 * (the same eight operations) and sites (0.202's seven). The routes are declared once for all
 * three (grants.ts); where GitBook's spec makes them differ, it is said here.
 */
export interface GrantPlace {
  kind: GrantTarget["kind"];
  tag: string;
  prefix: string;
  params: typeof SpaceParams | typeof CollectionParams | typeof SiteParams;
  targetOf: (params: Record<string, string>) => GrantTarget;
  /** Who may list and change the grants. */
  view: RoutePermission;
  manage: RoutePermission;
  operations: Record<"invite" | "listUsers" | "updateUser" | "removeUser" | "listTeams" | "updateTeam" | "removeTeam", string>;
}

/** GitBook names the seven operations the same way for each place: `inviteToSpace`, `removeTeamFromSite`… */
const operationsOn = (noun: "Space" | "Collection" | "Site"): GrantPlace["operations"] => ({
  invite: `inviteTo${noun}`,
  listUsers: `listUserPermissionsIn${noun}`,
  updateUser: `updateUserPermissionIn${noun}`,
  removeUser: `removeUserFrom${noun}`,
  listTeams: `listTeamPermissionsIn${noun}`,
  updateTeam: `updateTeamPermissionIn${noun}`,
  removeTeam: `removeTeamFrom${noun}`,
});

/** Inviting a user who is not a member adds them to the organization: that is an organization admin's to do. */
const GUESTS_NOTE = "Inviting someone who is not a member of the organization (they join it as a guest) also needs the organization role `admin`.";

export const GRANT_PLACES: GrantPlace[] = [
  {
    kind: "space",
    tag: "permissions",
    prefix: "/spaces/{spaceId}/permissions",
    params: SpaceParams,
    targetOf: ({ spaceId }) => ({ kind: "space", spaceId: spaceId! }),
    view: { content: "viewPermissions", on: "space" },
    manage: { content: "managePermissions", on: "space", note: GUESTS_NOTE },
    operations: operationsOn("Space"),
  },
  {
    kind: "collection",
    tag: "permissions",
    prefix: "/collections/{collectionId}/permissions",
    params: CollectionParams,
    targetOf: ({ collectionId }) => ({ kind: "collection", collectionId: collectionId! }),
    view: { content: "viewPermissions", on: "collection" },
    manage: { content: "managePermissions", on: "collection", note: GUESTS_NOTE },
    operations: operationsOn("Collection"),
  },
  {
    kind: "site",
    tag: "site-permissions",
    prefix: "/orgs/{organizationId}/sites/{siteId}/permissions",
    params: SiteParams,
    targetOf: ({ organizationId, siteId }) => ({ kind: "site", organizationId: organizationId!, siteId: siteId! }),
    view: { site: "manageSites" },
    manage: { site: "manageSites", note: GUESTS_NOTE },
    operations: operationsOn("Site"),
  },
];
