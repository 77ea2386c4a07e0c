import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, json, timestamp } from "./columns";
import { spaces } from "./content";

/**
 * Git sync (domain/git-sync): the repository a space is synced with and the state of its last
 * operation (GitBook's GitSyncState), and one row per import or export asked for.
 */

export type GitSyncDirection = "import" | "export";
export type GitSyncJobState = "queued" | "running" | "success" | "failure";

/** What the import or export was asked with (GitBook's ImportGitRepository / ExportToGitRepository), the URL without credentials. */
export interface GitSyncRequest {
  url: string;
  ref: string;
  commitMessage?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  standalone?: boolean;
  gitInfo?: { provider?: "github" | "gitlab"; url?: string };
}

export const gitSyncJobs = sqliteTable(
  "git_sync_jobs",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    direction: text("direction").$type<GitSyncDirection>().notNull(),
    state: text("state").$type<GitSyncJobState>().notNull(),
    request: json<GitSyncRequest>("request").notNull(),
    /** The URL's credentials, AES-GCM encrypted (git-sync/credentials.ts); erased when the job ends. */
    credentials: text("credentials"),
    requestedBy: text("requested_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    startedAt: timestamp("started_at"),
    endedAt: timestamp("ended_at"),
    /** Why it failed, written for the user. */
    error: text("error"),
    /** The commit imported or pushed; the revision an import made. */
    commit: text("commit"),
    revisionId: text("revision_id"),
  },
  (table) => [index("git_sync_jobs_space").on(table.spaceId, table.createdAt)],
);

export type GitSyncJobRow = typeof gitSyncJobs.$inferSelect;

export const gitSyncs = sqliteTable("git_syncs", {
  spaceId: text("space_id")
    .primaryKey()
    .references(() => spaces.id, { onDelete: "cascade" }),
  /** The repository, without credentials. */
  url: text("url").notNull(),
  ref: text("ref").notNull(),
  provider: text("provider").$type<"github" | "gitlab">().notNull(),
  /** The repository's tree URL (gitInfo.url or repoTreeURL), used to render links to it. */
  treeUrl: text("tree_url"),
  /** The commit the space and the branch last agreed on (imported or pushed): an export refuses to build past a branch that moved since. */
  lastCommit: text("last_commit"),
  /** Whether `lastCommit` is the one this space's export left on the branch: importing it back imports a commit made here (createdByGitBook). */
  lastCommitExported: flag("last_commit_exported").notNull().default(false),
  /** The `timestamp` of the last applied sync: an older import is skipped unless forced. */
  lastTimestamp: timestamp("last_timestamp"),
  updatedAt: timestamp("updated_at").notNull(),
  /** The last operation (GitSyncState.operation). */
  jobId: text("job_id").notNull(),
  direction: text("direction").$type<GitSyncDirection>().notNull(),
  state: text("state").$type<GitSyncJobState>().notNull(),
  startedAt: timestamp("started_at").notNull(),
  endedAt: timestamp("ended_at"),
  error: text("error"),
});

export type GitSyncRow = typeof gitSyncs.$inferSelect;
