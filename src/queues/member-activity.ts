import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizationMembers } from "../db/schema";
import type { Job } from "../lib/jobs";

type MemberSeen = Extract<Job, { kind: "member.seen" }>;

/**
 * Moves members' lastSeenAt forward. A batch is folded to the latest time per member, and every
 * update only ever moves the value forward, so redelivery and reordering are harmless. All of a
 * batch's updates go to D1 in one round trip.
 */
export async function recordMemberActivity(db: Database, jobs: MemberSeen[]): Promise<void> {
  const latest = new Map<string, MemberSeen>();
  for (const job of jobs) {
    const key = `${job.organizationId}/${job.userId}`;
    const known = latest.get(key);
    if (!known || known.at < job.at) latest.set(key, job);
  }
  const updates = [...latest.values()].map((job) =>
    db
      .update(organizationMembers)
      .set({ lastSeenAt: job.at })
      .where(
        and(
          eq(organizationMembers.organizationId, job.organizationId),
          eq(organizationMembers.userId, job.userId),
          lt(organizationMembers.lastSeenAt, job.at),
        ),
      ),
  );
  const [first, ...rest] = updates;
  if (first) await db.batch([first, ...rest]);
}
