import type { z } from "@hono/zod-openapi";
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

export const GRANT_PLACES: GrantPlace[] = [
  {
    kind: "space",
    tag: "permissions",
    prefix: "/spaces/{spaceId}/permissions",
    params: SpaceParams,
    targetOf: ({ spaceId }) => ({ kind: "space", spaceId: spaceId! }),
    view: { content: "viewPermissions", on: "space" },
    manage: { content: "managePermissions", on: "space", note: "Inviting someone who is not a member of the organization (they join it as a guest) also needs the organization role `admin`." },
    operations: {
      invite: "inviteToSpace",
      listUsers: "listUserPermissionsInSpace",
      updateUser: "updateUserPermissionInSpace",
      removeUser: "removeUserFromSpace",
      listTeams: "listTeamPermissionsInSpace",
      updateTeam: "updateTeamPermissionInSpace",
      removeTeam: "removeTeamFromSpace",
    },
  },
  {
    kind: "collection",
    tag: "permissions",
    prefix: "/collections/{collectionId}/permissions",
    params: CollectionParams,
    targetOf: ({ collectionId }) => ({ kind: "collection", collectionId: collectionId! }),
    view: { content: "viewPermissions", on: "collection" },
    manage: { content: "managePermissions", on: "collection", note: "Inviting someone who is not a member of the organization (they join it as a guest) also needs the organization role `admin`." },
    operations: {
      invite: "inviteToCollection",
      listUsers: "listUserPermissionsInCollection",
      updateUser: "updateUserPermissionInCollection",
      removeUser: "removeUserFromCollection",
      listTeams: "listTeamPermissionsInCollection",
      updateTeam: "updateTeamPermissionInCollection",
      removeTeam: "removeTeamFromCollection",
    },
  },
  {
    kind: "site",
    tag: "site-permissions",
    prefix: "/orgs/{organizationId}/sites/{siteId}/permissions",
    params: SiteParams,
    targetOf: ({ organizationId, siteId }) => ({ kind: "site", organizationId: organizationId!, siteId: siteId! }),
    view: { site: "manageSites" },
    manage: { site: "manageSites", note: "Inviting someone who is not a member of the organization (they join it as a guest) also needs the organization role `admin`." },
    operations: {
      invite: "inviteToSite",
      listUsers: "listUserPermissionsInSite",
      updateUser: "updateUserPermissionInSite",
      removeUser: "removeUserFromSite",
      listTeams: "listTeamPermissionsInSite",
      updateTeam: "updateTeamPermissionInSite",
      removeTeam: "removeTeamFromSite",
    },
  },
];

export type PlaceParams = z.infer<GrantPlace["params"]>;
