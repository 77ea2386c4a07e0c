import type { GitSyncRow } from "../../db/schema";
import type { GitSyncStateObject } from "../../schemas/git-sync";

/**
 * The `gitSync` field of a space and the answer of `getSpaceGitInfo`: here, with the space, because the
 * space read shows it in its own round trip (domain/git-sync writes the rows).
 *
 * GitBook's GitSyncState for a space synced by URL. 0.202 requires `installationId`,
 * `installationStatus` and `installationProvider`, which describe a GitHub or GitLab app
 * installation; a sync by URL has none, so (docs/decisions.md, "Git sync"): the id is
 * `git-url:` and a hash of the repository URL, the status is `active` (the URL is all it needs),
 * and the provider is the one `gitInfo.provider` named, else guessed from the host (gitlab for a
 * host with "gitlab" in its name, github for any other: the enum has no generic value).
 */

/** An operation not ended this long after it was asked for is reported as `timeout` (its job is lost or its worker gone). */
export const OPERATION_TIMEOUT_MS = 15 * 60 * 1000;

export function presentGitSync(sync: GitSyncRow, now = Date.now()): GitSyncStateObject {
  // GitBook's operation states have no "pending": a queued operation is shown `running` (asked for, not ended).
  const { state } = sync;
  const ongoing = state === "queued" || state === "running";
  const timedOut = ongoing && now - Date.parse(sync.startedAt) > OPERATION_TIMEOUT_MS;
  return {
    repoName: repoNameOf(sync.url),
    installationStatus: "active",
    installationProvider: sync.provider,
    installationId: installationIdOf(sync.url),
    url: sync.treeUrl ?? sync.url,
    updatedAt: sync.updatedAt,
    operation: {
      state: timedOut ? "timeout" : ongoing ? "running" : state,
      direction: sync.direction,
      startedAt: sync.startedAt,
      ...(sync.endedAt ? { endedAt: sync.endedAt } : {}),
      ...(sync.error ? { error: sync.error } : timedOut ? { error: "The sync did not finish in time" } : {}),
    },
    operationTimeout: OPERATION_TIMEOUT_MS,
  };
}

/** `owner/name` of `https://host/owner/name.git` (the path without `.git`). */
export function repoNameOf(url: string): string {
  const path = new URL(url).pathname.replace(/\/+$/, "").replace(/\.git$/, "");
  return path.replace(/^\/+/, "") || new URL(url).host;
}

export function providerOf(url: string, named?: "github" | "gitlab"): "github" | "gitlab" {
  if (named) return named;
  return /gitlab/i.test(new URL(url).hostname) ? "gitlab" : "github";
}

/** A stable id per repository URL (FNV-1a, hex): no secret in it, the same for every space. */
export function installationIdOf(url: string): string {
  let hash = 0x811c9dc5;
  for (const char of url) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `git-url:${hash.toString(16).padStart(8, "0")}`;
}
