import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { organizationMembers, teamMembers, teams, type TeamRow } from "../../db/schema";
import { badRequest, forbidden } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertCanManageTeam, assertOrganizationAction, teamPermissions } from "../../lib/permissions";
import type { TeamRole } from "../../schemas/team";
import { loadOrganizationAccess, loadOrganizationAccessWith } from "../organizations/access";
import { callerValues } from "../users/callers";
import { loadTeamAccess, presentTeam, teamNotFound, teamRows } from "./access";
import { batchWrites, deleteTeamWrites, putTeamMembers, recountMemberTeams, recountTeamMembers } from "./writes";

export interface TeamListQuery extends PageRequest {
  /** A user id: only the teams that user can manage. */
  owner?: string;
  /** A case-insensitive substring of the title. */
  title?: string;
}

interface TeamWithCallerRole {
  team: TeamRow;
  spaces: number;
  callerRole: TeamRole | null;
}

/** The organization's teams, oldest first. */
export async function listTeams(ctx: RequesterContext, organizationId: string, query: TeamListQuery) {
  const page = pageReads(ctx.db, query, {
    from: teams,
    where: and(
      eq(teams.organizationId, organizationId),
      query.title ? titleContains(query.title) : undefined,
      query.owner === undefined ? undefined : manageableBy(organizationId, query.owner),
    ),
    select: teamRows(ctx)(callerValues(ctx)),
    sort: sortedBy("createdAt", "asc", [teams.createdAt, teams.id], (row: TeamWithCallerRole) => [row.team.createdAt, row.team.id]),
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, "listTeams");
  return page.answer(results, (row) => presentTeam(row.team, access.membership, row.callerRole, row.spaces));
}

/** Admins create teams; `members` (organization members) join it with the role `member`. */
export async function createTeam(ctx: CallerContext, organizationId: string, input: { title: string; members?: string[] }) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTeams");
  const memberIds = [...new Set(input.members ?? [])];
  await assertOrganizationMembers(ctx, organizationId, memberIds);

  const team = { id: newId(), organizationId, title: input.title, members: 0, createdAt: nowIso() };
  const [, ...rest] = await ctx.db.batch([
    ctx.db.insert(teams).values(team),
    ...putTeamMembers(ctx.db, team, memberIds, "member", "keepRole", team.createdAt),
    recountTeamMembers(ctx.db, team.id),
    ...recountMemberTeams(ctx.db, organizationId, memberIds),
    ctx.db.select().from(teams).where(eq(teams.id, team.id)),
  ]);
  const [created] = rest.at(-1) as TeamRow[];
  // A new team was given nothing yet.
  return presentTeam(created ?? team, access.membership, memberIds.includes(ctx.caller.id) ? "member" : null, 0);
}

export async function getTeam(ctx: CallerContext, organizationId: string, teamId: string) {
  const { team, spaces, membership, teamRole } = await loadTeamAccess(ctx, organizationId, teamId);
  if (!teamPermissions(membership, teamRole).view) {
    throw forbidden("Viewing this team needs the organization role 'read' or higher, or being in the team");
  }
  return presentTeam(team, membership, teamRole, spaces);
}

/** Renames a team (organization admins and the team's owners). */
export async function renameTeam(ctx: CallerContext, organizationId: string, teamId: string, title: string) {
  const { membership, teamRole, spaces } = await loadTeamAccess(ctx, organizationId, teamId);
  assertCanManageTeam(membership, teamRole);
  const [updated] = await ctx.db
    .update(teams)
    .set({ title })
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .returning();
  if (!updated) throw teamNotFound(teamId);
  return presentTeam(updated, membership, teamRole, spaces);
}

/** Admins delete teams; deleting a team that does not exist (any more) succeeds too (seed 4.17). */
export async function deleteTeam(ctx: CallerContext, organizationId: string, teamId: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "manageTeams");
  await batchWrites(ctx.db, deleteTeamWrites(ctx.db, organizationId, teamId));
}

/** 400 naming `members` unless every user id is a member of the organization. */
async function assertOrganizationMembers(ctx: CallerContext, organizationId: string, userIds: string[]): Promise<void> {
  const [first, ...rest] = chunks(userIds, MAX_IDS_PER_IN_LIST).map((chunk) =>
    ctx.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, chunk))),
  );
  if (!first) return;
  const known = new Set((await ctx.db.batch([first, ...rest])).flat().map((row) => row.userId));
  const unknown = userIds.find((userId) => !known.has(userId));
  if (unknown) throw badRequest(`Invalid body field 'members': user '${unknown}' is not a member of this organization`);
}

/**
 * Teams `userId` can manage: every team when they are an active admin of the organization, else
 * the teams they own (a non-member can manage none).
 */
function manageableBy(organizationId: string, userId: string): SQL {
  return or(
    sql`EXISTS (SELECT 1 FROM ${organizationMembers} admin WHERE admin.organization_id = ${organizationId}
      AND admin.user_id = ${userId} AND admin.role = 'admin' AND admin.disabled = 0)`,
    sql`EXISTS (SELECT 1 FROM ${teamMembers} owned WHERE owned.team_id = ${teams.id} AND owned.user_id = ${userId} AND owned.role = 'owner')`,
  ) as SQL;
}

/**
 * Case-insensitive substring of the title, for ASCII letters (SQLite's lower() folds ASCII only);
 * LIKE wildcards in the query match literally, as in the member search.
 */
export function titleContains(title: string): SQL {
  const lowered = title.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const pattern = `%${lowered.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`lower(${teams.title}) LIKE ${pattern} ESCAPE '\\'`;
}
