import { z } from "@hono/zod-openapi";
import { Timestamp } from "./common";

/** Git sync (seed 2.2 `gitSync`, 2.17 Git info, 4.18; GitBook's ImportGitRepository, ExportToGitRepository, GitSyncState). */

const RepositoryUrl = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\/[^/\s]+/i.test(value) && URL.canParse(value), "must be an absolute http(s) URL of a Git repository")
  .openapi({ description: "The repository's smart-HTTP URL. It can contain basic auth credentials (`https://user:token@host/repo.git`): they are used for this job only, never stored in clear or shown." });

const GitRef = z
  .string()
  .max(256)
  .regex(/^refs\/heads\/[^\s~^:?*[\\]+$/, "must be a branch ref in the format 'refs/heads/<branch>'")
  .openapi({ description: 'The Git ref, in the format "refs/heads/main"' });

const ProjectDirectory = z
  .string()
  .max(512)
  .refine((value) => !value.split("/").includes(".."), "must not contain '..'")
  .openapi({ description: "Path to a root directory for the project in the repository" });

export const UpdateSpaceGitInfo = z
  .strictObject({
    provider: z.enum(["github", "gitlab"]).optional().openapi({ description: "The Git provider shown for the space" }),
    url: z.string().max(2048).optional().openapi({ description: "The repository's tree URL" }),
  })
  .openapi("UpdateSpaceGitInfo");

const SyncFields = {
  url: RepositoryUrl,
  ref: GitRef,
  repoCacheID: z.string().max(256).optional().openapi({ description: "Deprecated; accepted and ignored" }),
  repoTreeURL: z.string().max(2048).optional().openapi({ description: "URL prefix for external file references (the repository's tree)" }),
  repoCommitURL: z.string().max(2048).optional().openapi({ description: "URL prefix of commits: the revision's `git.url` is this followed by the commit id" }),
  repoProjectDirectory: ProjectDirectory.optional(),
  timestamp: Timestamp.optional().openapi({ description: "When the triggering event happened: an import older than the last applied sync is skipped unless `force`" }),
  force: z.boolean().optional(),
  gitInfo: UpdateSpaceGitInfo.optional(),
};

export const ImportGitRepository = z
  .strictObject({
    ...SyncFields,
    force: z.boolean().optional().openapi({ description: "Import even when `timestamp` is older than the last applied sync" }),
    standalone: z.boolean().optional().openapi({ description: "Make a revision of the repository without updating the space's content" }),
  })
  .openapi("ImportGitRepository", { example: { url: "https://github.com/acme/docs.git", ref: "refs/heads/main" } });

export const ExportToGitRepository = z
  .strictObject({
    ...SyncFields,
    commitMessage: z.string().min(1).max(10_000).openapi({ description: "The message of the commit" }),
    force: z.boolean().optional().openapi({ description: "Push even when the branch has commits the space has not imported (they are overwritten)" }),
    standalone: z.boolean().optional().openapi({ description: "A snapshot: the export does not link the space to the repository" }),
  })
  .openapi("ExportToGitRepository", { example: { url: "https://github.com/acme/docs.git", ref: "refs/heads/main", commitMessage: "Update docs" } });

export type ImportGitRepositoryInput = z.infer<typeof ImportGitRepository>;
export type ExportToGitRepositoryInput = z.infer<typeof ExportToGitRepository>;

export const GitSyncState = z
  .object({
    repoName: z.string().optional(),
    installationStatus: z.enum(["unauthenticated", "active", "pending"]),
    installationProvider: z.enum(["github", "gitlab", "github-legacy"]),
    installationId: z.string().openapi({ description: "`git-url:` and a hash of the repository URL: this deployment syncs by URL, without an app installation" }),
    url: z.string().optional().openapi({ description: "The repository's tree URL (or its URL)" }),
    updatedAt: Timestamp.optional(),
    operation: z
      .object({
        state: z.enum(["running", "failure", "success", "timeout"]),
        direction: z.enum(["export", "import"]),
        startedAt: Timestamp,
        endedAt: Timestamp.optional(),
        error: z.string().optional().openapi({ description: "Why the sync failed, for the user" }),
      })
      .optional(),
    operationTimeout: z.number().int().optional(),
  })
  .openapi("GitSyncState");

export type GitSyncStateObject = z.infer<typeof GitSyncState>;
