/**
 * A sync that cannot be done as asked: an unreachable or refusing server, a missing branch, a
 * limit passed, a push that would overwrite. The message is written for the user and is recorded
 * on the job (GitSyncState.operation.error); it never holds credentials.
 */
export class GitSyncError extends Error {
  override name = "GitSyncError";
}
