import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { organizationMembers, teamMembers, teams } from "../../db/schema";
import type { TeamRole } from "../../schemas/team";
import { grantsOfTeamRemoved } from "../content-tree/grant-removal";

/**
 * The statements that change team memberships. Every change is sent in one `db.batch` (one
 * transaction) together with the recounts of `teams.members` and `organization_members.teams`,
 * so the counters are never seen out of step with the rows they count.
 */

/** Runs statements in one batch; `db.batch` wants a non-empty tuple, and an empty list is a no-op. */
export async function batchWrites(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * Makes `userIds` members of the team with `role`. Existing memberships keep their role unless
 * `onExisting` is "setRole". The rows are selected from organization_members, so a user who is not
 * (or no longer) a member of the organization is skipped by the statement itself.
 */
export function putTeamMembers(
  db: Database,
  team: { id: string; organizationId: string },
  userIds: readonly string[],
  role: TeamRole,
  onExisting: "keepRole" | "setRole",
  addedAt: string,
): BatchItem<"sqlite">[] {
  return chunks(userIds, MAX_IDS_PER_IN_LIST).map((chunk) => {
    const insert = db.insert(teamMembers).select(
      db
        .select({
          teamId: sql<string>`${team.id}`.as("team_id"),
          organizationId: organizationMembers.organizationId,
          userId: organizationMembers.userId,
          role: sql<TeamRole>`${role}`.as("role"),
          addedAt: sql<string>`${addedAt}`.as("added_at"),
        })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, team.organizationId), inArray(organizationMembers.userId, chunk))),
    );
    return onExisting === "setRole"
      ? insert.onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role: sql`excluded.role` } })
      : insert.onConflictDoNothing();
  });
}

export function deleteTeamMembers(db: Database, teamId: string, userIds: readonly string[]): BatchItem<"sqlite">[] {
  return chunks(userIds, MAX_IDS_PER_IN_LIST).map((chunk) =>
    db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, chunk))),
  );
}

/** Recounts `teams.members` of one team; runs after the membership changes of its batch. */
export function recountTeamMembers(db: Database, teamId: string): BatchItem<"sqlite"> {
  return db
    .update(teams)
    .set({ members: sql`(SELECT count(*) FROM ${teamMembers} WHERE ${teamMembers.teamId} = ${teamId})` })
    .where(eq(teams.id, teamId));
}

/** Recounts `organization_members.teams` of the given users, in chunks under D1's parameter limit. */
export function recountMemberTeams(db: Database, organizationId: string, userIds: readonly string[]): BatchItem<"sqlite">[] {
  return chunks(userIds, MAX_IDS_PER_IN_LIST).map((chunk) =>
    db
      .update(organizationMembers)
      .set({ teams: memberTeamCount })
      .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, chunk))),
  );
}

/** The number of teams of the organization_members row being updated. */
const memberTeamCount = sql`(SELECT count(*) FROM ${teamMembers} tm
  WHERE tm.organization_id = ${organizationMembers.organizationId} AND tm.user_id = ${organizationMembers.userId})`;

/**
 * Deletes a team of the organization (its team_members rows go by ON DELETE CASCADE). The members'
 * `teams` counters are recounted first, without that team, while it is still known who was in it:
 * both statements are in one batch, so nobody can join the team in between.
 */
export function deleteTeamWrites(db: Database, organizationId: string, teamId: string): BatchItem<"sqlite">[] {
  const teamUsers = db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.organizationId, organizationId)));
  return [
    db
      .update(organizationMembers)
      .set({
        teams: sql`(SELECT count(*) FROM ${teamMembers} tm WHERE tm.organization_id = ${organizationMembers.organizationId}
          AND tm.user_id = ${organizationMembers.userId} AND tm.team_id != ${teamId})`,
      })
      .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, teamUsers))),
    // What was granted to the team goes with it: its members keep only what they hold otherwise.
    grantsOfTeamRemoved(db, organizationId, teamId),
    db.delete(teams).where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId))),
  ];
}
