import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { rawAll } from "../../db/raw";
import { grants, organizationMembers, teams, users } from "../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { canInOrganization } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { InviteInput } from "../../schemas/grant";
import { loadGrantTargetWith, organizationOf, type GrantTarget, type TargetAccess } from "./targets";

/**
 * `inviteToSpace`, `inviteToCollection`, `inviteToSite`: gives the role to every user and team
 * named, or (role null) takes back what was given to them here. Users are named by id, or by the
 * email of an existing user; a user who is not a member of the organization becomes a guest of it
 * (a member with no role, who sees only what is granted to them), which only organization admins
 * may do. Everything named must exist (404 naming what does not, and nothing changes): an email
 * no user has yet is not invited, and the answer says so (docs/decisions.md, "Grants").
 *
 * Two round trips: the target's access with the lookups of everyone named, then one batch of
 * writes, each a single statement over the ids as JSON, whatever their number.
 */
export async function inviteToContent(ctx: CallerContext, target: GrantTarget, input: InviteInput): Promise<void> {
  const named = namedIn(input);
  const lookups = [...selectUsers(ctx, named), ...selectTeams(ctx, target, named.teamIds), ...selectMemberships(ctx, target, named)];
  const [access, results] = await loadGrantTargetWith(ctx, target, "manage", lookups);
  const found = foundAmong(results as FoundRow[][]);
  assertAllFound(named, found);
  const userIds = [...found.userIds];
  const newGuests = userIds.filter((userId) => !found.members.has(userId));
  if (newGuests.length > 0 && !canInOrganization(access.membership, "manageMembers")) {
    throw forbidden(`Inviting users who are not members of the organization (${quoted(newGuests)}) needs the organization role 'admin': they would join it as guests`);
  }
  await runBatch(ctx.db, input.role === null ? takenBack(ctx, access, userIds, named.teamIds) : given(ctx, access, input.role, userIds, named.teamIds, newGuests));
}

interface Named {
  userIds: string[];
  /** Lower-cased: users' emails are stored lower-cased. */
  emails: string[];
  teamIds: string[];
}

function namedIn(input: InviteInput): Named {
  const users = [...new Set(input.users ?? [])];
  return {
    userIds: users.filter((user) => !user.includes("@")),
    emails: [...new Set(users.filter((user) => user.includes("@")).map((email) => email.toLowerCase()))],
    teamIds: [...new Set(input.teams ?? [])],
  };
}

type FoundRow = { kind: "user" | "team" | "member"; id: string; email: string | null };

/** The users named, by id or by email, as conditions on `users` of at most MAX_IDS_PER_IN_LIST values each. */
const namedUsers = (named: Named) => [
  ...chunks(named.userIds, MAX_IDS_PER_IN_LIST).map((ids) => inArray(users.id, ids)),
  ...chunks(named.emails, MAX_IDS_PER_IN_LIST).map((emails) => inArray(users.email, emails)),
];

/** The users named by id or email: each statement answers rows of `FoundRow`, told apart by `kind`. */
function selectUsers(ctx: CallerContext, named: Named): BatchItem<"sqlite">[] {
  return namedUsers(named).map((condition) =>
    ctx.db.select({ kind: sql<"user">`'user'`.as("kind"), id: users.id, email: users.email }).from(users).where(condition),
  );
}

/** The teams named, of the target's organization only. */
function selectTeams(ctx: CallerContext, target: GrantTarget, teamIds: string[]): BatchItem<"sqlite">[] {
  return chunks(teamIds, MAX_IDS_PER_IN_LIST).map((ids) =>
    ctx.db
      .select({ kind: sql<"team">`'team'`.as("kind"), id: teams.id, email: sql<null>`NULL`.as("email") })
      .from(teams)
      .where(and(inArray(teams.id, ids), eq(teams.organizationId, organizationOf(target)))),
  );
}

/** Which of the users named (by id or email) are already members of the target's organization. */
function selectMemberships(ctx: CallerContext, target: GrantTarget, named: Named): BatchItem<"sqlite">[] {
  return namedUsers(named).map((condition) =>
    ctx.db
      .select({ kind: sql<"member">`'member'`.as("kind"), id: users.id, email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationOf(target)), condition)),
  );
}

