import type { Database } from "../../db/client";
import type { ComputedPageSource, PageData } from "../../db/schema";
import { parseMarkdownPage, reusableContentOfTarget, rewriteIncludeTargets, rewriteLinkUrls } from "../../formats/markdown";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { positionBetween } from "../../lib/ordering";
import { prepareDocument, readDocuments, type StoredDocument } from "../revisions/documents";
import { entryKey, isPage, readEntries, type Entry, type PageEntry } from "../revisions/entries";
import { pagePathResolver } from "../revisions/page-links";
import { PageTree, bySiblingOrder, slugify, uniqueSlug } from "../revisions/page-tree";
import { mainHeadPoint } from "../revisions/points";
import type { CatalogueTemplate, TemplatePage } from "./catalogue";
import { fillPlaceholders } from "./references";

/**
 * What a template adds to the content it is applied to: new entries (pages and files) and the
 * bodies to store. A template's pages go after the existing pages, at the top level of the table
 * of contents; nothing that was there is changed (docs/decisions.md, "Templates").
 */
export interface TemplateContent {
  entries: Entry[];
  /** Bodies made for this application; a copied space's bodies are shared, not listed here. */
  documents: StoredDocument[];
}

/** A catalogue template's pages, with their references filled and their links between each other resolved. */
export async function catalogueContent(
  template: CatalogueTemplate,
  rendered: ReadonlyMap<string, string>,
  now: string,
  computedSources: ReadonlyMap<string, ComputedPageSource> = new Map(),
): Promise<TemplateContent> {
  const pages: PageEntry[] = [];
  const bodies = new Map<string, string>();
  const computedOf = (page: TemplatePage) => {
    const source = page.computedFrom === undefined ? undefined : computedSources.get(page.computedFrom);
    return source ? { computed: source } : {};
  };
  const add = (page: TemplatePage, parentId: string | null, siblings: PageEntry[]) => {
    const parsed = parseMarkdownPage(fillPlaceholders(page.markdown, rendered));
    // The catalogue is code: a page it cannot parse is a bug, not a bad request.
    if (!parsed.ok) throw new Error(`Template '${template.id}' has a page that does not parse: ${parsed.reason}`);
    const { layout, ...metadata } = parsed.metadata;
    const title = metadata.title ?? "Untitled";
    const entry: PageEntry = {
      kind: "page",
      id: newId(),
      parentId,
      position: positionBetween(siblings.at(-1)?.position ?? null, null),
      data: { ...metadata, ...(layout ? { layout } : {}), ...computedOf(page), title, slug: uniqueSlug(slugify(title), siblings), createdAt: now, updatedAt: now },
      documentId: null,
      blobKey: null,
    };
    siblings.push(entry);
    pages.push(entry);
    bodies.set(entry.id, parsed.body);
    const children: PageEntry[] = [];
    for (const child of page.pages ?? []) add(child, entry.id, children);
  };
  const roots: PageEntry[] = [];
  for (const page of template.pages) add(page, null, roots);

  // Links are resolved against the template's own tree, before its pages join the content, so a
  // top-level page renamed to avoid a slug already taken keeps every link to it.
  const tree = new PageTree(pages);
  const documents: StoredDocument[] = [];
  for (const page of pages) {
    const document = await prepareDocument(rewriteLinkUrls(bodies.get(page.id)!, pagePathResolver(tree, page.id)));
    page.documentId = document.id;
    documents.push(document);
  }
  return { entries: pages, documents };
}

/** A space's live content (main's head): pages, files and reusable contents, without bodies: what a copy is made of. */
export function readLiveEntries(db: Database, spaceId: string): Promise<Map<string, Entry>> {
  return readEntries(db, mainHeadPoint(spaceId, 0));
}

/**
 * A space's live content, copied: the same page, file and reusable content ids, bodies and
 * bytes, so nothing is stored twice. Only ids the target already has (a space applied to itself,
 * or to its duplicate) are given new ones, and then only the bodies that link to those pages or
 * files, or place those reusable contents, are rewritten.
 */
export async function spaceContent(db: Database, source: ReadonlyMap<string, Entry>, target: ReadonlyMap<string, Entry>, now: string): Promise<TemplateContent> {
  const renamed = new Map<string, string>();
  for (const entry of source.values()) if (target.has(entryKey(entry.kind, entry.id))) renamed.set(entryKey(entry.kind, entry.id), newId());
  const newIdOf = (kind: Entry["kind"], id: string) => renamed.get(entryKey(kind, id)) ?? id;

  const entries: Entry[] = [...source.values()].map((entry) => ({
    ...entry,
    id: newIdOf(entry.kind, entry.id),
    parentId: entry.parentId === null ? null : newIdOf("page", entry.parentId),
    data: isPage(entry) ? { ...entry.data, createdAt: now, updatedAt: now } : entry.data,
  }));
  const documents = renamed.size === 0 ? [] : await rewriteRenamedLinks(db, entries, renamed);
  return { entries, documents };
}

/**
 * New bodies for the copied pages and reusable contents whose links name a renamed page or file,
 * or that place a renamed reusable content; the others stay shared.
 */
async function rewriteRenamedLinks(db: Database, entries: Entry[], renamed: ReadonlyMap<string, string>): Promise<StoredDocument[]> {
  const withBodies = entries.filter((entry) => entry.documentId !== null);
  const bodies = await readDocuments(db, withBodies.map((entry) => entry.documentId!));
  const rename = (url: string) => {
    const match = /^\/(pages|files)\/([^/?#\s]+)(#.*)?$/s.exec(url);
    const renamedId = match && renamed.get(`${match[1] === "pages" ? "page" : "file"}:${match[2]}`);
    return renamedId ? `/${match![1]}/${renamedId}${match![3] ?? ""}` : null;
  };
  const renameInclude = (target: string) => {
    const id = reusableContentOfTarget(target);
    const renamedId = id === undefined ? undefined : renamed.get(entryKey("reusable-content", id));
    return renamedId === undefined ? null : `/reusable-contents/${renamedId}`;
  };
  const documents: StoredDocument[] = [];
  for (const entry of withBodies) {
    const body = bodies.get(entry.documentId!) ?? "";
    const rewritten = rewriteIncludeTargets(rewriteLinkUrls(body, rename), renameInclude);
    if (rewritten === body) continue;
    const document = await prepareDocument(rewritten);
    entry.documentId = document.id;
    documents.push(document);
  }
  return documents;
}

/**
 * Puts the template's top-level pages after the content's (`target` holds at least its top-level
 * pages), in their order, each with a slug no page already at the top level has. Pages below them
 * keep their places.
 */
export function placeAtTopLevel(content: TemplateContent, target: ReadonlyMap<string, Entry>): TemplateContent {
  const existing = new PageTree(target.values()).children(null);
  const placed: PageEntry[] = [...existing];
  let last = existing.at(-1)?.position ?? null;
  const roots = content.entries.filter((entry): entry is PageEntry => isPage(entry) && entry.parentId === null).sort(bySiblingOrder);
  for (const root of roots) {
    last = positionBetween(last, null);
    root.position = last;
    root.data = { ...root.data, slug: uniqueSlug(root.data.slug, placed) } satisfies PageData;
    placed.push(root);
  }
  return content;
}

/** A template that adds nothing would make an empty revision: refused, naming the template. */
export function assertAddsContent(content: TemplateContent, field: string, templateId: string): void {
  if (content.entries.length === 0) throw badRequest(`Invalid body field '${field}': template '${templateId}' has no content to apply (the space is empty)`);
}
