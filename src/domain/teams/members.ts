import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { selectedOnce } from "../../db/list-select";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { organizationMembers, teamMembers, users } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { assertCanManageTeam, teamPermissions } from "../../lib/permissions";
import type { TeamMemberObject, TeamRole, UpdateTeamMembersInput } from "../../schemas/team";
import { memberGrantCounts, presentMember, type MemberWithUser } from "../members/members";
import { loadTeamAccess, loadTeamAccessWith } from "./access";
import { batchWrites, deleteTeamMembers, putTeamMembers, recountMemberTeams, recountTeamMembers } from "./writes";

interface TeamMemberWithUser extends MemberWithUser {
  teamRole: TeamRole;
  addedAt: string;
}

/** The team's members, in the order they were added. */
const joinMember = and(eq(organizationMembers.organizationId, teamMembers.organizationId), eq(organizationMembers.userId, teamMembers.userId));

/** A team's members with their membership and user, and their count (built once: db/list-select.ts). */
const teamMemberRows = selectedOnce((db) =>
  db
    // Batched D1 rows are keyed by column name: team_members' columns that organization_members
    // also has (user_id, role, ...) would collide, so only the team role is taken, aliased.
    .select({
      member: organizationMembers,
      user: users,
      ...memberGrantCounts,
      teamRole: sql<TeamRole>`${teamMembers.role}`.as("team_role"),
      addedAt: sql<string>`${teamMembers.addedAt}`.as("team_added_at"),
    })
    .from(teamMembers)
    .innerJoin(organizationMembers, joinMember)
    .innerJoin(users, eq(users.id, teamMembers.userId)),
);
const teamMembersCounted = selectedOnce((db) => db.select({ count: count() }).from(teamMembers).innerJoin(organizationMembers, joinMember));

export async function listTeamMembers(ctx: RequesterContext, organizationId: string, teamId: string, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: teamMembers,
    where: eq(teamMembers.teamId, teamId),
    select: teamMemberRows(),
    counted: teamMembersCounted(),
    sort: sortedBy("addedAt", "asc", [teamMembers.addedAt, teamMembers.userId], (row: TeamMemberWithUser) => [row.addedAt, row.member.userId]),
  });
  const [{ membership, teamRole }, results] = await loadTeamAccessWith(ctx, organizationId, teamId, page.reads);
  const { view } = teamPermissions(membership, teamRole);
  if (!view) throw forbidden("Listing this team's members needs the organization role 'read' or higher, or being in the team");
  return page.answer(
    results,
    (row): TeamMemberObject => ({
      organization: presentMember(row, ctx.urls),
      team: { role: row.teamRole },
      // Whoever may list the team's members may view each of them.
      permissions: { view },
    }),
  );
}

/**
 * Adds, re-roles and removes team members in one batch. `add` and `remove` take user ids or
 * emails; `memberships` (user id → role) adds or updates. Removal wins: a user named in `remove`
 * is removed whatever else names them. Every user named must be a member of the organization.
 */
export async function updateTeamMembers(ctx: CallerContext, organizationId: string, teamId: string, input: UpdateTeamMembersInput) {
  const { team, membership, teamRole } = await loadTeamAccess(ctx, organizationId, teamId);
  assertCanManageTeam(membership, teamRole);

  const memberships = Object.entries(input.memberships ?? {});
  const resolver = await resolveOrganizationMembers(ctx, organizationId, [
    ...(input.add ?? []),
    ...(input.remove ?? []),
    ...memberships.map(([userId]) => userId),
  ]);
  // Resolved field by field, so a 400 names the first field (add, remove, memberships) at fault.
  const added = (input.add ?? []).map((reference) => resolveReference("add", reference, resolver));
  const removed = new Set((input.remove ?? []).map((reference) => resolveReference("remove", reference, resolver)));
  const roles = new Map(memberships.map(([userId, { role }]) => [resolveReference("memberships", userId, resolver), role] as const));

  const kept = (userId: string) => !removed.has(userId);
  const withRole = (role: TeamRole) => [...roles].filter(([userId, given]) => given === role && kept(userId)).map(([userId]) => userId);
  // `add` only adds (an existing member keeps their role); `memberships` adds or sets the role.
  const plainAdds = [...new Set(added)].filter((userId) => kept(userId) && !roles.has(userId));
  const affected = [...new Set([...plainAdds, ...roles.keys(), ...removed])];
  if (affected.length === 0) return;

  const now = nowIso();
  await batchWrites(ctx.db, [
    ...putTeamMembers(ctx.db, team, plainAdds, "member", "keepRole", now),
    ...putTeamMembers(ctx.db, team, withRole("owner"), "owner", "setRole", now),
    ...putTeamMembers(ctx.db, team, withRole("member"), "member", "setRole", now),
    ...deleteTeamMembers(ctx.db, teamId, [...removed]),
    recountTeamMembers(ctx.db, teamId),
    ...recountMemberTeams(ctx.db, organizationId, affected),
  ]);
}

