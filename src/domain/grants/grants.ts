import { and, eq } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { selectedOnce } from "../../db/list-select";
import { grants, teamMembers, teams, users, type GrantRow, type PrincipalKind, type TeamRow, type UserRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { PageRequest } from "../../lib/pagination";
import { canInOrganization } from "../../lib/permissions";
import type { RoleOrGuest } from "../../lib/roles";
import type { TeamRole } from "../../schemas/team";
import { presentTeam, teamSpacesColumn } from "../teams/access";
import { presentUser } from "../users/users";
import { callerIdFor, callerValues, perCaller } from "../users/callers";
import { contentIdOf, loadGrantTarget, loadGrantTargetWith, type GrantTarget } from "./targets";

/**
 * The grants of one space, collection or site, listed and changed one principal at a time
 * (`listUserPermissionsInSpace`, `updateTeamPermissionInCollection`, `removeUserFromSite`…).
 * Lists are keyset pages over `grants_listed` (oldest grant first), read in the batch of the
 * target's access: one round trip.
 */

const grantedUsers = selectedOnce((db) => db.select({ grant: grants, user: users }).from(grants).innerJoin(users, eq(users.id, grants.principalId)));

/** Granted teams, with what each team shows (its spaces) and the caller's role in it (null when not in it): built once per way of naming the caller. */
const grantedTeams = perCaller((key) =>
  selectedOnce((db) =>
    db
      .select({ grant: grants, team: teams, spaces: teamSpacesColumn(), callerRole: teamMembers.role })
      .from(grants)
      .innerJoin(teams, eq(teams.id, grants.principalId))
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, callerIdFor(key)))),
  ),
);

const ofPrincipals = (target: GrantTarget, principalKind: PrincipalKind) => and(eq(grants.contentId, contentIdOf(target)), eq(grants.principalKind, principalKind));

/** Oldest grant first (index grants_listed). */
const oldestFirst = <Row extends { grant: GrantRow }>() =>
  sortedBy("grantedAt:asc", "asc", [grants.grantedAt, grants.principalId], ({ grant }: Row) => [grant.grantedAt, grant.principalId]);

/** The users given a role on the target, with it. Their emails show to callers who may list the organization's members. */
export async function listUserGrants(ctx: RequesterContext, target: GrantTarget, request: PageRequest) {
  const page = pageReads(ctx.db, request, { from: grants, where: ofPrincipals(target, "user"), select: grantedUsers(), sort: oldestFirst<{ grant: GrantRow; user: UserRow }>() });
  const [access, results] = await loadGrantTargetWith(ctx, target, "view", page.reads);
  const withEmail = canInOrganization(access.membership, "listMembers");
  return page.answer(results, ({ grant, user }: { grant: GrantRow; user: UserRow }) => ({ permission: grant.role, user: presentUser(user, ctx.urls, { withEmail }) }));
}

/** The teams given a role on the target, with it, each as the team lists present it. */
export async function listTeamGrants(ctx: RequesterContext, target: GrantTarget, request: PageRequest) {
  type Row = { grant: GrantRow; team: TeamRow; spaces: number; callerRole: TeamRole | null };
  const page = pageReads(ctx.db, request, { from: grants, where: ofPrincipals(target, "team"), select: grantedTeams(ctx)(callerValues(ctx)), sort: oldestFirst<Row>() });
  const [access, results] = await loadGrantTargetWith(ctx, target, "view", page.reads);
  return page.answer(results, ({ grant, team, spaces, callerRole }: Row) => ({ permission: grant.role, team: presentTeam(team, access.membership, callerRole, spaces) }));
}

/**
 * Sets the role of one principal's grant (`updateUserPermissionIn…`, `updateTeamPermissionIn…`):
 * `undefined` changes nothing, null takes the grant back. A principal with no grant on the target
 * is a 404 (they are invited first, with `inviteTo…`).
 */
export async function updateGrant(ctx: CallerContext, target: GrantTarget, principalKind: PrincipalKind, principalId: string, role: RoleOrGuest | undefined): Promise<void> {
  await loadGrantTarget(ctx, target, "manage");
  const theGrant = and(ofPrincipals(target, principalKind), eq(grants.principalId, principalId));
  const changed =
    role === undefined
      ? await ctx.db.select({ principalId: grants.principalId }).from(grants).where(theGrant).limit(1)
      : role === null
        ? await ctx.db.delete(grants).where(theGrant).returning({ principalId: grants.principalId })
        : await ctx.db.update(grants).set({ role, grantedBy: ctx.caller.id }).where(theGrant).returning({ principalId: grants.principalId });
  if (changed.length === 0) throw grantNotFound(target, principalKind, principalId);
}

/** Takes one principal's grant back: "removed" (GitBook's 205), or "absent" when there was none (204). */
export async function removeGrant(ctx: CallerContext, target: GrantTarget, principalKind: PrincipalKind, principalId: string): Promise<"removed" | "absent"> {
  await loadGrantTarget(ctx, target, "manage");
  const removed = await ctx.db
    .delete(grants)
    .where(and(ofPrincipals(target, principalKind), eq(grants.principalId, principalId)))
    .returning({ principalId: grants.principalId });
  return removed.length > 0 ? "removed" : "absent";
}

const grantNotFound = (target: GrantTarget, principalKind: PrincipalKind, principalId: string) =>
  notFound(`${principalKind === "user" ? "User" : "Team"} '${principalId}' among those given a role on the ${target.kind}`);
