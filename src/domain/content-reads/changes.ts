import { and, eq, sql } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { revisions, type PageData, type RevisionRow } from "../../db/schema";
import { canonicalJson, splitKey, type FileEntry, type PageEntry, type ReusableContentEntry } from "../revisions/entries";
import { readPointsDiff, type PointsDiff } from "../revisions/changes";
import { PageTree } from "../revisions/page-tree";
import { revisionPoint, type RevisionPoint } from "../revisions/points";
import { fileOf, layoutOf, presentFileObject } from "../revisions/present";
import type { ResolvedSource, RevisionRead } from "./revision-content";

/**
 * What changed, page by page and file by file (GitBook's RevisionSemanticChanges): in a revision
 * against its parent (`getRevisionSemanticChanges`), and in a change request against its base
 * (`getChangeRequestChanges`). The entries read are those that changed (revisions/changes.ts),
 * so the cost is the change's. Both are functions of the revision read: cached like every read.
 */

/** The changes of a revision against its first parent (none: everything in it is new). */
export async function getRevisionChanges(ctx: RequestContext, resolved: ResolvedSource, limit: number, signedAt: number): Promise<RevisionRead<object>> {
  const parentId = sql`(SELECT json_extract(${revisions.parents}, '$[0]') FROM ${revisions} WHERE ${revisions.id} = ${resolved.revisionId})`;
  const [parent] = await ctx.db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, parentId), eq(revisions.spaceId, resolved.space.id)))
    .limit(1);
  // A head is read through its open rows; a diff needs the revision where it stays.
  const after = resolved.atOrdinals ?? resolved.point;
  const diff = await readPointsDiff(ctx.db, parent ? revisionPoint(parent as RevisionRow, false) : null, after);
  return { value: await semanticChanges(ctx, diff, limit, signedAt), atRevision: true };
}

/** The changes of a change request's revision against main at its base: its own line, exactly. */
export async function getChangeRequestChanges(ctx: RequestContext, resolved: ResolvedSource, limit: number, signedAt: number): Promise<RevisionRead<object>> {
  const exact = (point: RevisionPoint): RevisionPoint => ({
    ...point,
    main: { ...point.main, isHead: false },
    overlay: point.overlay && { ...point.overlay, isHead: false },
  });
  const after = exact(resolved.point);
  const diff = await readPointsDiff(ctx.db, { ...after, overlay: null }, after);
  return { value: await semanticChanges(ctx, diff, limit, signedAt), atRevision: true };
}

type AttributeChange = { before?: unknown; after?: unknown };

/** The order changes are listed in: pages (by path), files (by name), reusable contents (by title); an entry's kinds of change in this order. */
const TYPE_ORDER = [
  "page_created",
  "page_edited",
  "page_moved",
  "page_deleted",
  "file_created",
  "file_edited",
  "file_deleted",
  "reusable_content_created",
  "reusable_content_edited",
  "reusable_content_deleted",
];

type Change = Record<string, unknown> & { type: string };
/** A change and where it sorts: by kind, then path, name or title (then id, then TYPE_ORDER). */
type Listed = { sortKey: string; change: Change };
type Trees = { before: PageTree; after: PageTree };

async function semanticChanges(ctx: RequestContext, diff: PointsDiff, limit: number, signedAt: number) {
  const trees = { before: new PageTree(diff.before.values()), after: new PageTree(diff.after.values()) };
  const file = async (entry: FileEntry) => {
    const presented = await presentFileObject(ctx, fileOf(entry), signedAt);
    return { id: presented.id, name: presented.name, contentType: presented.contentType, downloadURL: presented.downloadURL };
  };
  const listed: Listed[] = [];
  for (const key of diff.candidates) {
    const [before, after] = [diff.before.get(key), diff.after.get(key)];
    if (!before && !after) continue;
    const kind = splitKey(key).kind;
    if (kind === "page") listed.push(...pageChanges(trees, key, before as PageEntry | undefined, after as PageEntry | undefined));
    else if (kind === "file") listed.push(...(await fileChanges(file, key, before as FileEntry | undefined, after as FileEntry | undefined)));
    else listed.push(...reusableContentChanges(key, before as ReusableContentEntry | undefined, after as ReusableContentEntry | undefined));
  }
  const order = (item: Listed) => `${item.sortKey}\u0000${TYPE_ORDER.indexOf(item.change.type)}`;
  listed.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const more = listed.length - limit;
  return { changes: listed.slice(0, limit).map((item) => item.change), ...(more > 0 ? { more } : {}) };
}

