import { eq } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizations, type ChangeRequestRow, type SpaceRow } from "../../db/schema";
import { forbidden } from "../../lib/errors";
import { currentApprovers } from "./reviews";

/**
 * Merge rules (seed 2.1): with `require_specific_reviewers`, every listed user must have approved
 * the change request (their latest review, not outdated), except its author, who cannot review
 * their own change request. A space's `inherit` takes its organization's rules.
 */
export async function assertMergeRulesMet(ctx: CallerContext, space: SpaceRow, changeRequest: ChangeRequestRow): Promise<void> {
  let rules = space.mergeRules;
  if (rules.type === "inherit") {
    const [organization] = await ctx.db
      .select({ mergeRules: organizations.mergeRules })
      .from(organizations)
      .where(eq(organizations.id, space.organizationId))
      .limit(1);
    rules = organization?.mergeRules ?? { type: "none" };
  }
  if (rules.type !== "rules") return;
  const required = new Set(rules.rules.flatMap((rule) => rule.users).filter((userId) => userId !== changeRequest.createdBy));
  if (required.size === 0) return;
  const approvers = await currentApprovers(ctx.db, changeRequest.id);
  const missing = [...required].filter((userId) => !approvers.has(userId));
  if (missing.length > 0) {
    throw forbidden(`The space's merge rules need an approval from ${missing.map((userId) => `'${userId}'`).join(", ")} before merging`);
  }
}
