import { and, eq, inArray, sql } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { changeRequests, contentEntries, documentLinks, revisions, type ContentEntryRow, type DocumentLinkRow, type RevisionRow, type SpaceRow } from "../../db/schema";
import { loadChangeRequestAccess } from "../change-requests/change-requests";
import { selectChangeRequestRecords, type ChangeRequestRecord } from "../change-requests/records";
import { loadSpaceAccess } from "../content-tree/access";
import { combineRows, selectRevisionRows, type Entry } from "../revisions/entries";
import { PageTree } from "../revisions/page-tree";
import { changeRequestPoint, MAIN_LINE, type LinePoint, type RevisionPoint } from "../revisions/points";
import type { BodyFormat } from "../revisions/present";

/**
 * Where the content reads of a space (its active revision, seed 4.2) and of a change request (its
 * revision, seed 4.4) start: resolve who may read and which revision, then read everything the
 * read needs of that revision in one batch.
 */

export type ContentSource = { kind: "space"; spaceId: string } | { kind: "change-request"; spaceId: string; changeRequestId: string };

export interface ResolvedSource {
  space: SpaceRow;
  revisionId: string;
  point: RevisionPoint;
  appBase: string;
}

async function resolve(ctx: CallerContext, source: ContentSource): Promise<ResolvedSource> {
  if (source.kind === "space") {
    const access = await loadSpaceAccess(ctx, source.spaceId);
    const main: LinePoint = { line: MAIN_LINE, ordinal: 0, isHead: true };
    return { space: access.row, revisionId: access.row.revisionId, point: { spaceId: source.spaceId, main, overlay: null }, appBase: `/s/${source.spaceId}` };
  }
  const { space, record, changeRequest } = await loadChangeRequestAccess(ctx, source.spaceId, source.changeRequestId);
  // Main's head is read through its open rows; the ordinal is only needed for an older base.
  const point = changeRequestPoint(changeRequest, changeRequest.revisionMergedAncestor === record.spaceRevisionId);
  return {
    space: space.row,
    revisionId: changeRequest.revisionId,
    point,
    appBase: `/s/${source.spaceId}/~/changes/${changeRequest.number}`,
  };
}

export interface RevisionContent {
  source: ResolvedSource;
  entries: Map<string, Entry>;
  /** On a change request: the pages it changed (its own line's rows); empty on main. */
  changedPages: Set<string>;
  revision: RevisionRow | undefined;
  mergedFrom: ChangeRequestRecord | undefined;
  links: DocumentLinkRow[];
}

interface ReadOptions {
  withMarkdown?: boolean;
  withRevision?: boolean;
  /** Links of every page of the revision (the link index), or only those pointing at a target. */
  links?: "all" | { kind: "page" | "file"; target: string };
}

export async function readContent(ctx: CallerContext, source: ContentSource, options: ReadOptions): Promise<RevisionContent> {
  const resolved = await resolve(ctx, source);
  const { statements, mainCount } = selectRevisionRows(ctx.db, resolved.point, { withMarkdown: options.withMarkdown });
  const extra = [
    ...(options.withRevision
      ? [
          ctx.db.select().from(revisions).where(eq(revisions.id, resolved.revisionId)).limit(1),
          selectChangeRequestRecords(ctx.db)
            .where(eq(changeRequests.id, sql`(SELECT ${revisions.mergedFrom} FROM ${revisions} WHERE ${revisions.id} = ${resolved.revisionId})`))
            .limit(1),
        ]
      : []),
    ...(options.links ? [selectLinks(ctx, resolved, options.links)] : []),
  ];
  const results = await runBatch(ctx.db, [...statements, ...extra]);
  const entries = combineRows(results.slice(0, statements.length), mainCount);
  const overlayRows = results.slice(mainCount, statements.length).flat() as ContentEntryRow[];
  const rest = results.slice(statements.length);
  return {
    source: resolved,
    entries,
    changedPages: new Set(overlayRows.filter((row) => row.kind === "page").map((row) => row.entryId)),
    revision: options.withRevision ? (rest.shift() as RevisionRow[])[0] : undefined,
    mergedFrom: options.withRevision ? (rest.shift() as ChangeRequestRecord[])[0] : undefined,
    links: options.links ? (rest.shift() as DocumentLinkRow[]) : [],
  };
}

/** Links of the documents the revision's pages use (a superset, narrowed in memory), or to one target. */
function selectLinks(ctx: CallerContext, resolved: ResolvedSource, which: NonNullable<ReadOptions["links"]>) {
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

/** The revision's page tree, presented with absolute app URLs (the page's path in the app). */
export function treeOf(ctx: CallerContext, content: RevisionContent, format: BodyFormat = "markdown") {
  const tree = new PageTree(content.entries.values());
  const base = content.source.appBase;
  return { tree, format, appUrl: (page: { id: string }) => ctx.urls.app(`${base}/${tree.path(page.id)}`.replace(/\/$/, "")) };
}

