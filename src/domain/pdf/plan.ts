import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { revisions, type RevisionRow } from "../../db/schema";
import { classifyUrl, extractLinks } from "../../formats/markdown/links";
import type { PdfPage } from "../../formats/pdf/render";
import type { PdfSpec } from "../../lib/jobs";
import { badRequest, notFound } from "../../lib/errors";
import { entryKey, isFile, readEntries, type Entry, type FileEntry, type PageEntry } from "../revisions/entries";
import { PageTree } from "../revisions/page-tree";
import { revisionPoint } from "../revisions/points";

/**
 * What a PDF prints, read from its revision: the pages (the whole tree, a page with its
 * subpages, or one page), in tree order with their depth, and the image files they show.
 *
 * The revision is read at its own ordinals (from its row), never through the heads: a request
 * that resolved a revision and a job run minutes later both read exactly that revision, so the
 * file stored under its id is always of it.
 */

/**
 * What is made while the request waits; anything larger is made by a queue job (docs/decisions.md,
 * "PDF exports"). Pages and markdown bound the CPU time (layout is linear in text), images the
 * R2 reads and the memory.
 */
export const PDF_REQUEST_LIMITS = { pages: 40, markdownBytes: 256 * 1024, images: 12 } as const;
/**
 * What even a job may print: a Worker has 128 MB of memory, and the file must be made within a
 * consumer's CPU time. Larger exports are refused (400 naming `page`: print part of the tree).
 */
export const PDF_JOB_LIMITS = { pages: 1000, markdownBytes: 8 * 1024 * 1024 } as const;
/** Images beyond these print as their alt text, in a request or a job. */
export const PDF_MAX_IMAGES = 200;
export const PDF_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const PDF_MAX_IMAGES_TOTAL_BYTES = 32 * 1024 * 1024;
const EMBEDDABLE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg"]);

export interface PdfPlan {
  spec: PdfSpec;
  revision: RevisionRow;
  tree: PageTree;
  pages: PdfPage[];
  /** The image files the printed pages show, by the URL their bodies write. */
  images: Map<string, FileEntry>;
  markdownBytes: number;
}

export async function planPdf(db: Database, spec: PdfSpec): Promise<PdfPlan> {
  const [revision] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, spec.revisionId), eq(revisions.spaceId, spec.spaceId)))
    .limit(1);
  if (!revision) throw notFound(`Revision '${spec.revisionId}'`);
  // The whole tree's entries (paths of pages linked from the printed ones, the files they show),
  // but the bodies of the printed pages only: one page of a large space reads one body.
  const point = revisionPoint(revision, false);
  const wholeTree = spec.page === null;
  const entries = await readEntries(db, point, { withMarkdown: wholeTree });
  const tree = new PageTree(entries.values());
  const selected = selectPages(tree, spec);
  const tooLarge = (markdownBytes?: number) =>
    badRequest(
      `Invalid query field 'page': the PDF would have ${selected.length} pages${markdownBytes === undefined ? "" : ` and ${markdownBytes} bytes of text`}, more than one PDF may hold (${PDF_JOB_LIMITS.pages} pages, ${PDF_JOB_LIMITS.markdownBytes} bytes): print part of the tree with 'page'`,
    );
  if (selected.length > PDF_JOB_LIMITS.pages) throw tooLarge();
  const bodies = wholeTree ? entries : await readEntries(db, point, { kind: "page", ids: selected.map(({ page }) => page.id), withMarkdown: true });
  const pages = selected.map(({ page, depth }) => ({
    id: page.id,
    title: page.data.title,
    description: page.data.description,
    depth,
    markdown: bodies.get(entryKey("page", page.id))?.markdown ?? "",
  }));
  const markdownBytes = pages.reduce((sum, page) => sum + page.markdown.length, 0);
  if (markdownBytes > PDF_JOB_LIMITS.markdownBytes) throw tooLarge(markdownBytes);
  return { spec, revision, tree, pages, images: imagesShown(pages, entries), markdownBytes };
}

export function fitsInRequest(plan: PdfPlan): boolean {
  return plan.pages.length <= PDF_REQUEST_LIMITS.pages && plan.markdownBytes <= PDF_REQUEST_LIMITS.markdownBytes && plan.images.size <= PDF_REQUEST_LIMITS.images;
}

function selectPages(tree: PageTree, spec: PdfSpec): Array<{ page: PageEntry; depth: number }> {
  const selected: Array<{ page: PageEntry; depth: number }> = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const page of tree.children(parentId)) {
      selected.push({ page, depth });
      visit(page.id, depth + 1);
    }
  };
  if (spec.page === null) {
    visit(null, 0);
    return selected;
  }
  const root = tree.get(spec.page);
  if (!root) throw notFound(`Page '${spec.page}'`);
  selected.push({ page: root, depth: 0 });
  if (!spec.only) visit(root.id, 1);
  return selected;
}

function imagesShown(pages: readonly PdfPage[], entries: ReadonlyMap<string, Entry>): Map<string, FileEntry> {
  const images = new Map<string, FileEntry>();
  let totalBytes = 0;
  for (const page of pages) {
    for (const link of extractLinks(page.markdown)) {
      if (images.size >= PDF_MAX_IMAGES) return images;
      if (link.relation !== "image" || link.target.kind !== "file") continue;
      const url = `/files/${link.target.file}`;
      const file = entries.get(`file:${link.target.file}`);
      if (images.has(url) || !file || !isFile(file) || !EMBEDDABLE_IMAGE_TYPES.has(file.data.contentType)) continue;
      if (file.data.size > PDF_MAX_IMAGE_BYTES || totalBytes + file.data.size > PDF_MAX_IMAGES_TOTAL_BYTES) continue;
      totalBytes += file.data.size;
      images.set(url, file);
    }
  }
  return images;
}

/** Where a URL written in a printed body goes: a printed page, the app's page, or the web. */
export function linkResolver(plan: PdfPlan) {
  const printed = new Set(plan.pages.map((page) => page.id));
  return (url: string) => {
    const target = classifyUrl(url);
    if (target.kind === "page") {
      if (printed.has(target.page)) return { kind: "page" as const, pageId: target.page };
      if (!plan.tree.get(target.page)) return undefined;
      return { kind: "uri" as const, uri: `${plan.spec.appBase}/${plan.tree.path(target.page)}` };
    }
    // A file's URL expires within the hour; a PDF is kept: no link rather than a dead one.
    if (target.kind === "file") return undefined;
    return /^(https?:|mailto:)/i.test(target.url) ? { kind: "uri" as const, uri: target.url } : undefined;
  };
}
