import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { revisions, spaces, type GitSyncJobRow, type GitSyncRow, type RevisionGit } from "../../db/schema";
import { newId, nowIso } from "../../lib/ids";
import { overlayWrites } from "../change-requests/overlay";
import { insertDocuments } from "../revisions/documents";
import { contentReplacement, mainRevisionStatements } from "../main-content/replace";
import { entryKey, readEntries } from "../revisions/entries";
import { mainHeadPoint } from "../revisions/points";
import { GitSyncError } from "./errors";
import { readRepository } from "./format";
import type { SyncOutcome } from "./operation";
import type { SyncDeps } from "./run";
import { fetchRef, readFiles, type GitSession } from "./transport";

/**
 * An import: the ref's tip fetched shallow, mapped by the format (git-sync/format), and written as
 * one revision: main's new head (the space's content; open change requests are then behind main,
 * as after any merge), or with `standalone` a revision on a line of its own over main's head that
 * the space's content never reads.
 */
export async function runImport(db: Database, deps: SyncDeps, job: GitSyncJobRow, sync: GitSyncRow | undefined, session: GitSession): Promise<SyncOutcome> {
  const { request } = job;
  if (!request.force && request.timestamp && sync?.lastTimestamp && !request.standalone && Date.parse(request.timestamp) < Date.parse(sync.lastTimestamp)) {
    throw new GitSyncError(`Skipped: this import's timestamp (${request.timestamp}) is older than the last applied sync (${sync.lastTimestamp}); import with force to apply it anyway`);
  }
  const fetched = await fetchRef(session, request.ref);
  if (!fetched) throw new GitSyncError(`${request.url} has no ${request.ref}`);
  const files = await readFiles(session, fetched);

  const [[space], [head]] = await db.batch([
    db.select({ revisionId: spaces.revisionId }).from(spaces).where(eq(spaces.id, job.spaceId)).limit(1),
    db.select({ ordinal: revisions.ordinal }).from(revisions).innerJoin(spaces, eq(spaces.revisionId, revisions.id)).where(eq(spaces.id, job.spaceId)).limit(1),
  ]);
  if (!space) throw new GitSyncError("The space was deleted");
  const headOrdinal = head?.ordinal ?? 0;
  const existing = await readEntries(db, mainHeadPoint(job.spaceId, headOrdinal));
  const now = nowIso();
  const content = await readRepository({ files, projectDirectory: request.repoProjectDirectory, existing, now });
  for (const blob of content.blobs) await deps.blobs.put(blob.key, blob.bytes, { httpMetadata: { contentType: blob.contentType } });

  const git: RevisionGit = {
    oid: fetched.commit.oid,
    message: fetched.commit.message,
    ref: request.ref,
    // An imported commit was made outside, unless it is the one this space's last export pushed.
    ...createdHere(!!sync?.lastCommitExported && sync.lastCommit === fetched.commit.oid),
    ...(request.repoCommitURL ? { url: commitUrl(request.repoCommitURL, fetched.commit.oid) } : {}),
  };
  const replacement = contentReplacement(existing, content.entries);
  const revisionId = newId();

  if (request.standalone) {
    const changed = new Map(replacement.writes.map((write) => [entryKey(write.kind, write.id), write.state]));
    const revision = { id: revisionId, spaceId: job.spaceId, parents: [space.revisionId], type: "edits" as const, createdBy: job.requestedBy, createdAt: now, git };
    await db.batch([
      db.insert(revisions).values({ ...revision, line: `git:${job.id}`, ordinal: 1, baseOrdinal: headOrdinal }),
      ...insertDocuments(db, content.documents),
      ...overlayWrites(db, job.spaceId, `git:${job.id}`, 1, changed, existing),
    ]);
    return { commit: fetched.commit.oid, revisionId };
  }
  // The same content as main's head: no revision (a repeated import changes nothing).
  if (replacement.writes.length === 0) return { commit: fetched.commit.oid, revisionId: null };
  const mainRevision = { spaceId: job.spaceId, revisionId, parentId: space.revisionId, ordinal: headOrdinal + 1, createdBy: job.requestedBy, createdAt: now, git, documents: content.documents };
  const [first, ...rest] = await mainRevisionStatements(db, mainRevision, replacement);
  await db.batch([first!, ...rest]);
  return { commit: fetched.commit.oid, revisionId };
}

const createdHere = (here: boolean) => ({ createdByGitBook: here, createdByService: here });

/** repoCommitURL is a prefix: `https://github.com/o/r/commit/` or `.../commit` both give `.../commit/<oid>`. */
const commitUrl = (prefix: string, oid: string) => `${prefix.replace(/\/+$/, "")}/${oid}`;
