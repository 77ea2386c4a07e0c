/**
 * What one sync job may hold, so that it stays inside a Worker's memory (128 MB) and CPU: the
 * packfile downloaded (the repository's size as Git sends it), the number of files of the tree,
 * and the size of any one file. Each can be tuned per deployment (wrangler.toml [vars]).
 */
export interface SyncLimits {
  /** GIT_MAX_REPOSITORY_BYTES: the largest packfile fetched, and the largest tree read or written. */
  repositoryBytes: number;
  /** GIT_MAX_FILES: files in the fetched tree (the whole tree, not only the project directory). */
  files: number;
  /** GIT_MAX_FILE_BYTES: any one file (a page's markdown or an asset). */
  fileBytes: number;
  /** GIT_TIMEOUT_SECONDS: each exchange with the Git server (one fetch, one push). */
  timeoutMs: number;
}

export interface GitSyncEnv {
  GIT_MAX_REPOSITORY_BYTES?: string;
  GIT_MAX_FILES?: string;
  GIT_MAX_FILE_BYTES?: string;
  GIT_TIMEOUT_SECONDS?: string;
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  repositoryBytes: 25 * 1024 * 1024,
  files: 5_000,
  fileBytes: 10 * 1024 * 1024,
  timeoutMs: 60_000,
};

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(number) && number > 0 ? number : fallback;
};

/** The limits a deployment set, the defaults for any it did not (or set to something unreadable). */
export function syncLimitsOf(env: GitSyncEnv): SyncLimits {
  return {
    repositoryBytes: positive(env.GIT_MAX_REPOSITORY_BYTES, DEFAULT_SYNC_LIMITS.repositoryBytes),
    files: positive(env.GIT_MAX_FILES, DEFAULT_SYNC_LIMITS.files),
    fileBytes: positive(env.GIT_MAX_FILE_BYTES, DEFAULT_SYNC_LIMITS.fileBytes),
    timeoutMs: positive(env.GIT_TIMEOUT_SECONDS, DEFAULT_SYNC_LIMITS.timeoutMs / 1000) * 1000,
  };
}
