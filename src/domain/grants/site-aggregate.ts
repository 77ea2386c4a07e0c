import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { pageReads } from "../../db/keyset";
import { grants, organizationMembers, teamMembers, users, type MemberRow, type UserRow } from "../../db/schema";
import { canInOrganization } from "../../lib/permissions";
import { roleOfRank, roleRank } from "../../lib/roles";
import type { UserSitePermissionObject } from "../../schemas/grant";
import { qualified, rankOf } from "../content-tree/granted-levels";
import { matchesSearch, memberSortKey, type MemberListQuery } from "../members/members";
import { presentUser } from "../users/users";
import { loadGrantTargetWith } from "./targets";

export interface SiteAggregateQuery extends MemberListQuery {
  /** Only the members of this team. */
  team?: string;
}

/**
 * `listPermissionsAggregateInSite`: every active member who can access the site, with their level
 * on it (the higher of their organization role and what is granted to them, or to a team of
 * theirs, on the site) and where it comes from (`origin`). The filters and sorts are the member
 * list's (`role` is the organization role there too); the levels are computed by the database,
 * so pages are keyset pages over the members.
 */
export async function listSitePermissionsAggregate(ctx: RequesterContext, organizationId: string, siteId: string, query: SiteAggregateQuery) {
  const userId = qualified(organizationMembers.userId);
  const ownRank = sql<number | null>`(SELECT ${rankOf(sql`g.role`)} FROM ${grants} g WHERE g.content_id = ${siteId} AND g.principal_kind = 'user' AND g.principal_id = ${userId})`;
  const bestTeam = (column: SQL) =>
    sql`(SELECT ${column} FROM ${grants} g JOIN ${teamMembers} tm ON tm.team_id = g.principal_id AND tm.user_id = ${userId}
      WHERE g.content_id = ${siteId} AND g.principal_kind = 'team' ORDER BY ${rankOf(sql`g.role`)} DESC, g.principal_id LIMIT 1)`;
  const teamRank = bestTeam(rankOf(sql`g.role`));
  const level = sql<number>`max(coalesce(${rankOf(qualified(organizationMembers.role))}, 0), coalesce(${ownRank}, 0), coalesce(${teamRank}, 0))`;
  const sortKey = memberSortKey(query.sort, query.order);
  const page = pageReads(ctx.db, query, {
    from: organizationMembers,
    where: and(
      eq(organizationMembers.organizationId, organizationId),
      eq(organizationMembers.disabled, false),
      sql`${level} > 0`,
      query.role === undefined ? undefined : query.role === "guest" ? isNull(organizationMembers.role) : eq(organizationMembers.role, query.role),
      query.search ? matchesSearch(query.search) : undefined,
      query.team === undefined ? undefined : sql`EXISTS (SELECT 1 FROM ${teamMembers} ft WHERE ft.team_id = ${query.team} AND ft.user_id = ${userId})`,
    ),
    select: ctx.db
      .select({
        member: organizationMembers,
        user: users,
        ownRank: ownRank.as("own_rank"),
        teamRank: sql<number | null>`${teamRank}`.as("team_rank"),
        teamId: sql<string | null>`${bestTeam(sql`g.principal_id`)}`.as("team_id"),
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId)),
    // The search filter reads the user's name and email: the count joins users too.
    counted: ctx.db.select({ count: sql<number>`count(*)` }).from(organizationMembers).innerJoin(users, eq(users.id, organizationMembers.userId)),
    sort: {
      name: `${query.sort}:${query.order}`,
      keys: [sortKey, { expression: organizationMembers.userId, direction: query.order, valueOf: (row: Row) => row.member.userId }],
    },
  });
  const [access, results] = await loadGrantTargetWith(ctx, { kind: "site", organizationId, siteId }, "view", page.reads);
  const withEmail = canInOrganization(access.membership, "listMembers");
  return page.answer(results, (row: Row): UserSitePermissionObject => {
    const byRole = roleRank(row.member.role);
    const own = row.ownRank ?? 0;
    const byTeam = row.teamRank ?? 0;
    const origin =
      byRole >= Math.max(own, byTeam)
        ? { type: "organization" as const, organization: organizationId }
        : own >= byTeam
          ? { type: "site" as const, site: siteId, reason: "member" as const }
          : { type: "site" as const, site: siteId, reason: "team" as const, team: row.teamId! };
    return {
      permission: roleOfRank(Math.max(byRole, own, byTeam)),
      user: presentUser(row.user, ctx.urls, { withEmail }),
      origin,
      disabled: row.member.disabled,
      lastSeenAt: row.member.lastSeenAt,
    };
  });
}

type Row = { member: MemberRow; user: UserRow; ownRank: number | null; teamRank: number | null; teamId: string | null };
