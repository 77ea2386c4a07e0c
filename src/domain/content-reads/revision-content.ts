import { and, eq, inArray, sql } from "drizzle-orm";
import { isVisitor, type CallerContext, type ReaderContext, type RequestContext, type RequesterContext, type VisitorContext } from "../../context";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { changeRequests, contentEntries, documentLinks, revisions, spaces, type ContentEntryRow, type DocumentLinkRow, type RevisionRow, type SpaceRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { loadChangeRequestAccess } from "../change-requests/change-requests";
import { selectChangeRequestRecords, type ChangeRequestRecord } from "../change-requests/records";
import { loadSpaceAccessWith } from "../content-tree/space-access";
import { combineRows, selectRevisionRows, type Entry } from "../revisions/entries";
import { PageTree } from "../revisions/page-tree";
import { changeRequestPoint, MAIN_LINE, revisionPoint, type LinePoint, type RevisionPoint } from "../revisions/points";
import type { BodyFormat } from "../revisions/present";
import { resolveForVisitor } from "./visitor-content";
import { entriesInView } from "./visitor-view";

/**
 * Where the content reads of a space (its active revision, seed 4.2), of a change request (its
 * revision, seed 4.4) and of any revision by id (GitBook's `getRevisionById`...) start:
 * `resolveContent` decides who may read and which revision (one round trip, on every request),
 * then a read of that revision's content (`readContent`, or the page read) runs only when the
 * response is not already cached: a revision never changes, so what was read of it once can be
 * served again to anyone who may read it (http/revision-cache.ts).
 */

export type ContentSource =
  | { kind: "space"; spaceId: string }
  | { kind: "change-request"; spaceId: string; changeRequestId: string }
  /** Any revision of the space by its id: of main, of a change request, or a standalone Git import. */
  | { kind: "revision"; spaceId: string; revisionId: string };

/** What a site's visitor sees of a revision (domain/published/visitor-view.ts). */
export interface VisitorView {
  hidden: ReadonlySet<string>;
  /** Names the view in cache keys. */
  key: string;
}

export interface ResolvedSource {
  /** The request, its caller identified by the access round trip (or a site's visitor): what the read then runs as. */
  callerContext: CallerContext | VisitorContext;
  /** Set for a site's visitor: the read shows only what it does. */
  visitorView?: VisitorView;
  space: SpaceRow;
  revisionId: string;
  point: RevisionPoint;
  appBase: string;
  /** The change request whose revision is read (null: the space's own). */
  changeRequestId: string | null;
  /** The space's active revision when access was decided (a change request reads main's head through it). */
  spaceRevisionId: string;
  /** Only when asked for: the change request a merge revision merged, as it is now (it can still change). */
  mergedFrom?: ChangeRequestRecord | undefined;
  /**
   * A revision named by id and read through main's open rows (it is the space's head): the same
   * revision at its exact ordinals, read instead when the head moved before the read ran.
   */
  atOrdinals?: RevisionPoint;
}

/** What a read needs of a resolved source (URL resolution reads a space's head without the rest). */
export type ReadSource = Pick<ResolvedSource, "point" | "revisionId" | "changeRequestId" | "spaceRevisionId"> & { space: Pick<SpaceRow, "id" | "organizationId"> };

/** The result of a read of a resolved source, and whether it is of `revisionId` (see `stillAtRevision`). */
export interface RevisionRead<T> {
  value: T;
  /** False when the revision moved between resolving and reading: the value is then not cached. */
  atRevision: boolean;
}

export async function resolveContent(ctx: ReaderContext, source: ContentSource, options: { withMergedFrom?: boolean } = {}): Promise<ResolvedSource> {
  if (isVisitor(ctx)) return resolveForVisitor(ctx, source, options);
  if (source.kind === "space") {
    const [access, [mergedFrom]] = await loadSpaceAccessWith(ctx, source.spaceId, options.withMergedFrom ? [selectMergedFrom(ctx, source.spaceId)] : []);
    const main: LinePoint = { line: MAIN_LINE, ordinal: 0, isHead: true };
    return {
      callerContext: access.callerContext,
      space: access.row,
      revisionId: access.row.revisionId,
      point: { spaceId: source.spaceId, main, overlay: null },
      appBase: `/s/${source.spaceId}`,
      changeRequestId: null,
      spaceRevisionId: access.row.revisionId,
      ...(options.withMergedFrom ? { mergedFrom: (mergedFrom as ChangeRequestRecord[])[0] } : {}),
    };
  }
  if (source.kind === "revision") return resolveRevision(ctx, source, options);
  const { space, record, changeRequest } = await loadChangeRequestAccess(ctx, source.spaceId, source.changeRequestId);
  // Main's head is read through its open rows; the ordinal is only needed for an older base.
  const point = changeRequestPoint(changeRequest, changeRequest.revisionMergedAncestor === record.spaceRevisionId);
  return {
    callerContext: space.callerContext,
    space: space.row,
    revisionId: changeRequest.revisionId,
    point,
    appBase: `/s/${source.spaceId}/~/changes/${changeRequest.number}`,
    changeRequestId: changeRequest.id,
    spaceRevisionId: record.spaceRevisionId,
  };
}

/** A revision by id: the space's access and the revision (of this space only) in one round trip. */
async function resolveRevision(
  ctx: RequesterContext,
  source: Extract<ContentSource, { kind: "revision" }>,
  options: { withMergedFrom?: boolean },
): Promise<ResolvedSource> {
  const revision = selectRevisionOfSpace(ctx, source.spaceId, source.revisionId);
  const mergedFrom = selectMergedFromRevision(ctx, source.spaceId, source.revisionId);
  const [access, [rows, merged]] = await loadSpaceAccessWith(ctx, source.spaceId, options.withMergedFrom ? [revision, mergedFrom] : [revision]);
  const row = (rows as RevisionRow[])[0];
  if (!row) throw notFound(`Revision '${source.revisionId}'`);
  const isSpaceHead = row.id === access.row.revisionId;
  return {
    callerContext: access.callerContext,
    space: access.row,
    revisionId: row.id,
    point: revisionPoint(row, isSpaceHead),
    ...(isSpaceHead ? { atOrdinals: revisionPoint(row, false) } : {}),
    appBase: `/s/${source.spaceId}/~/revisions/${row.id}`,
    changeRequestId: null,
    spaceRevisionId: access.row.revisionId,
    ...(options.withMergedFrom ? { mergedFrom: (merged as ChangeRequestRecord[])[0] } : {}),
  };
}

/** A revision of the space by its id (none when it is another space's). */
export const selectRevisionOfSpace = (ctx: RequestContext, spaceId: string, revisionId: string) => revisionOfSpace(ctx.db, { spaceId, revisionId });
const revisionOfSpace = preparedOnce((db: Database) =>
  db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, sql.placeholder("revisionId")), eq(revisions.spaceId, sql.placeholder("spaceId"))))
    .limit(1),
);

