import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequestContributors, changeRequests, revisions, spaces } from "../../db/schema";
import { newId } from "../../lib/ids";
import { insertChangeRequest } from "../change-requests/change-requests";
import { overlayWrites } from "../change-requests/overlay";
import { assertContentEditable, assertEditable, loadChangeRequestState } from "../change-requests/state";
import { insertDocuments } from "../revisions/documents";
import { entryKey, writeLine, type Entry } from "../revisions/entries";
import { MAIN_LINE, changeRequestPoint, mainHeadPoint, type RevisionPoint } from "../revisions/points";
import { reindexChangedPages } from "../search/indexing";
import { spaceNotFound } from "../content-tree/access";
import { catalogueTemplate } from "./catalogue";
import { assertAddsContent, catalogueContent, placeAtTopLevel, readLiveEntries, spaceContent, type TemplateContent } from "./content";
import { computedSourcesOf, referencedIds, renderReferences, type ContentRefs } from "./references";
import { readTargetContent, type TargetContent } from "./target";

/**
 * Applying a template, inside the space's coordinator (one revision-creating operation at a time
 * per space): the content it builds on is read once the lock is held, and the template's pages
 * are written as one new revision, of main or of a change request, in one batch.
 */

export type TemplateSource = { kind: "catalogue"; id: string; contentRefs: ContentRefs } | { kind: "space"; spaceId: string };

export type TemplateTarget =
  | { kind: "main" }
  | { kind: "change-request"; changeRequestId: string }
  /** A change request created with the template (createChangeRequest's `template`), in the same batch. */
  | { kind: "new-change-request"; changeRequestId: string; subject?: string; cluster?: string };

export interface ApplyTemplateInput {
  spaceId: string;
  organizationId: string;
  callerId: string;
  now: string;
  source: TemplateSource;
  target: TemplateTarget;
  /** Where the template is in the request body (`params.contentRefs` or `template.params.contentRefs`), for 400s. */
  field: { id: string; contentRefs: string };
}

export interface ApplyTemplateResult {
  revisionId: string;
}

export async function applyTemplate(db: Database, input: ApplyTemplateInput): Promise<ApplyTemplateResult> {
  return input.target.kind === "change-request" ? applyToChangeRequest(db, input, input.target.changeRequestId) : applyToMainHead(db, input, input.target);
}

/** Main's content, or a change request created from it: both build on main's head. */
async function applyToMainHead(db: Database, input: ApplyTemplateInput, target: Exclude<TemplateTarget, { kind: "change-request" }>): Promise<ApplyTemplateResult> {
  const newChangeRequestId = target.kind === "new-change-request" ? target.changeRequestId : "";
  const [[space], [head], [created]] = await db.batch([
    db.select().from(spaces).where(eq(spaces.id, input.spaceId)).limit(1),
    db
      .select({ ordinal: revisions.ordinal })
      .from(revisions)
      .where(eq(revisions.id, sql`(SELECT ${spaces.revisionId} FROM ${spaces} WHERE ${spaces.id} = ${input.spaceId})`))
      .limit(1),
    db.select({ revisionId: changeRequests.revisionId }).from(changeRequests).where(eq(changeRequests.id, newChangeRequestId)).limit(1),
  ]);
  if (!space) throw spaceNotFound(input.spaceId);
  // The change request's id is chosen by the Worker: a call delivered twice finds it made.
  if (created) return { revisionId: created.revisionId };
  assertContentEditable(space);
  const headOrdinal = head?.ordinal ?? 0;
  const { content, target: current } = await templateContent(db, input, mainHeadPoint(space.id, headOrdinal));
  const revisionId = newId();

  if (target.kind === "new-change-request") {
    const changeRequestId = target.changeRequestId;
    await db.batch([
      ...insertChangeRequest(db, { id: changeRequestId, spaceId: space.id, subject: target.subject, cluster: target.cluster, callerId: input.callerId, now: input.now }),
      ...changeRequestRevision(db, input, { changeRequestId, parent: space.revisionId, baseOrdinal: headOrdinal, ordinal: 1, revisionId }, content, current.base),
    ]);
    return { revisionId };
  }

  const ordinal = headOrdinal + 1;
  // The search index follows main's head, in the same transaction as the revision.
  const searchIndex = await reindexChangedPages(db, space.id, content.entries.map((entry) => [current.entries.get(entryKey(entry.kind, entry.id)), entry]), content.documents);
  await db.batch([
    db.insert(revisions).values({
      id: revisionId,
      spaceId: space.id,
      parents: [space.revisionId],
      type: "edits",
      line: MAIN_LINE,
      ordinal,
      createdBy: input.callerId,
      createdAt: input.now,
    }),
    ...insertDocuments(db, content.documents),
    ...writeLine(db, space.id, MAIN_LINE, ordinal, content.entries.map((entry) => ({ kind: entry.kind, id: entry.id, state: entry }))),
    ...searchIndex,
    db.update(spaces).set({ revisionId, updatedAt: input.now }).where(eq(spaces.id, space.id)),
  ]);
  return { revisionId };
}

