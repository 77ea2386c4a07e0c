import type { RequestContext } from "../../context";
import type { PageData, RevisionRow } from "../../db/schema";
import { signDownloadUrl, signingSecret } from "../../lib/signed-urls";
import { markdownToDocument } from "../../formats/markdown";
import { isFile, isReusableContent, type Entry, type FileEntry, type PageEntry, type ReusableContentEntry } from "./entries";
import type { PageTree } from "./page-tree";
import type { RevisionPageObject } from "../../schemas/revision";

/** GitBook's defaults for a page's layout; a page stores only what it sets. */
const DEFAULT_LAYOUT = {
  width: "default",
  cover: true,
  coverSize: "hero",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/** A page's layout as GitBook shows it: its own settings over GitBook's defaults. */
export const layoutOf = (data: PageData) => ({ ...DEFAULT_LAYOUT, ...(data.layout ?? {}) });

export type BodyFormat = "markdown" | "document";

export interface PagePresentation {
  tree: PageTree;
  /** Builds `urls.app` of a page. */
  appUrl: (page: PageEntry) => string;
  format: BodyFormat;
}

/** A page with its child pages, recursively, each with its body in the requested format. */
export function presentPage(page: PageEntry, context: PagePresentation): RevisionPageObject {
  const data: PageData = page.data;
  const markdown = page.markdown ?? "";
  return {
    id: page.id,
    title: data.title,
    ...(data.linkTitle ? { linkTitle: data.linkTitle } : {}),
    ...(data.emoji ? { emoji: data.emoji } : {}),
    ...(data.icon ? { icon: data.icon } : {}),
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    ...(data.condition ? { condition: data.condition } : {}),
    kind: "sheet",
    type: data.computed ? ("computed" as const) : ("document" as const),
    urls: { app: context.appUrl(page) },
    slug: data.slug,
    path: context.tree.path(page.id),
    ...(data.description ? { description: data.description } : {}),
    pages: context.tree.children(page.id).map((child) => presentPage(child, context)),
    ...(data.git ? { git: data.git } : {}),
    layout: layoutOf(data),
    ...(data.cover ? { cover: data.cover } : {}),
    tags: [],
    hidden: data.hidden ?? false,
    noIndex: data.noIndex ?? false,
    noRobotsIndex: data.noRobotsIndex ?? false,
    ...(page.documentId ? { documentId: page.documentId } : {}),
    // A computed page as stored: its source and its stored body (a page read computes the body).
    ...(data.computed ? { computed: data.computed } : {}),
    ...(context.format === "document" ? { document: markdownToDocument(markdown) } : { markdown }),
  };
}

export function presentPages(context: PagePresentation) {
  return context.tree.children(null).map((page) => presentPage(page, context));
}

export interface PresentableFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  blobKey: string;
  dimensions?: { width: number; height: number };
  /** Where a Git import found the file (GitBook's RevisionFile.git). */
  git?: { oid: string; path: string };
}

/** `signedAt`: the instant the download URL is signed as of (its expiry counts from it). */
export async function presentFileObject(ctx: RequestContext, file: PresentableFile, signedAt = Date.now()) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: await signDownloadUrl(ctx.urls.origin, signingSecret(ctx.env), file, signedAt),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    ...(file.git ? { git: file.git } : {}),
  };
}

export const fileOf = (entry: FileEntry): PresentableFile => ({ id: entry.id, ...entry.data, blobKey: entry.blobKey });

export async function presentFiles(ctx: RequestContext, entries: Iterable<Entry>, signedAt = Date.now()) {
  return Promise.all([...entries].filter(isFile).map((entry) => presentFileObject(ctx, fileOf(entry), signedAt)));
}

/**
 * GitBook's RevisionReusableContent: `document` is the id of its body (the SHA-256 of the markdown,
 * as a page's `documentId`), absent for an empty one; `git` where a Git import found it.
 */
export function presentReusableContent(entry: ReusableContentEntry) {
  return {
    id: entry.id,
    title: entry.data.title,
    ...(entry.documentId ? { document: entry.documentId } : {}),
    ...(entry.data.git ? { git: entry.data.git } : {}),
  };
}

/** The reusable contents of a revision, by id (the order of GitBook's listings is not specified). */
export function presentReusableContents(entries: Iterable<Entry>) {
  return [...entries]
    .filter(isReusableContent)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(presentReusableContent);
}

/** GitBook has no "initial" revision type: a space's first, empty revision reads as edits. */
export function revisionType(revision: RevisionRow) {
  return revision.type === "initial" ? "edits" : revision.type;
}
