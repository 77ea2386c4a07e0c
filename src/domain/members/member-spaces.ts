import { and, eq, isNull, sql } from "drizzle-orm";
import type { RequesterContext } from "../../context";
import { pageReads, sortedBy, type Direction } from "../../db/keyset";
import { selectedOnce } from "../../db/list-select";
import { organizationMembers, spaces, type SpaceRow } from "../../db/schema";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import { levelOn } from "../content-tree/access";
import { grantedOnSpace, grantedRankOnSpace } from "../content-tree/granted-levels";
import { joinsParentCollection, levelsFromParent, parentCollection, parentLevelColumns } from "../content-tree/inherited-levels";
import { loadOrganizationAccessWith, type Member } from "../organizations/access";
import { presentSpace } from "../spaces/present";
import { spacesCounted } from "../spaces/spaces";
import { memberNotFound } from "./members";

/**
 * The spaces a member can access (GitBook's `listSpacesForOrganizationMember`: "spaces that can be
 * accessed by the user in the organization"), each with the member's level on it, computed as
 * every access check computes it (content-tree/access.ts `levelOn`: their role, the default
 * levels, what was created by them, what is granted to them and their teams). Live spaces only,
 * by creation (`order`, newest first by default as GitBook's `listOrder`). A guest's are the spaces
 * granted to them; a disabled member's, none.
 */

/** Spaces with what their parent gives and what is granted to the member (`memberId`) on them, built once. */
const memberSpaceRows = selectedOnce((db) =>
  db
    .select({ space: spaces, parent: parentLevelColumns, granted: grantedOnSpace(sql`${sql.placeholder("memberId")}`) })
    .from(spaces)
    .leftJoin(parentCollection, joinsParentCollection),
);

type MemberSpaceRow = { space: SpaceRow; parent: { defaultLevel: Role | null; inheritedLevel: Role | null }; granted: Role | null };

/**
 * Whether `memberId` can access the `spaces` row of the statement: an active member of its
 * organization who is not a guest (every live space gives them a level), or one granted it.
 */
const accessibleTo = (memberId: string, organizationId: string) =>
  sql`EXISTS (SELECT 1 FROM ${organizationMembers} am WHERE am.organization_id = ${organizationId} AND am.user_id = ${memberId}
    AND am.disabled = 0 AND (am.role IS NOT NULL OR ${grantedRankOnSpace(memberId)} IS NOT NULL))`;

/**
 * Who may ask: the member themself (guests included), and whoever may see every member's access
 * (`viewMemberAccess`: organization admins, who administer all content); anyone else a 403, before
 * anything is said of the member. A user who is not a member is a 404 `Member`. One round trip:
 * the page and the member's row ride in the access check's batch.
 */
export async function listSpacesOfMember(ctx: RequesterContext, organizationId: string, memberId: string, query: PageRequest & { order: Direction }) {
  const page = pageReads(ctx.db, query, {
    from: spaces,
    where: and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt), accessibleTo(memberId, organizationId)),
    select: memberSpaceRows({ memberId }),
    counted: spacesCounted(),
    sort: sortedBy(`createdAt:${query.order}`, query.order, [spaces.createdAt, spaces.id], ({ space }: MemberSpaceRow) => [space.createdAt, space.id]),
    alongside: [
      ctx.db
        .select({ disabled: organizationMembers.disabled, role: organizationMembers.role, lastSeenAt: organizationMembers.lastSeenAt })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, memberId))),
    ],
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  const isSelf = memberId === access.callerContext.caller.id;
  if (!isSelf) assertOrganizationAction(access.membership, "viewMemberAccess");
  return page.answerWith(results, ([memberRows]) => {
    const [row] = memberRows as Array<Pick<Member, "disabled" | "role" | "lastSeenAt">>;
    if (!row) throw memberNotFound(memberId);
    const member: Member = { ...row, organizationId, userId: memberId };
    return ({ space, parent, granted }: MemberSpaceRow) => {
      const levels = [space.defaultLevel, ...levelsFromParent(parent)];
      // The filter let in only spaces the member has a level on.
      const permission = levelOn(member, levels, space.createdBy, granted) ?? "read";
      // The Space's `permissions` are the caller's, as everywhere: the member's own, or an admin's.
      const callerLevel = isSelf ? permission : (levelOn(access.member, levels, space.createdBy, null) ?? "read");
      return { permission, space: presentSpace(space, callerLevel, ctx.urls) };
    };
  });
}
