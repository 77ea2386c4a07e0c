import { and, count, eq, sql } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { organizationMembers, teamMembers, teams, type TeamRow } from "../../db/schema";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { TeamRole } from "../../schemas/team";
import { memberNotFound } from "../members/members";
import { loadOrganizationAccessWith } from "../organizations/access";
import { callerIdOf } from "../users/callers";
import { presentTeam, teamSpacesColumn } from "./access";
import { titleContains } from "./teams";

interface TeamOfMember {
  team: TeamRow;
  spaces: number;
  memberRole: TeamRole;
  callerRole: TeamRole | null;
}

/**
 * The teams a member of the organization is in (GitBook's `listTeamsForOrganizationMember`), oldest
 * first, each with the member's role in it; `title` keeps those whose title contains it (case-
 * insensitive). Whoever may list the organization's teams may list anyone's, and every member their
 * own. Each team's `permissions` are the caller's. The member check and the page ride in the access
 * check's round trip (one in all); the page reads the member's team rows through their index.
 */
export async function listTeamsOfMember(ctx: RequesterContext, organizationId: string, userId: string, query: PageRequest & { title?: string }) {
  const theirMembership = and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId));
  const callerRole = sql<TeamRole | null>`(SELECT mine.role FROM ${teamMembers} mine WHERE mine.team_id = ${teams.id} AND mine.user_id = ${callerIdOf(ctx)})`;
  const page = pageReads(ctx.db, query, {
    from: teams,
    where: and(eq(teamMembers.organizationId, organizationId), eq(teams.organizationId, organizationId), query.title ? titleContains(query.title) : undefined),
    select: ctx.db
      .select({ team: teams, spaces: teamSpacesColumn(), memberRole: teamMembers.role, callerRole: callerRole.as("caller_role") })
      .from(teams)
      .innerJoin(teamMembers, theirMembership),
    counted: ctx.db.select({ count: count() }).from(teams).innerJoin(teamMembers, theirMembership),
    sort: sortedBy("createdAt", "asc", [teams.createdAt, teams.id], (row: TeamOfMember) => [row.team.createdAt, row.team.id]),
    alongside: [
      ctx.db
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId))),
    ],
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  if (userId !== access.callerContext.caller.id) assertOrganizationAction(access.membership, "listTeams");
  return page.answerWith(results, ([memberRows]) => {
    if ((memberRows as unknown[]).length === 0) throw memberNotFound(userId);
    return (row) => ({ team: presentTeam(row.team, access.membership, row.callerRole, row.spaces), member: { role: row.memberRole } });
  });
}
