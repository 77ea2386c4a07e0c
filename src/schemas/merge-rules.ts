import { z } from "@hono/zod-openapi";

const SpecificReviewersRule = z.object({
  rule: z.literal("require_specific_reviewers"),
  users: z.array(z.string().min(1)).max(100),
});

/**
 * Merge rules as an organization stores them. The seed shows one rule kind,
 * `require_specific_reviewers`; it is the only one accepted until the others are enforced.
 */
export const MergeRulesStandalone = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("none") }),
    z.object({ type: z.literal("rules"), rules: z.array(SpecificReviewersRule).max(20) }),
  ])
  .openapi("MergeRulesStandaloneConfiguration");

export type MergeRulesValue = z.infer<typeof MergeRulesStandalone>;

/** A space's merge rules: its own, or `inherit` (the organization's apply). */
export const MergeRulesSpace = z
  .union([z.object({ type: z.literal("inherit") }).openapi("MergeRulesConfigurationInherit"), MergeRulesStandalone])
  .openapi("MergeRulesSpaceConfiguration");

export type SpaceMergeRulesValue = z.infer<typeof MergeRulesSpace>;
