import { eq } from "drizzle-orm";
import { changeRequestContributors, changeRequests, revisions, type FileData, type PageData } from "../../db/schema";
import type { Database } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { positionBetween } from "../../lib/ordering";
import type { ContentChangeInput, InsertPageInput, UpdatePageInput } from "../../schemas/change-request-content";
import { documentToMarkdown, parseMarkdownPage, resolveBatchRefs, rewriteLinkUrls, type PageMetadataFromMarkdown } from "../../formats/markdown";
import { pagePathResolver } from "../revisions/page-links";
import { insertDocuments, prepareDocument, type StoredDocument } from "../revisions/documents";
import { entryKey, readLine, toEntry, type Entry, type PageEntry } from "../revisions/entries";
import { PageTree, slugify, uniqueSlug } from "../revisions/page-tree";
import { overlayWrites } from "./overlay";
import { assertEditable, loadChangeRequestState } from "./state";

/**
 * updateChangeRequestContent: a batch of page and file changes applied to a change request as one
 * new revision on its line, all or nothing. Runs inside the space's coordinator; the bytes of
 * inserted files are already in R2 (content-addressed), so only their metadata comes here.
 */

export interface PreparedFile {
  ref?: string;
  name: string;
  contentType: string;
  size: number;
  blobKey: string;
}

export type PreparedChange = Exclude<ContentChangeInput, { operation: "insert_files" }> | { operation: "insert_files"; files: PreparedFile[] };

export interface ContentEditInput {
  spaceId: string;
  changeRequestId: string;
  callerId: string;
  changes: PreparedChange[];
  now: string;
}

export type AffectedPage = { object: "created_page"; ref?: string; page: string } | { object: "updated_page"; page: string } | { object: "deleted_page"; page: string };

export interface ContentEditResult {
  revisionId: string;
  changes: AffectedPage[];
  insertedFiles: Array<{ id: string; name: string; contentType: string; size: number; blobKey: string }>;
}

export async function applyContentEdit(db: Database, input: ContentEditInput): Promise<ContentEditResult> {
  const state = await loadChangeRequestState(db, input.spaceId, input.changeRequestId);
  assertEditable(state);
  const { changeRequest } = state;
  const [base, overlay] = await Promise.all([
    readLine(db, input.spaceId, { line: "main", ordinal: changeRequest.baseOrdinal, isHead: changeRequest.baseOrdinal === state.mainHeadOrdinal }),
    readLine(db, input.spaceId, { line: changeRequest.id, ordinal: changeRequest.headOrdinal, isHead: true }),
  ]);
  const current = new Map<string, Entry>();
  for (const [key, row] of base) current.set(key, toEntry(row));
  for (const [key, row] of overlay) {
    if (row.deleted) current.delete(key);
    else current.set(key, toEntry(row));
  }

  const batch = new EditBatch(current, input.now, input.changes);
  batch.applyAll();
  const documents = await batch.documents();

  const ordinal = changeRequest.headOrdinal + 1;
  const revisionId = newId();
  const baseEntries = new Map([...base].map(([key, row]) => [key, toEntry(row)]));
  await db.batch([
    db.insert(revisions).values({
      id: revisionId,
      spaceId: input.spaceId,
      parents: [changeRequest.revisionId],
      type: "edits",
      line: changeRequest.id,
      ordinal,
      baseOrdinal: changeRequest.baseOrdinal,
      createdBy: input.callerId,
      createdAt: input.now,
    }),
    ...insertDocuments(db, documents),
    ...overlayWrites(db, input.spaceId, changeRequest.id, ordinal, batch.changed(), baseEntries),
    db.update(changeRequests).set({ revisionId, headOrdinal: ordinal, updatedAt: input.now }).where(eq(changeRequests.id, changeRequest.id)),
    db.insert(changeRequestContributors).values({ changeRequestId: changeRequest.id, userId: input.callerId }).onConflictDoNothing(),
  ]);
  return { revisionId, changes: [...batch.affected.values()], insertedFiles: batch.insertedFiles };
}

/** The batch applied in memory, in order, over the change request's current entries. */
class EditBatch {
  /**
   * One entry per page the batch touched, in the order first touched (GitBook: "deduplicated"):
   * a created page stays `created_page` through later updates; a deletion makes it `deleted_page`,
   * or drops it when the batch had created it.
   */
  readonly affected = new Map<string, AffectedPage>();
  readonly insertedFiles: ContentEditResult["insertedFiles"] = [];
  private readonly touched = new Set<string>();
  /** Batch-local refs, resolved before any change applies, so order does not matter. */
  private readonly refs = new Map<string, { kind: "page" | "file"; id: string }>();
  /** Bodies set by this batch, by page id; refs are resolved in them at the end. */
  private readonly bodies = new Map<string, string>();