/** Created, deleted, or edited and moved (a new parent, or a new place among its siblings). */
function pageChanges(trees: Trees, key: string, old: PageEntry | undefined, now: PageEntry | undefined): Listed[] {
  const changed = (tree: PageTree, page: PageEntry) => ({ id: page.id, type: page.data.computed ? "computed" : "document", title: page.data.title, path: tree.path(page.id) });
  const sortKey = `0${now ? trees.after.path(now.id) : trees.before.path(old!.id)}\u0000${key}`;
  if (!old) return [{ sortKey, change: { type: "page_created", page: changed(trees.after, now!) } }];
  if (!now) return [{ sortKey, change: { type: "page_deleted", page: changed(trees.before, old) } }];
  const listed: Listed[] = [];
  const attributes = pageAttributes(old, now);
  if (Object.keys(attributes).length > 0) listed.push({ sortKey, change: { type: "page_edited", page: changed(trees.after, now), attributes } });
  if (old.parentId !== now.parentId || old.position !== now.position) {
    const parent = (tree: PageTree, id: string | null) => (id && tree.get(id) ? changed(tree, tree.get(id)!) : undefined);
    const parents = definedOnly({ before: parent(trees.before, old.parentId), after: parent(trees.after, now.parentId) });
    listed.push({ sortKey, change: { type: "page_moved", page: changed(trees.after, now), parent: parents } });
  }
  return listed;
}

async function fileChanges(present: FilePresenter, key: string, old: FileEntry | undefined, now: FileEntry | undefined): Promise<Listed[]> {
  const sortKey = `1${(now ?? old)!.data.name}\u0000${key}`;
  if (!old) return [{ sortKey, change: { type: "file_created", file: await present(now!) } }];
  if (!now) return [{ sortKey, change: { type: "file_deleted", file: await present(old) } }];
  const attributes = await fileAttributes(old, now, present);
  return Object.keys(attributes).length > 0 ? [{ sortKey, change: { type: "file_edited", file: await present(now), attributes } }] : [];
}

function reusableContentChanges(key: string, old: ReusableContentEntry | undefined, now: ReusableContentEntry | undefined): Listed[] {
  const changed = (entry: ReusableContentEntry) => ({ id: entry.id, title: entry.data.title, ...(entry.documentId ? { document: entry.documentId } : {}) });
  const sortKey = `2${(now ?? old)!.data.title}\u0000${key}`;
  if (!old) return [{ sortKey, change: { type: "reusable_content_created", reusableContent: changed(now!) } }];
  if (!now) return [{ sortKey, change: { type: "reusable_content_deleted", reusableContent: changed(old) } }];
  const value = (entry: ReusableContentEntry) => ({ title: entry.data.title, document: entry.documentId ?? undefined });
  const attributes = differences(value(old), value(now));
  return Object.keys(attributes).length > 0 ? [{ sortKey, change: { type: "reusable_content_edited", reusableContent: changed(now), attributes } }] : [];
}

/** The attributes GitBook reports for a document page, those that differ (the body by its document id). */
function pageAttributes(old: PageEntry, now: PageEntry): Record<string, AttributeChange> {
  const value = (page: PageEntry) => ({
    title: page.data.title,
    description: page.data.description,
    slug: page.data.slug,
    document: page.documentId ?? undefined,
    emoji: page.data.emoji,
    cover: page.data.cover,
    layout: layoutOf(page.data as PageData),
  });
  return differences(value(old), value(now));
}

type FilePresenter = (file: FileEntry) => Promise<{ id: string; name: string; contentType: string; downloadURL: string }>;

async function fileAttributes(old: FileEntry, now: FileEntry, present: FilePresenter): Promise<Record<string, AttributeChange>> {
  const value = (file: FileEntry) => ({ name: file.data.name, size: file.data.size, contentType: file.data.contentType, dimensions: file.data.dimensions });
  const attributes = differences(value(old), value(now));
  // New bytes are a new download URL; the URL itself is signed anew on every read, so it is compared by its bytes.
  if (old.blobKey !== now.blobKey) attributes.downloadURL = { before: (await present(old)).downloadURL, after: (await present(now)).downloadURL };
  return attributes;
}

/** `{before, after}` for every key whose values differ (compared as canonical JSON; undefined left out). */
function differences<T extends Record<string, unknown>>(old: T, now: T): Record<string, AttributeChange> {
  const changes: Record<string, AttributeChange> = {};
  for (const name of Object.keys(now)) {
    if (canonicalJson(old[name]) === canonicalJson(now[name])) continue;
    changes[name] = definedOnly({ before: old[name], after: now[name] });
  }
  return changes;
}

const definedOnly = <T extends Record<string, unknown>>(value: T) => Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>;
