import type { CallerContext, RequesterContext } from "../../context";
import { gitSyncJobs, type GitSyncDirection, type GitSyncRequest } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { enqueue } from "../../lib/jobs";
import { assertContentAction } from "../../lib/permissions";
import { signingSecret } from "../../lib/signed-urls";
import type { ExportToGitRepositoryInput, ImportGitRepositoryInput } from "../../schemas/git-sync";
import { assertContentEditable } from "../change-requests/state";
import { loadSpaceAccess, loadSpaceAccessWithGitSync } from "../content-tree/space-access";
import { sealCredentials, splitCredentials } from "./credentials";
import { recordAsked } from "./operation";
import { presentGitSync } from "../spaces/git-sync-state";

/**
 * The Worker's side of Git sync: who may ask, what is recorded, and the queue job that does the
 * work (queues/git-sync.ts, inside the space's coordinator). A request is answered 204 once the
 * job and its pending operation are recorded and the job queued; `GET .../git/info` shows the
 * operation from then on (`operation`), and its outcome once the job ended.
 */

export const requestImport = (ctx: CallerContext, spaceId: string, input: ImportGitRepositoryInput) => requestSync(ctx, spaceId, "import", input);

export const requestExport = (ctx: CallerContext, spaceId: string, input: ExportToGitRepositoryInput) => requestSync(ctx, spaceId, "export", input);

async function requestSync(ctx: CallerContext, spaceId: string, direction: GitSyncDirection, input: ImportGitRepositoryInput | Partial<ExportToGitRepositoryInput>) {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertContentAction(access.level, "triggerGitSync", "space");
  // An import writes the space's content (a standalone one does not); an export only reads it.
  if (direction === "import" && !input.standalone) assertContentEditable(access.row);
  else if (access.row.deletedAt) throw conflict(`Space '${spaceId}' is deleted: restore it first`);

  const id = newId();
  const { url, credentials } = splitCredentials(input.url!);
  const { repoCacheID: _ignored, ...rest } = input;
  const request: GitSyncRequest = { ...rest, url, ref: input.ref! };
  const sealed = credentials ? await sealCredentials(signingSecret(ctx.env), id, credentials) : null;
  const at = nowIso();
  // The operation is shown (pending) from now on, before the job runs: operation.ts says which fields that writes.
  await ctx.db.batch([
    ctx.db.insert(gitSyncJobs).values({ id, spaceId, direction, state: "queued", request, credentials: sealed, requestedBy: ctx.caller.id, createdAt: at }),
    recordAsked(ctx.db, { jobId: id, spaceId, direction, request, at }),
  ]);
  await enqueue(ctx.env.JOBS, { kind: direction === "import" ? "git.import" : "git.export", jobId: id, spaceId });
}

/** getSpaceGitInfo: the space's Git sync state; 404 until a sync has been asked for. */
export async function readGitInfo(ctx: RequesterContext, spaceId: string) {
  const [access, sync] = await loadSpaceAccessWithGitSync(ctx, spaceId);
  assertContentAction(access.level, "view", "space");
  if (!sync) throw notFound(`Git sync of space '${spaceId}'`);
  return presentGitSync(sync);
}

/**
 * deleteLegacyGitInstallation (0.146): there are no legacy installations here, so there is never
 * one to remove: 204, as GitBook answers when it "was already removed".
 */
export async function deleteLegacyInstallation(ctx: CallerContext, spaceId: string) {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertContentAction(access.level, "triggerGitSync", "space");
}
