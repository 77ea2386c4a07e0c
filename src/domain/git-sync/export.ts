import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users, type GitSyncJobRow, type GitSyncRow } from "../../db/schema";
import { readEntries } from "../revisions/entries";
import { mainHeadPoint } from "../revisions/points";
import { GitSyncError } from "./errors";
import { ownedByFormat, writeRepository } from "./format";
import type { SyncOutcome } from "./operation";
import type { SyncDeps } from "./run";
import { fetchRef, pushCommit, writeCommit, type GitSession } from "./transport";

/**
 * An export: the space's live content written in GitBook's format (git-sync/format), committed
 * on top of the branch's tip (or as the first commit of a new branch) and pushed. Files the
 * format does not own (format/owned.ts: outside the project directory, a LICENSE, a CI workflow)
 * are kept as they are on the branch. A blob the exporter writes
 * with the same bytes has the same oid, so a one-page edit is a one-file commit.
 *
 * The branch must still be where the space last left it (the commit it last imported or pushed):
 * if someone pushed since, the export is refused unless `force`, which commits over their changes
 * (on top of their commit: history is kept, the project directory's content is replaced).
 */
export async function runExport(db: Database, deps: SyncDeps, job: GitSyncJobRow, sync: GitSyncRow | undefined, session: GitSession): Promise<SyncOutcome> {
  const { request } = job;
  const [[author], entries] = await Promise.all([
    db.select({ name: users.displayName, email: users.email }).from(users).where(eq(users.id, job.requestedBy)).limit(1),
    readEntries(db, mainHeadPoint(job.spaceId, 0), { withMarkdown: true }),
  ]);
  const written = await writeRepository({ entries, readBlob: (key) => readBlob(deps.blobs, key), projectDirectory: request.repoProjectDirectory });

  const tip = await fetchRef(session, request.ref);
  const agreed = sync && !request.standalone && sync.url === request.url && sync.ref === request.ref ? sync.lastCommit : null;
  if (tip && agreed && tip.commit.oid !== agreed && !request.force) {
    throw new GitSyncError(
      `${request.ref} has commits this space has not imported (its tip is ${tip.commit.oid.slice(0, 7)}, the space last synced ${agreed.slice(0, 7)}): import them first, or export with force to overwrite them`,
    );
  }
  const tree = new Map<string, { oid: string; mode: string } | Uint8Array>();
  for (const item of tip?.items ?? []) if (!ownedByFormat(item.path, request.repoProjectDirectory)) tree.set(item.path, { oid: item.oid, mode: item.mode });
  for (const [path, bytes] of written) tree.set(path, bytes);

  const commit = await writeCommit(session, {
    tree,
    parent: tip ?? undefined,
    message: request.commitMessage ?? "Export from docs-cms",
    author: { name: author?.name || "docs-cms", email: author?.email || "git-sync@docs-cms.invalid" },
  });
  // Nothing differs from the tip: nothing to push, and the space and the branch agree on it.
  if (!commit) return { commit: tip!.commit.oid };
  await pushCommit(session, commit, request.ref, request.force ?? false);
  return { commit };
}

async function readBlob(blobs: R2Bucket, key: string): Promise<Uint8Array> {
  const object = await blobs.get(key);
  if (!object) throw new Error(`Blob '${key}' is missing from R2`);
  return new Uint8Array(await object.arrayBuffer());
}