/** The change request a revision of the space merged (none unless it is a merge). */
export function selectMergedFromRevision(ctx: RequestContext, spaceId: string, revisionId: string) {
  return selectChangeRequestRecords(ctx.db)
    .where(eq(changeRequests.id, sql`(SELECT ${revisions.mergedFrom} FROM ${revisions} WHERE ${revisions.id} = ${revisionId} AND ${revisions.spaceId} = ${spaceId})`))
    .limit(1);
}

/** The change request merged by the space's active revision (none unless that revision is a merge). */
export function selectMergedFrom(ctx: RequestContext, spaceId: string) {
  const activeRevision = sql`(SELECT ${spaces.revisionId} FROM ${spaces} WHERE ${spaces.id} = ${spaceId})`;
  return selectChangeRequestRecords(ctx.db)
    .where(eq(changeRequests.id, sql`(SELECT ${revisions.mergedFrom} FROM ${revisions} WHERE ${revisions.id} = ${activeRevision})`))
    .limit(1);
}

/**
 * Heads are read through their open rows, so a read that runs after another revision landed
 * (a merge, an edit of the change request) would read that one instead. This statement, sent in
 * the read's batch (one transaction), says whether the heads are still those access resolved.
 */
export function selectHeads(ctx: RequestContext, resolved: ReadSource) {
  const changeRequestRevision = resolved.changeRequestId
    ? sql<string | null>`(SELECT ${changeRequests.revisionId} FROM ${changeRequests} WHERE ${changeRequests.id} = ${resolved.changeRequestId})`
    : sql<null>`NULL`;
  return ctx.db
    .select({ spaceRevisionId: spaces.revisionId, changeRequestRevisionId: changeRequestRevision.as("change_request_revision_id") })
    .from(spaces)
    .where(eq(spaces.id, resolved.space.id));
}

