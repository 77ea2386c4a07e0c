import { eq } from "drizzle-orm";
import type { UserContext } from "../../context";
import { users } from "../../db/schema";
import { forbidden } from "../../lib/errors";
import type { UserObject } from "../../schemas/user";
import { presentUser } from "./users";
import { getVisibleUser, userNotFound } from "./visible-users";

export interface ProfileChange {
  displayName?: string;
  photoURL?: string;
}

/**
 * Changes a user's own profile (GitBook's `updateUserById`): only the user themself may. Another
 * user the caller can see (getUserById's rule) is a 403; one they cannot see, a 404, as for a read,
 * so the refusal reveals nothing getUserById would not.
 */
export async function updateOwnProfile(ctx: UserContext, userId: string, change: ProfileChange): Promise<UserObject> {
  if (userId !== ctx.caller.id) {
    await getVisibleUser(ctx, userId);
    throw forbidden("A user's profile can only be changed by that user");
  }
  const [updated] = await ctx.db.update(users).set(change).where(eq(users.id, userId)).returning();
  // The caller's row was read by the authentication of this request: gone since, it is a 404.
  if (!updated) throw userNotFound(userId);
  return presentUser(updated, ctx.urls);
}