function foundAmong(results: FoundRow[][]) {
  const rows = results.flat();
  const of = (kind: FoundRow["kind"]) => rows.filter((row) => row.kind === kind);
  return {
    userIds: new Set(of("user").map((row) => row.id)),
    userEmails: new Set(of("user").map((row) => row.email)),
    teamIds: new Set(of("team").map((row) => row.id)),
    members: new Set(of("member").map((row) => row.id)),
  };
}

/** A 404 naming the first unknown users and teams (GitBook: "No team or user with the provided Id"). */
function assertAllFound(named: Named, found: ReturnType<typeof foundAmong>): void {
  const unknownUsers = [...named.userIds.filter((id) => !found.userIds.has(id)), ...named.emails.filter((email) => !found.userEmails.has(email))];
  const unknownTeams = named.teamIds.filter((id) => !found.teamIds.has(id));
  const parts = [
    unknownUsers.length > 0 ? `${unknownUsers.length === 1 ? "User" : "Users"} ${quoted(unknownUsers)}` : null,
    unknownTeams.length > 0 ? `${unknownTeams.length === 1 ? "Team" : "Teams"} ${quoted(unknownTeams)} of the organization` : null,
  ].filter(Boolean);
  if (parts.length > 0) throw notFound(parts.join(" and "));
}

const quoted = (values: string[]) => values.slice(0, 5).map((value) => `'${value}'`).join(", ") + (values.length > 5 ? ` and ${values.length - 5} more` : "");

/**
 * The writes of an invitation: new guests join first, then each principal's grant is inserted
 * or its role changed. A user's grant is written only while they are a member (one who left
 * meanwhile gets nothing), a team's only while the team is of the organization.
 */
function given(ctx: CallerContext, access: TargetAccess, role: Role, userIds: string[], teamIds: string[], newGuests: string[]): BatchItem<"sqlite">[] {
  const now = nowIso();
  const { organizationId, kind, contentId } = access;
  const statements: BatchItem<"sqlite">[] = [];
  if (newGuests.length > 0) {
    statements.push(
      rawAll(ctx.db, sql`INSERT INTO ${organizationMembers} (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at, teams)
        SELECT ${organizationId}, j.value, NULL, 0, 0, ${now}, ${now}, 0 FROM json_each(${JSON.stringify(newGuests)}) j WHERE true
        ON CONFLICT DO NOTHING`),
    );
  }
  const upsert = (principalKind: "user" | "team", ids: string[], stillThere: SQL) =>
    rawAll(ctx.db, sql`INSERT INTO ${grants} (organization_id, content_kind, content_id, principal_kind, principal_id, role, granted_by, granted_at)
      SELECT ${organizationId}, ${kind}, ${contentId}, ${principalKind}, j.value, ${role}, ${ctx.caller.id}, ${now}
      FROM json_each(${JSON.stringify(ids)}) j WHERE ${stillThere}
      ON CONFLICT (content_id, principal_kind, principal_id) DO UPDATE SET role = excluded.role, granted_by = excluded.granted_by`);
  if (userIds.length > 0) {
    statements.push(upsert("user", userIds, sql`EXISTS (SELECT 1 FROM ${organizationMembers} m WHERE m.organization_id = ${organizationId} AND m.user_id = j.value)`));
  }
  if (teamIds.length > 0) {
    statements.push(upsert("team", teamIds, sql`EXISTS (SELECT 1 FROM ${teams} t WHERE t.id = j.value AND t.organization_id = ${organizationId})`));
  }
  return statements;
}

/** Role null: what was given here to the users and teams named is taken back. */
function takenBack(ctx: CallerContext, access: TargetAccess, userIds: string[], teamIds: string[]): BatchItem<"sqlite">[] {
  const principals = (kind: "user" | "team", ids: string[]) =>
    ids.length === 0 ? [] : [and(eq(grants.principalKind, kind), sql`${grants.principalId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)];
  const whose = [...principals("user", userIds), ...principals("team", teamIds)];
  return [ctx.db.delete(grants).where(and(eq(grants.contentId, access.contentId), or(...whose)))];
}

