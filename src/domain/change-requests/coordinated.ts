import type { CallerContext } from "../../context";
import { badRequest } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { unwrapOutcome, type Outcome } from "../../lib/outcome";
import { assertContentAction } from "../../lib/permissions";
import { MAX_FILE_BYTES, type ContentChangeInput } from "../../schemas/change-request-content";
import { spaceCoordinator } from "../coordination/space-coordinator-client";
import { presentFileObject } from "../revisions/present";
import { loadChangeRequestAccess, readChangeRequest } from "./change-requests";
import { assertEditable } from "./state";
import type { PreparedChange, PreparedFile } from "./edit-content";
import { assertMergeRulesMet } from "./merge-rules";
import { assertInProgress } from "./reviews";

/**
 * The Worker's side of the operations that create revisions: permission checks and file uploads
 * happen here, then the space's coordinator runs the operation itself, one at a time per space.
 */

export async function editChangeRequestContent(ctx: CallerContext, spaceId: string, idOrNumber: string, changes: ContentChangeInput[], compat: boolean) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertContentAction(space.level, "edit", "space");
  // Checked again by the coordinator under its lock; here it spares uploading for a refused edit.
  assertEditable({ changeRequest, space: space.row });
  const prepared = await Promise.all(changes.map((change, index) => uploadFiles(ctx, change, index)));
  const result = unwrapCoordinated(
    ctx,
    await spaceCoordinator(ctx.env, spaceId).editChangeRequestContent({
      spaceId,
      changeRequestId: changeRequest.id,
      callerId: ctx.caller.id,
      changes: prepared,
      now: nowIso(),
    }),
  );
  const updated = await readChangeRequest(ctx, changeRequest.id);
  if (compat) return updated;
  return {
    changeRequest: updated,
    changes: result.changes.map((change) =>
      change.object === "deleted_page"
        ? change
        : { ...change, page: { object: "page" as const, id: change.page, urls: { location: pageLocation(ctx, spaceId, changeRequest.id, change.page) } } },
    ),
    insertedFiles: await Promise.all(result.insertedFiles.map((file) => presentFileObject(ctx, file))),
  };
}

/** The coordinator's result; the request reads after its writes from now on (they were made in its D1 session). */
export function unwrapCoordinated<T>(ctx: CallerContext, outcome: Outcome<T>): T {
  ctx.readAfter(outcome.bookmark);
  return unwrapOutcome(outcome);
}

const pageLocation = (ctx: CallerContext, spaceId: string, changeRequestId: string, pageId: string) =>
  ctx.urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`);

/**
 * Puts the bytes of inserted files in R2 under their SHA-256 (so identical bytes are stored once
 * and copies share them), leaving only metadata for the coordinator. Bytes of a batch that then
 * fails validation stay in R2 unreferenced; the same upload later reuses them.
 */
async function uploadFiles(ctx: CallerContext, change: ContentChangeInput, index: number): Promise<PreparedChange> {
  if (change.operation !== "insert_files") return change;
  const files = await Promise.all(
    change.files.map(async (file, fileIndex): Promise<PreparedFile> => {
      const bytes = decodeBase64(file.base64, `changes[${index}].files[${fileIndex}].base64`);
      const digest = await crypto.subtle.digest("SHA-256", bytes);
      const blobKey = `blobs/${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
      await ctx.env.BLOBS.put(blobKey, bytes, { httpMetadata: { contentType: file.contentType } });
      return { ...(file.ref ? { ref: file.ref } : {}), name: file.name, contentType: file.contentType, size: bytes.byteLength, blobKey };
    }),
  );
  return { operation: "insert_files", files };
}

function decodeBase64(base64: string, field: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw badRequest(`Invalid body field '${field}': must be base64`);
  }
  if (binary.length > MAX_FILE_BYTES) throw badRequest(`Invalid body field '${field}': must encode at most ${MAX_FILE_BYTES} bytes`);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function updateChangeRequestFromMain(ctx: CallerContext, spaceId: string, idOrNumber: string) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertContentAction(space.level, "edit", "space");
  const result = unwrapCoordinated(
    ctx,
    await spaceCoordinator(ctx.env, spaceId).updateChangeRequestFromMain({ spaceId, changeRequestId: changeRequest.id, callerId: ctx.caller.id, now: nowIso() }),
  );
  return { revision: result.revisionId, result: result.result as "update" | "conflicts" };
}

export async function mergeChangeRequestIntoMain(ctx: CallerContext, spaceId: string, idOrNumber: string) {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertContentAction(space.level, "merge", "space");
  // A merged or archived change request is a 409 whatever the rules say.
  assertInProgress(changeRequest);
  await assertMergeRulesMet(ctx, space.row, changeRequest);
  const result = unwrapCoordinated(
    ctx,
    await spaceCoordinator(ctx.env, spaceId).mergeChangeRequest({ spaceId, changeRequestId: changeRequest.id, callerId: ctx.caller.id, now: nowIso() }),
  );
  return { revision: result.revisionId, result: result.result as "merge" | "conflicts" };
}
