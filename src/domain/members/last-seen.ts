import { and, eq, lt } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizationMembers } from "../../db/schema";
import { nowIso } from "../../lib/ids";
import { loadOrganizationAccessWith } from "../organizations/access";

/**
 * Records that the caller is active in the organization now (GitBook's
 * `updateOrganizationMemberLastSeenAt`, `POST …/ping`): their `lastSeenAt`, written at once rather
 * than by the member-activity job every other request feeds. The update goes in the access check's
 * batch (one round trip); it can only touch the caller's own active membership, which exists
 * exactly when access is granted, and it only moves the time forward, as the job does.
 *
 * GitBook may answer `gitbookVisitorClaims` (a JWT of claims to attach to the user); this
 * deployment has no claims to give members, so the answer is `{}`.
 */
export async function recordMemberSeen(ctx: CallerContext, organizationId: string): Promise<Record<string, never>> {
  const now = nowIso();
  await loadOrganizationAccessWith(ctx, organizationId, [
    ctx.db
      .update(organizationMembers)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.userId, ctx.caller.id),
          eq(organizationMembers.disabled, false),
          lt(organizationMembers.lastSeenAt, now),
        ),
      ),
  ]);
  return {};
}