  constructor(
    private readonly entries: Map<string, Entry>,
    private readonly now: string,
    private readonly changes: readonly PreparedChange[],
  ) {}

  applyAll(): void {
    this.assignRefs();
    this.changes.forEach((change, index) => this.apply(change, index));
  }

  private apply(change: PreparedChange, index: number): void {
    const field = (name: string) => `changes[${index}].${name}`;
    switch (change.operation) {
      case "insert_page":
        return this.insertPage(change, field);
      case "update_page":
        return this.updatePage(change, field);
      case "delete_page":
        return this.deletePage(change.page, field);
      case "insert_files":
        return this.insertFiles(change.files);
    }
  }

  /**
   * Gives every page and file the batch inserts with a `ref` its id up front. A ref must be unique
   * in the batch and must not read like an existing page's path (links to it would be ambiguous).
   */
  private assignRefs(): void {
    const paths = new Set<string>();
    const tree = this.tree();
    for (const page of tree.pages.values()) paths.add(tree.path(page.id));
    this.changes.forEach((change, index) => {
      const declared =
        change.operation === "insert_page"
          ? [{ ref: change.ref, kind: "page" as const, field: `changes[${index}].ref` }]
          : change.operation === "insert_files"
            ? change.files.map((file, fileIndex) => ({ ref: file.ref, kind: "file" as const, field: `changes[${index}].files[${fileIndex}].ref` }))
            : [];
      for (const { ref, kind, field } of declared) {
        if (ref === undefined) continue;
        if (this.refs.has(ref)) throw invalid(field, `ref '${ref}' is used twice in this batch`);
        if (paths.has(ref.replace(/\.md$/, ""))) throw invalid(field, `ref '${ref}' collides with the path of an existing page`);
        this.refs.set(ref, { kind, id: newId() });
      }
    });
  }

  private tree(): PageTree {
    return new PageTree(this.entries.values());
  }

  private insertPage(change: InsertPageInput, field: (name: string) => string): void {
    const tree = this.tree();
    const parentId = change.into ?? null;
    if (parentId !== null && !tree.get(parentId)) throw invalid(field("into"), `no page '${parentId}' in the change request`);
    const id = change.ref ? this.refs.get(change.ref)!.id : newId();
    const body = bodyOf(change.document, field("document"));
    const title = body.metadata.title ?? change.title ?? "Untitled";
    const siblings = tree.children(parentId);
    const slug = change.slug ?? uniqueSlug(slugify(title), siblings);
    assertSlugFree(slug, siblings, null, field("slug"));
    const page: PageEntry = {
      kind: "page",
      id,
      parentId,
      position: positionAt(siblings, change.at, field("at")),
      data: pageData({ title, slug, ...(change.computed ? { computed: change.computed } : {}), createdAt: this.now, updatedAt: this.now }, change, body.metadata),
      documentId: null,
      blobKey: null,
    };
    this.set(page);
    this.bodies.set(id, body.markdown ?? "");
    this.affected.set(id, { object: "created_page", ...(change.ref ? { ref: change.ref } : {}), page: id });
  }

  private updatePage(change: UpdatePageInput, field: (name: string) => string): void {
    const tree = this.tree();
    const page = tree.get(change.page);
    if (!page) throw invalid(field("page"), `no page '${change.page}' in the change request`);
    const body = change.document ? bodyOf(change.document, field("document")) : { metadata: {}, markdown: undefined };
    const moving = change.into !== undefined || change.at !== undefined;
    const parentId = change.into === undefined ? page.parentId : change.into;
    if (parentId !== null && change.into !== undefined) {
      if (!tree.get(parentId)) throw invalid(field("into"), `no page '${parentId}' in the change request`);
      if (tree.subtree(page.id).some((inside) => inside.id === parentId)) {
        throw invalid(field("into"), "a page cannot move into itself or one of its own pages");
      }
    }
    const siblings = tree.children(parentId).filter((sibling) => sibling.id !== page.id);
    const title = body.metadata.title ?? change.title ?? page.data.title;
    const slug = change.slug ?? page.data.slug;
    if (change.slug !== undefined || parentId !== page.parentId) assertSlugFree(slug, siblings, page.id, field("slug"));
    const updated: PageEntry = {
      ...page,
      parentId,
      position: moving ? positionAt(siblings, change.at ?? (parentId === page.parentId ? undefined : siblings.length), field("at"), page.position) : page.position,
      data: pageData({ ...page.data, title, slug, updatedAt: this.now }, change, body.metadata),
    };
    this.set(updated);
    if (body.markdown !== undefined) this.bodies.set(page.id, body.markdown);
    if (!this.affected.has(page.id)) this.affected.set(page.id, { object: "updated_page", page: page.id });
  }