/** An existing change request: its content is main at its base with its own line on top. */
async function applyToChangeRequest(db: Database, input: ApplyTemplateInput, changeRequestId: string): Promise<ApplyTemplateResult> {
  const state = await loadChangeRequestState(db, input.spaceId, changeRequestId);
  assertEditable(state);
  const { changeRequest } = state;
  const { content, target } = await templateContent(db, input, changeRequestPoint(changeRequest, changeRequest.baseOrdinal === state.mainHeadOrdinal));
  const revisionId = newId();
  await db.batch(
    changeRequestRevision(
      db,
      input,
      { changeRequestId: changeRequest.id, parent: changeRequest.revisionId, baseOrdinal: changeRequest.baseOrdinal, ordinal: changeRequest.headOrdinal + 1, revisionId },
      content,
      target.base,
    ),
  );
  return { revisionId };
}

interface ChangeRequestRevision {
  changeRequestId: string;
  parent: string;
  baseOrdinal: number;
  ordinal: number;
  revisionId: string;
}

/** The statements of a new revision on a change request's line adding the template's entries. */
function changeRequestRevision(db: Database, input: ApplyTemplateInput, at: ChangeRequestRevision, content: TemplateContent, base: ReadonlyMap<string, Entry>) {
  const changed = new Map(content.entries.map((entry) => [entryKey(entry.kind, entry.id), entry]));
  return [
    db.insert(revisions).values({
      id: at.revisionId,
      spaceId: input.spaceId,
      parents: [at.parent],
      type: "edits",
      line: at.changeRequestId,
      ordinal: at.ordinal,
      baseOrdinal: at.baseOrdinal,
      createdBy: input.callerId,
      createdAt: input.now,
    }),
    ...insertDocuments(db, content.documents),
    ...overlayWrites(db, input.spaceId, at.changeRequestId, at.ordinal, changed, base),
    db.update(changeRequests).set({ revisionId: at.revisionId, headOrdinal: at.ordinal, updatedAt: input.now }).where(eq(changeRequests.id, at.changeRequestId)),
    db.insert(changeRequestContributors).values({ changeRequestId: at.changeRequestId, userId: input.callerId }).onConflictDoNothing(),
  ] as const;
}

/** The template's entries for the content at `point`, placed after its top-level pages; and what was read of that content. */
async function templateContent(db: Database, input: ApplyTemplateInput, point: RevisionPoint): Promise<{ content: TemplateContent; target: TargetContent }> {
  const { source } = input;
  if (source.kind === "space") {
    const entries = await readLiveEntries(db, source.spaceId);
    // The ids the copy would reuse: those the target already has are renamed.
    const target = await readTargetContent(db, point, [...entries.values()].map((entry) => entry.id));
    const content = await spaceContent(db, entries, target.entries, input.now);
    assertAddsContent(content, input.field.id, source.spaceId);
    return { content: placeAtTopLevel(content, target.entries), target };
  }
  // Checked by the Worker before the call; the catalogue is the same code on both sides.
  const template = catalogueTemplate(source.id)!;
  const target = await readTargetContent(db, point, referencedIds(source.contentRefs));
  const rendered = renderReferences(template, source.contentRefs, target.entries, { organizationId: input.organizationId, field: input.field.contentRefs });
  const content = await catalogueContent(template, rendered, input.now, computedSourcesOf(source.contentRefs));
  return { content: placeAtTopLevel(content, target.entries), target };
}