export function stillAtRevision(resolved: ReadSource, heads: unknown): boolean {
  const [row] = heads as Array<{ spaceRevisionId: string; changeRequestRevisionId: string | null }>;
  if (!row) return false;
  const mainUnchanged = !resolved.point.main.isHead || row.spaceRevisionId === resolved.spaceRevisionId;
  // A revision read at its exact ordinals (not a head) is what it was whatever landed since.
  const ownUnchanged =
    resolved.changeRequestId !== null ? row.changeRequestRevisionId === resolved.revisionId : !resolved.point.main.isHead || row.spaceRevisionId === resolved.revisionId;
  return mainUnchanged && ownUnchanged;
}

export interface RevisionContent<Source extends ReadSource = ResolvedSource> {
  source: Source;
  entries: Map<string, Entry>;
  /** On a change request: the pages it changed (its own line's rows); empty on main. */
  changedPages: Set<string>;
  revision: RevisionRow | undefined;
  links: DocumentLinkRow[];
  atRevision: boolean;
}

interface ReadOptions {
  withMarkdown?: boolean;
  withRevision?: boolean;
  /** Links of every page of the revision (the link index), or only those pointing at a target. */
  links?: "all" | { kind: "page" | "file"; target: string };
}

/** Everything a read needs of the resolved revision, in one batch. */
export async function readContent<Source extends ReadSource>(ctx: RequestContext, resolved: Source, options: ReadOptions): Promise<RevisionContent<Source>> {
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { withMarkdown: options.withMarkdown });
  const extra = [
    selectHeads(ctx, resolved),
    ...(options.withRevision ? [ctx.db.select().from(revisions).where(eq(revisions.id, resolved.revisionId)).limit(1)] : []),
    ...(options.links ? [selectLinks(ctx, resolved, options.links)] : []),
  ];
  const results = await runBatch(ctx.db, [...statements, ...extra]);
  const entries = combineRows(results.slice(0, statements.length), mainCount);
  const overlayRows = results.slice(mainCount, statements.length).flat() as ContentEntryRow[];
  const rest = results.slice(statements.length);
  const heads = rest.shift();
  return {
    source: resolved,
    entries,
    changedPages: new Set(overlayRows.filter((row) => row.kind === "page").map((row) => row.entryId)),
    revision: options.withRevision ? (rest.shift() as RevisionRow[])[0] : undefined,
    links: options.links ? (rest.shift() as DocumentLinkRow[]) : [],
    atRevision: stillAtRevision(resolved, heads),
  };
}

/** Links of the documents the revision's pages use (a superset, narrowed in memory), or to one target. */
function selectLinks(ctx: RequestContext, resolved: ReadSource, which: NonNullable<ReadOptions["links"]>) {
  if (which !== "all") {
    return ctx.db
      .select()
      .from(documentLinks)
      .where(and(eq(documentLinks.targetKind, which.kind), eq(documentLinks.target, which.target)));
  }
  const lines = [resolved.point.main.line, ...(resolved.point.overlay ? [resolved.point.overlay.line] : [])];
  return ctx.db
    .select()
    .from(documentLinks)
    .where(
      inArray(
        documentLinks.documentId,
        ctx.db
          .select({ id: contentEntries.documentId })
          .from(contentEntries)
          .where(and(eq(contentEntries.spaceId, resolved.space.id), inArray(contentEntries.line, lines), eq(contentEntries.kind, "page"))),
      ),
    );
}

/** The page tree of `entries` (a revision's, or a page's neighbourhood), presented with absolute app URLs. */
export function treeOf(ctx: RequestContext, resolved: ResolvedSource, entries: Iterable<Entry>, format: BodyFormat = "markdown") {
  const tree = new PageTree(resolved.visitorView ? entriesInView(entries, resolved.visitorView) : entries);
  const base = resolved.appBase;
  return { tree, format, appUrl: (page: { id: string }) => ctx.urls.app(`${base}/${tree.path(page.id)}`.replace(/\/$/, "")) };
}