  private deletePage(pageId: string, field: (name: string) => string): void {
    const tree = this.tree();
    if (!tree.get(pageId)) throw invalid(field("page"), `no page '${pageId}' in the change request`);
    for (const page of tree.subtree(pageId)) {
      this.entries.delete(entryKey("page", page.id));
      this.touched.add(entryKey("page", page.id));
      this.bodies.delete(page.id);
      if (this.affected.get(page.id)?.object === "created_page") this.affected.delete(page.id);
      else this.affected.set(page.id, { object: "deleted_page", page: page.id });
    }
  }

  private insertFiles(files: PreparedFile[]): void {
    for (const file of files) {
      const id = file.ref ? this.refs.get(file.ref)!.id : newId();
      const data: FileData = { name: file.name, contentType: file.contentType, size: file.size };
      this.set({ kind: "file", id, parentId: null, position: null, data, documentId: null, blobKey: file.blobKey });
      this.insertedFiles.push({ id, ...data, blobKey: file.blobKey });
    }
  }

  private set(entry: Entry): void {
    const key = entryKey(entry.kind, entry.id);
    this.entries.set(key, entry);
    this.touched.add(key);
  }

  /** Stores the batch's bodies, with batch refs resolved, and points their pages at them. */
  async documents(): Promise<StoredDocument[]> {
    const stored: StoredDocument[] = [];
    // Page paths are resolved against the tree as the whole batch leaves it.
    const tree = this.bodies.size > 0 ? this.tree() : null;
    for (const [pageId, markdown] of this.bodies) {
      const entry = this.entries.get(entryKey("page", pageId));
      if (!entry) continue;
      const withRefs = resolveBatchRefs(markdown, this.refs);
      const document = await prepareDocument(rewriteLinkUrls(withRefs, pagePathResolver(tree!, pageId)));
      entry.documentId = document.id;
      stored.push(document);
    }
    return stored;
  }

  /** The new state of every entry the batch touched (null: deleted). */
  changed(): Map<string, Entry | null> {
    return new Map([...this.touched].map((key) => [key, this.entries.get(key) ?? null]));
  }
}

function invalid(field: string, message: string) {
  return badRequest(`Invalid body field '${field}': ${message}`);
}

interface PageBody {
  metadata: PageMetadataFromMarkdown;
  /** undefined: the body is not changed. */
  markdown: string | undefined;
}

/** A Document input as a body: markdown is split from its frontmatter, a JSON document converted. */
function bodyOf(document: NonNullable<UpdatePageInput["document"]>, field: string): PageBody {
  if ("markdown" in document) {
    const parsed = parseMarkdownPage(document.markdown);
    if (!parsed.ok) throw invalid(`${field}.markdown`, parsed.reason);
    return { metadata: parsed.metadata, markdown: parsed.body };
  }
  if ("document" in document) return { metadata: {}, markdown: documentToMarkdown(document.document) };
  return { metadata: {}, markdown: "" };
}

type MetadataFields = Pick<InsertPageInput, "emoji" | "icon" | "description" | "hidden" | "noIndex" | "noRobotsIndex" | "condition">;

/** Page data with the request's fields applied, then the frontmatter's (which take precedence). */
function pageData(data: PageData, fields: MetadataFields, frontmatter: PageMetadataFromMarkdown): PageData {
  const merged: PageData = { ...data };
  for (const source of [fields, frontmatter] as const) {
    for (const key of ["emoji", "icon", "description", "hidden", "noIndex", "noRobotsIndex", "condition"] as const) {
      const value = (source as MetadataFields)[key];
      if (value === undefined) continue;
      // An empty emoji, icon, description or condition removes it.
      if (value === "") delete merged[key];
      else (merged as unknown as Record<string, unknown>)[key] = value;
    }
  }
  if (frontmatter.layout) merged.layout = { ...(data.layout ?? {}), ...frontmatter.layout };
  return merged;
}

function assertSlugFree(slug: string, siblings: readonly PageEntry[], self: string | null, field: string): void {
  if (siblings.some((sibling) => sibling.id !== self && sibling.data.slug === slug)) {
    throw invalid(field, `slug '${slug}' is already used by a page next to this one`);
  }
}

/**
 * The position for index `at` among `siblings` (which exclude the page placed); at the end when
 * `at` is undefined and the page has no position yet. An index past the end is a 400.
 */
function positionAt(siblings: readonly PageEntry[], at: number | undefined, field: string, current?: string | null): string {
  if (at === undefined) return current ?? positionBetween(siblings.at(-1)?.position ?? null, null);
  if (at > siblings.length) throw invalid(field, `must be at most ${siblings.length} (the number of pages there)`);
  const before = siblings[at - 1]?.position ?? null;
  const after = siblings[at]?.position ?? null;
  // Siblings can share a key (ordered by id then); place right after the earlier one.
  return before !== null && after !== null && before >= after ? positionBetween(before, null) : positionBetween(before, after);
}
