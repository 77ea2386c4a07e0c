import { z } from "@hono/zod-openapi";
import { listPermissionsAggregate } from "../../domain/grants/aggregate";
import { listTeamGrants, listUserGrants, removeGrant, updateGrant } from "../../domain/grants/grants";
import { inviteToContent } from "../../domain/grants/invite";
import { listSitePermissionsAggregate } from "../../domain/grants/site-aggregate";
import { EntityId } from "../../schemas/common";
import { MemberListFilters } from "../../schemas/member";
import {
  InviteSiteUsersAndTeams,
  InviteUsersAndTeams,
  PermissionsAggregateFilters,
  TeamContentPermission,
  TeamSitePermissionOverride,
  UpdateContentPermissionBody,
  UpdateSitePermissionBody,
  UserContentPermission,
  UserSitePermission,
  UserSitePermissionOverride,
} from "../../schemas/grant";
import { listOf, listOrder, listQuery } from "../../schemas/list";
import { pathParam } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "../shared";
import { GRANT_PLACES } from "./places";

/**
 * Who was given access to a space, a collection or a site, declared once for the three places
 * (places.ts): invite users and teams, list them, change or take back one principal's role, and
 * (spaces and collections) everyone who can access the content. docs/permissions.md, "Grants".
 */
export const grantRoutes = createRouter();

const principalParams = {
  user: { userId: pathParam("userId", "The unique id of the user") },
  team: { teamId: pathParam("teamId", "The unique id of the team") },
};

