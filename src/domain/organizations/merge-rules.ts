import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizationMembers } from "../../db/schema";
import { chunks, MAX_IDS_PER_IN_LIST } from "../../db/limits";
import { badRequest } from "../../lib/errors";
import type { SpaceMergeRulesValue } from "../../schemas/merge-rules";

/** The ids among `userIds` that are not members of the organization, in one round trip. */
export async function nonMembers(
  ctx: CallerContext,
  organizationId: string,
  userIds: readonly string[],
  options: { excludeGuests?: boolean } = {},
): Promise<string[]> {
  const unique = [...new Set(userIds)];
  const [first, ...rest] = chunks(unique, MAX_IDS_PER_IN_LIST).map((ids) =>
    ctx.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          inArray(organizationMembers.userId, ids),
          // Guests see no content, so they cannot be asked to review it.
          options.excludeGuests ? isNotNull(organizationMembers.role) : undefined,
        ),
      ),
  );
  const found = first ? await ctx.db.batch([first, ...rest]) : [];
  const known = new Set(found.flat().map((member) => member.userId));
  return unique.filter((userId) => !known.has(userId));
}

/** Reviewers named by merge rules (of an organization or a space) must be members of the organization. */
export async function assertReviewersAreMembers(ctx: CallerContext, organizationId: string, mergeRules: SpaceMergeRulesValue) {
  if (mergeRules.type !== "rules") return;
  const [unknown] = await nonMembers(ctx, organizationId, mergeRules.rules.flatMap((rule) => rule.users));
  if (unknown) throw badRequest(`Invalid body field 'mergeRules.rules': user '${unknown}' is not a member of this organization`);
}
