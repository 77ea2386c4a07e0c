import { and, eq } from "drizzle-orm";
import type { VisitorContext } from "../../context";
import { changeRequests, type ChangeRequestRow, type RevisionRow, type SpaceRow } from "../../db/schema";
import type { ChangeRequestRecord } from "../change-requests/records";
import { notFound } from "../../lib/errors";
import { changeRequestPoint, MAIN_LINE, revisionPoint } from "../revisions/points";
import { loadVisitorSpace, revisionNotPublished, visitorMayReadRevision } from "../sites/visitor-access";
import { selectMergedFrom, selectMergedFromRevision, selectRevisionOfSpace, type ContentSource, type ResolvedSource } from "./revision-content";
import { visitorViewOf } from "./visitor-view";

/**
 * Where a site's visitor reads content (the `apiToken` of a published URL): a space the site
 * publishes to them, at the revision it publishes now (or the one their token was minted with, or
 * a member's previewed revision), never a change request but the one a member previews. Access
 * is one round trip, as a member's is; what the visitor sees of the revision (conditions applied)
 * comes from the revision's page index, kept in memory (content-reads/page-index.ts).
 */
export async function resolveForVisitor(ctx: VisitorContext, source: ContentSource, options: { withMergedFrom?: boolean }): Promise<ResolvedSource> {
  const resolved = await resolvedSource(ctx, source, options.withMergedFrom ?? false);
  return { ...resolved, visitorView: await visitorViewOf(ctx, resolved) };
}

/**
 * A revision of a space as `resolveForVisitor` resolves it, for a visitor whose access to the space
 * was decided in this request from rows read in it (the URL's resolution: the reader), with the
 * revision's row (`revisionRowOf`).
 */
export async function visitorRevisionOf(ctx: VisitorContext, space: SpaceRow, revision: RevisionRow): Promise<ResolvedSource> {
  if (!visitorMayReadRevision(ctx, space, revision.id)) throw revisionNotPublished(revision.id);
  const resolved = resolvedAtRevision(ctx, space, revision, {});
  return { ...resolved, visitorView: await visitorViewOf(ctx, resolved) };
}

async function visitorRevision(ctx: VisitorContext, spaceId: string, revisionId: string, withMergedFrom: boolean) {
  const revision = selectRevisionOfSpace(ctx, spaceId, revisionId);
  const own = withMergedFrom ? [revision, selectMergedFromRevision(ctx, spaceId, revisionId)] : [revision];
  const [{ space }, [rows, mergedRows]] = await loadVisitorSpace(ctx, spaceId, own);
  const row = (rows as RevisionRow[])[0];
  if (!row || !visitorMayReadRevision(ctx, space, row.id)) throw revisionNotPublished(revisionId);
  return resolvedAtRevision(ctx, space, row, mergedFromOf(withMergedFrom, mergedRows));
}

function resolvedAtRevision(ctx: VisitorContext, space: SpaceRow, row: RevisionRow, mergedFrom: { mergedFrom?: ChangeRequestRecord }): ResolvedSource {
  const isSpaceHead = row.id === space.revisionId;
  return {
    ...mergedFrom,
    callerContext: ctx,
    space,
    revisionId: row.id,
    point: revisionPoint(row, isSpaceHead),
    ...(isSpaceHead ? { atOrdinals: revisionPoint(row, false) } : {}),
    appBase: `/s/${space.id}/~/revisions/${row.id}`,
    changeRequestId: null,
    spaceRevisionId: space.revisionId,
  };
}

/** A merge revision names the change request it merged (GitBook's schema requires it): read alongside. */
const mergedFromOf = (withMergedFrom: boolean, rows: unknown) => (withMergedFrom ? { mergedFrom: (rows as ChangeRequestRecord[])[0] } : {});

async function resolvedSource(ctx: VisitorContext, source: ContentSource, withMergedFrom: boolean): Promise<ResolvedSource> {
  if (source.kind === "space") {
    const [{ space }, [merged]] = await loadVisitorSpace(ctx, source.spaceId, withMergedFrom ? [selectMergedFrom(ctx, source.spaceId)] : []);
    return {
      ...mergedFromOf(withMergedFrom, merged),
      callerContext: ctx,
      space,
      revisionId: space.revisionId,
      point: { spaceId: space.id, main: { line: MAIN_LINE, ordinal: 0, isHead: true }, overlay: null },
      appBase: `/s/${space.id}`,
      changeRequestId: null,
      spaceRevisionId: space.revisionId,
    };
  }
  if (source.kind === "revision") return visitorRevision(ctx, source.spaceId, source.revisionId, withMergedFrom);
  const previewed = ctx.visitor.preview?.changeRequestId;
  const changeRequestNotFound = notFound(`Change request '${source.changeRequestId}'`);
  if (!previewed || source.spaceId !== ctx.visitor.spaceId) throw changeRequestNotFound;
  const changeRequest = ctx.db
    .select()
    .from(changeRequests)
    .where(and(eq(changeRequests.id, previewed), eq(changeRequests.spaceId, source.spaceId)))
    .limit(1);
  const [{ space }, [rows]] = await loadVisitorSpace(ctx, source.spaceId, [changeRequest]);
  const row = (rows as ChangeRequestRow[])[0];
  if (!row || (source.changeRequestId !== row.id && source.changeRequestId !== String(row.number))) throw changeRequestNotFound;
  return {
    callerContext: ctx,
    space,
    revisionId: row.revisionId,
    point: changeRequestPoint(row, row.revisionMergedAncestor === space.revisionId),
    appBase: `/s/${space.id}/~/changes/${row.number}`,
    changeRequestId: row.id,
    spaceRevisionId: space.revisionId,
  };
}