for (const place of GRANT_PLACES) {
  const base = { tags: [place.tag] };
  const params = z.object(place.params.shape);
  const onSite = place.kind === "site";
  const what = place.kind;
  const targetOf = (c: { req: { valid(target: "param"): Record<string, string> } }) => place.targetOf(c.req.valid("param"));

  grantRoutes.openapi(
    userRoute({
      ...base,
      method: "post",
      path: place.prefix,
      operationId: place.operations.invite,
      permission: place.manage,
      summary: `Invite users (by id or email) and teams to the ${what} with a role`,
      description:
        "A user who is not a member of the organization joins it as a guest. Everyone named must exist: an email no user has yet is a 404 and nothing changes. `role: null` takes back what the users and teams named were given here.",
      request: { params, body: jsonBody(onSite ? InviteSiteUsersAndTeams : InviteUsersAndTeams) },
      responses: { 204: noContent("OK"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      await inviteToContent(c.get("callerContext"), targetOf(c), c.req.valid("json"));
      return c.body(null, 204);
    },
  );

  for (const principal of ["user", "team"] as const) {
    const plural = `${principal}s`;
    const withPrincipal = z.object({ ...place.params.shape, ...principalParams[principal] });
    const principalIdOf = (valid: Record<string, string>) => (principal === "user" ? valid.userId! : valid.teamId!);
    const item = principal === "user" ? (onSite ? UserSitePermissionOverride : UserContentPermission) : onSite ? TeamSitePermissionOverride : TeamContentPermission;
    const capitalized = principal === "user" ? "User" : "Team";

    grantRoutes
      .openapi(
        userRoute({
          ...base,
          method: "get",
          path: `${place.prefix}/${plural}`,
          operationId: place.operations[principal === "user" ? "listUsers" : "listTeams"],
          permission: place.view,
          authenticatesInItsRead: true,
          summary: `List the ${plural} given a role on the ${what} (oldest first)`,
          request: { params, query: z.object(listQuery) },
          responses: { 200: jsonResponse(listOf(item), `${capitalized}s who have been added to the ${what}`), ...errorResponses(400, 403, 404) },
        }),
        async (c) => {
          const list = principal === "user" ? listUserGrants : listTeamGrants;
          return c.json(await list(requesterOf(c), targetOf(c), c.req.valid("query")), 200);
        },
      )
      .openapi(
        userRoute({
          ...base,
          method: "patch",
          path: `${place.prefix}/${plural}/{${principal}Id}`,
          operationId: place.operations[principal === "user" ? "updateUser" : "updateTeam"],
          permission: place.manage,
          summary: `Change the role given to a ${principal} on the ${what}`,
          description: `Without \`role\`, nothing changes. ${onSite ? "" : "`role: null` takes the role back. "}A ${principal} given no role on the ${what} is a 404.`,
          request: { params: withPrincipal, body: jsonBody(onSite ? UpdateSitePermissionBody : UpdateContentPermissionBody) },
          responses: { 204: noContent(`${capitalized} permission was updated`), ...errorResponses(400, 403, 404, 409) },
        }),
        async (c) => {
          await updateGrant(c.get("callerContext"), targetOf(c), principal, principalIdOf(c.req.valid("param")), c.req.valid("json").role);
          return c.body(null, 204);
        },
      )
      .openapi(
        userRoute({
          ...base,
          method: "delete",
          path: `${place.prefix}/${plural}/{${principal}Id}`,
          operationId: place.operations[principal === "user" ? "removeUser" : "removeTeam"],
          permission: place.manage,
          summary: `Take back the role given to a ${principal} on the ${what}: 205 when it was taken back, 204 when there was none`,
          request: { params: withPrincipal },
          responses: {
            204: noContent(`The ${principal} was not found in the ${what}`),
            205: noContent(`The ${principal} has been removed from the ${what}`),
            ...errorResponses(400, 403, 404, 409),
          },
        }),
        async (c) => {
          const outcome = await removeGrant(c.get("callerContext"), targetOf(c), principal, principalIdOf(c.req.valid("param")));
          return c.body(null, outcome === "removed" ? 205 : 204);
        },
      );
  }

  if (place.kind === "site") {
    grantRoutes.openapi(
      userRoute({
        ...base,
        method: "get",
        path: `${place.prefix}/aggregate`,
        operationId: "listPermissionsAggregateInSite",
        permission: place.view,
        authenticatesInItsRead: true,
        summary: "List every member who can access the site, with their level on it and where it comes from",
        description:
          "The level is the higher of the member's organization role and what is granted to them, or to a team of theirs, on the site. `role` filters on the organization role (`guest`: members without one), as the member list does.",
        request: { params, query: z.object({ ...listQuery, order: listOrder, ...MemberListFilters, team: EntityId.optional().openapi({ description: "Only the members of this team" }) }) },
        responses: { 200: jsonResponse(listOf(UserSitePermission), "Users who can access the site"), ...errorResponses(400, 403, 404) },
      }),
      async (c) => {
        const { organizationId, siteId } = c.req.valid("param") as Record<string, string>;
        return c.json(await listSitePermissionsAggregate(requesterOf(c), organizationId!, siteId!, c.req.valid("query")), 200);
      },
    );
  } else {
    const contentKind = place.kind;
    grantRoutes.openapi(
      userRoute({
        ...base,
        method: "get",
        path: `${place.prefix}/aggregate`,
        operationId: contentKind === "space" ? "listPermissionsAggregateInSpace" : "listPermissionsAggregateInCollection",
        permission: place.view,
        authenticatesInItsRead: true,
        summary: `List every member who can access the ${what}, with their level on it (oldest member first)`,
        description: "The level is the highest of what the member's organization role gives and what is granted to them or their teams on the content and the collections above it.",
        request: { params, query: z.object({ ...listQuery, ...PermissionsAggregateFilters }) },
        responses: { 200: jsonResponse(listOf(UserContentPermission), `Users who can access the ${what}`), ...errorResponses(400, 403, 404) },
      }),
      async (c) => {
        const valid = c.req.valid("param") as Record<string, string>;
        const target = contentKind === "space" ? { kind: "space" as const, spaceId: valid.spaceId! } : { kind: "collection" as const, collectionId: valid.collectionId! };
        return c.json(await listPermissionsAggregate(requesterOf(c), target, c.req.valid("query")), 200);
      },
    );
  }
}
