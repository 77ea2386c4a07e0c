import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequesterContext } from "../../context";
import type { Database } from "../../db/client";
import { teamMembers, teams, type TeamRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { teamPermissions, type Membership } from "../../lib/permissions";
import type { TeamObject, TeamRole } from "../../schemas/team";
import { loadOrganizationAccessWith, type OrganizationAccess } from "../organizations/access";
import { selectedOnce } from "../../db/list-select";
import { callerIdFor, callerIdOf, perCaller } from "../users/callers";
import { grantedSpacesCount, qualified } from "../content-tree/granted-levels";

export interface TeamAccess extends OrganizationAccess {
  team: TeamRow;
  /** The team's `spaces`, read with it. */
  spaces: number;
  /** The caller's role in the team; null when they are not in it. */
  teamRole: TeamRole | null;
}

export const teamNotFound = (teamId: string) => notFound(`Team '${teamId}'`);

/** Teams with the role in each (null when not in it) of the user `callerId` names: the base of every team read. */
function selectTeamsWithRoleOf(db: Database, callerId: string | SQL) {
  return db
    .select({ team: teams, spaces: teamSpacesColumn(), callerRole: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, callerId)));
}

export const selectTeamsWithCallerRole = (ctx: RequesterContext) => selectTeamsWithRoleOf(ctx.db, callerIdOf(ctx));

/** The same for the list, built once per way of naming the caller (db/list-select.ts). */
export const teamRows = perCaller((key) => selectedOnce((db) => selectTeamsWithRoleOf(db, callerIdFor(key))));

/**
 * A team of the organization as the caller sees it: outsiders get the organization's 404 first,
 * then an unknown team (or one of another organization) is a 404. The team is read in the batch
 * of the access check, to save a round trip; nothing of it is used unless that check passes.
 */
export async function loadTeamAccess(ctx: RequesterContext, organizationId: string, teamId: string): Promise<TeamAccess> {
  const [access] = await loadTeamAccessWith(ctx, organizationId, teamId, []);
  return access;
}

/** `loadTeamAccess` with more statements in the same batch, whose results are used only once access is granted. */
export async function loadTeamAccessWith(
  ctx: RequesterContext,
  organizationId: string,
  teamId: string,
  alongside: readonly BatchItem<"sqlite">[],
): Promise<[TeamAccess, unknown[]]> {
  const team = selectTeamsWithCallerRole(ctx)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  const [access, [rows, ...others]] = await loadOrganizationAccessWith(ctx, organizationId, [team, ...alongside]);
  const [row] = rows as Array<{ team: TeamRow; spaces: number; callerRole: TeamRole | null }>;
  if (!row) throw teamNotFound(teamId);
  return [{ ...access, team: row.team, spaces: row.spaces, teamRole: row.callerRole }, others];
}

/** `spaces` of the `teams` row of the statement: the live spaces granted to the team, directly or in a collection granted to it. */
export const teamSpacesColumn = () => grantedSpacesCount("team", qualified(teams.id), qualified(teams.organizationId)).as("team_spaces");

/** A team as GitBook's `OrganizationTeam`; `spaces` is read with it (`teamSpacesColumn`). */
export function presentTeam(team: TeamRow, membership: Membership, teamRole: TeamRole | null, spaces: number): TeamObject {
  return {
    object: "team",
    id: team.id,
    title: team.title,
    members: team.members,
    spaces,
    createdAt: team.createdAt,
    permissions: teamPermissions(membership, teamRole),
  };
}