/** Adds `userId` to the team with `role`, or changes their role (organization admins and team owners). */
export async function putTeamMember(ctx: CallerContext, organizationId: string, teamId: string, userId: string, role: TeamRole) {
  const { team, membership, teamRole } = await loadTeamAccess(ctx, organizationId, teamId);
  assertCanManageTeam(membership, teamRole);
  // The insert only takes organization members; the read in the same batch tells whether there is one.
  const results = await ctx.db.batch([
    isOrganizationMember(ctx, organizationId, userId),
    ...putTeamMembers(ctx.db, team, [userId], role, "setRole", nowIso()),
    recountTeamMembers(ctx.db, teamId),
    ...recountMemberTeams(ctx.db, organizationId, [userId]),
  ]);
  if ((results[0] as unknown[]).length === 0) throw notFound(`Member '${userId}'`);
}

/**
 * Removes `userId` from the team: organization admins and team owners may remove anyone, and
 * everyone may leave a team. Removing someone who is not in it succeeds too (seed 4.17).
 */
export async function removeTeamMember(ctx: CallerContext, organizationId: string, teamId: string, userId: string): Promise<void> {
  const { membership, teamRole } = await loadTeamAccess(ctx, organizationId, teamId);
  if (userId !== ctx.caller.id) assertCanManageTeam(membership, teamRole);
  await batchWrites(ctx.db, [
    ...deleteTeamMembers(ctx.db, teamId, [userId]),
    recountTeamMembers(ctx.db, teamId),
    ...recountMemberTeams(ctx.db, organizationId, [userId]),
  ]);
}

function isOrganizationMember(ctx: CallerContext, organizationId: string, userId: string) {
  return ctx.db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
}

/** Maps each reference (user id, or email when it has an '@') to the id of an organization member. */
type Resolver = Map<string, string>;

async function resolveOrganizationMembers(ctx: CallerContext, organizationId: string, references: string[]): Promise<Resolver> {
  const unique = [...new Set(references)];
  const emails = unique.filter(isEmail).map((email) => email.toLowerCase());
  const ids = unique.filter((reference) => !isEmail(reference));
  const lookup = (column: typeof users.id | typeof users.email, values: string[]) =>
    chunks(values, MAX_IDS_PER_IN_LIST).map((chunk) =>
      ctx.db
        .select({ id: users.id, email: users.email })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.organizationId, organizationId), inArray(column, chunk))),
    );
  const [first, ...rest] = [...lookup(users.id, ids), ...lookup(users.email, emails)];
  const resolver: Resolver = new Map();
  if (!first) return resolver;
  for (const user of (await ctx.db.batch([first, ...rest])).flat()) {
    resolver.set(user.id, user.id);
    resolver.set(user.email, user.id);
  }
  return resolver;
}

/** The user id of one reference of a body field, or a 400 naming the field and the reference. */
function resolveReference(field: string, reference: string, resolver: Resolver): string {
  const userId = resolver.get(isEmail(reference) ? reference.toLowerCase() : reference);
  if (userId === undefined) throw badRequest(`Invalid body field '${field}': '${reference}' is not a member of this organization`);
  return userId;
}

const isEmail = (reference: string) => reference.includes("@");
