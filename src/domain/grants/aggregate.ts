import { and, eq, sql, type SQL } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { pageReads, sortedBy } from "../../db/keyset";
import { collections, organizationMembers, spaces, users, type MemberRow, type UserRow } from "../../db/schema";
import type { PageRequest } from "../../lib/pagination";
import { canInOrganization } from "../../lib/permissions";
import { roleRank, type Role } from "../../lib/roles";
import { collectionGrantSources, grantedColumn, grantedRank, qualified, rankOf, spaceGrantSources } from "../content-tree/granted-levels";
import { presentUser } from "../users/users";
import { loadGrantTargetWith, organizationOf, type GrantTarget } from "./targets";

/**
 * `listPermissionsAggregateInSpace` and `…InCollection`: every member who can access the content,
 * with their level on it, oldest member first. The level is computed in SQL for each member, so
 * the `role` filter and the pages are the database's (a keyset over organization_members_joined):
 * it is `levelOn` (content-tree/access.ts) written for many members at once, and the two must
 * agree (test/routes/grants/aggregate.test.ts reads each listed member's own access back).
 * Disabled members, and guests given nothing, cannot access the content and are not listed.
 */
export async function listPermissionsAggregate(ctx: RequesterContext, target: Exclude<GrantTarget, { kind: "site" }>, query: PageRequest & { role?: Role }) {
  const facts = target.kind === "space" ? spaceFacts(target.spaceId) : collectionFacts(target.collectionId);
  const rank = levelRankOfMember(facts);
  const page = pageReads(ctx.db, query, {
    from: organizationMembers,
    where: and(
      eq(organizationMembers.organizationId, organizationOf(target)),
      eq(organizationMembers.disabled, false),
      sql`${rank} > 0`,
      query.role === undefined ? undefined : sql`${rank} = ${roleRank(query.role)}`,
    ),
    select: ctx.db
      .select({ member: organizationMembers, user: users, permission: grantedColumn(rank, "permission_rank") })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId)),
    sort: sortedBy("joinedAt:asc", "asc", [organizationMembers.joinedAt, organizationMembers.userId], (row: AggregateRow) => [row.member.joinedAt, row.member.userId]),
  });
  const [access, results] = await loadGrantTargetWith(ctx, target, "view", page.reads);
  const withEmail = canInOrganization(access.membership, "listMembers");
  return page.answer(results, ({ user, permission }: AggregateRow) => ({ permission: permission!, user: presentUser(user, ctx.urls, { withEmail }) }));
}

type AggregateRow = { member: MemberRow; user: UserRow; permission: Role | null };

/** What a member's level on one content depends on besides their role, as SQL about that content. */
interface ContentFacts {
  createdBy: SQL;
  /** The first default level set on the content or above it (null: none, the role applies). */
  defaultLevel: SQL;
  /** The contents whose grants apply (spaceGrantSources, collectionGrantSources). */
  sources: SQL;
  organizationId: SQL;
}

function spaceFacts(spaceId: string): ContentFacts {
  const ofSpace = (column: SQL) => sql`(SELECT ${column} FROM ${spaces} s LEFT JOIN ${collections} p ON p.id = s.parent_id WHERE s.id = ${spaceId})`;
  return {
    createdBy: ofSpace(sql`s.created_by`),
    defaultLevel: ofSpace(sql`coalesce(s.default_level, p.default_level, p.inherited_level)`),
    sources: spaceGrantSources(sql`${spaceId}`, ofSpace(sql`p.lineage`)),
    organizationId: ofSpace(sql`s.organization_id`),
  };
}

function collectionFacts(collectionId: string): ContentFacts {
  const ofCollection = (column: SQL) => sql`(SELECT ${column} FROM ${collections} c WHERE c.id = ${collectionId})`;
  return {
    createdBy: ofCollection(sql`c.created_by`),
    defaultLevel: ofCollection(sql`coalesce(c.default_level, c.inherited_level)`),
    sources: collectionGrantSources(ofCollection(sql`c.lineage`)),
    organizationId: ofCollection(sql`c.organization_id`),
  };
}

/**
 * The rank of the level of the `organization_members` row of the statement on the content (0: none):
 * the higher of what their role gives (admins and the content's creator administer it, guests get
 * nothing, others the first default level set, else their role) and what is granted to them.
 */
function levelRankOfMember(facts: ContentFacts): SQL<number> {
  const role = qualified(organizationMembers.role);
  const userId = qualified(organizationMembers.userId);
  const byRole = sql`CASE WHEN ${role} IS NULL THEN 0 WHEN ${role} = 'admin' OR ${userId} = ${facts.createdBy} THEN ${roleRank("admin")}
    ELSE ${rankOf(sql`coalesce(${facts.defaultLevel}, ${role})`)} END`;
  return sql<number>`max(${byRole}, coalesce(${grantedRank(facts.sources, userId, facts.organizationId)}, 0))`;
}
