import type { EntryKind, FileData, PageData } from "../../../db/schema";
import { rewriteIncludeTargets } from "../../../formats/markdown";
import { newId } from "../../../lib/ids";
import { positionBetween } from "../../../lib/ordering";
import { prepareDocument, type StoredDocument } from "../../revisions/documents";
import { canonicalJson, entryKey, isFile, isPage, type Entry, type FileEntry, type PageEntry, type ReusableContentEntry } from "../../revisions/entries";
import { slugify } from "../../revisions/page-tree";
import { blobKeyOf, contentTypeOf, gitBlobOid } from "./assets";
import { CONFIG_FILE, projectPrefixOf, readLayout, type RepositoryLayout } from "./config";
import { GitFormatError } from "./errors";
import { isIncludePath, readIncludeFile } from "./include-file";
import { rewriteBodyUrls } from "./links";
import { readPageFile, type PageFile } from "./page-file";
import { basename, dirname, isExternalUrl, isMarkdownPath, isReadme, normalizePath, safeDecode, splitAnchor } from "./paths";
import { planRepository } from "./plan";
import { parseSummary, type Summary, type SummaryItem } from "./summary";
import { inferSummary } from "./tree";

export interface RepoFile {
  path: string;
  bytes: Uint8Array;
  /** blob oid when read from Git */
  oid?: string;
}

export interface ReadRepositoryInput {
  files: ReadonlyMap<string, RepoFile>;
  projectDirectory?: string;
  existing: ReadonlyMap<string, Entry>;
  now: string;
}

export interface ImportedContent {
  entries: Entry[];
  documents: StoredDocument[];
  blobs: Array<{ key: string; bytes: Uint8Array; contentType: string }>;
}

const ASSETS_FOLDER = ".gitbook/assets/";
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * A repository in GitBook's format as a space's complete content. Pages come from SUMMARY.md (or
 * the folders when there is none); the files are everything under `.gitbook/assets/` plus any
 * other file a page links to; the reusable contents are the markdown files under
 * `.gitbook/includes/`, and a body's `{% include %}` of one names it by id. Every page, file and
 * reusable content records its `git` path and blob, and keeps the
 * id of the entry that had that path before (or would have had it on export, see plan.ts); an
 * entry whose content did not change is returned as it was, so re-importing a repository changes
 * nothing. Paths are relative to the project directory.
 */
export async function readRepository(input: ReadRepositoryInput): Promise<ImportedContent> {
  const projectPrefix = projectPrefixOf(input.projectDirectory);
  // The project's files by their path relative to the project directory.
  const files = new Map<string, RepoFile>();
  for (const [path, file] of input.files) if (path.startsWith(projectPrefix)) files.set(path.slice(projectPrefix.length), file);
  const layout = readLayout(projectPrefix, files.get(CONFIG_FILE)?.bytes);
  const shown = (path: string) => `${projectPrefix}${path}`;
  if (!files.has(layout.readme)) {
    throw new GitFormatError(`${shown(layout.readme)} is missing: the first page of a space is its README.md (or the file .gitbook.yaml's 'structure.readme' names)`);
  }
  const summaryFile = files.get(layout.summary);
  const summary = summaryFile ? parseSummary(layout.summary, decode(shown(layout.summary), summaryFile.bytes)) : inferSummary(files.keys(), layout);
  ensureReadmeListed(summary, layout);
  for (const item of allItems(summary)) {
    if (!isMarkdownPath(item.path)) throw new GitFormatError(`${shown(layout.summary)} links to '${item.path}', which is not a markdown page`);
    if (!files.has(item.path)) throw new GitFormatError(`${shown(layout.summary)} links to '${shown(item.path)}', which is not in the repository`);
  }
  return new Importer(input, files, layout, shown).run(summary);
}

class Importer {
  private readonly pages: PageEntry[] = [];
  private readonly pageFiles = new Map<string, PageFile>();
  private readonly pageIdByPath = new Map<string, string>();
  private readonly fileIdByPath = new Map<string, string>();
  private readonly reusableContentIdByPath = new Map<string, string>();
  /** Existing entries by the path they have (or would be exported at). */
  private readonly existingByPath = new Map<string, Entry>();
  private readonly existingGroups = new Map<string, PageEntry[]>();
  private readonly usedIds = new Set<string>();
  /** The slugs taken in each sibling list, so a folder of n pages costs n, not n². */
  private readonly slugsOf = new WeakMap<PageEntry[], Set<string>>();

  constructor(
    private readonly input: ReadRepositoryInput,
    private readonly files: Map<string, RepoFile>,
    private readonly layout: RepositoryLayout,
    private readonly shown: (path: string) => string,
  ) {
    const plan = planRepository(input.existing.values());
    for (const entry of input.existing.values()) {
      if (isPage(entry) && plan.groups.has(entry.id)) {
        this.existingGroups.set(entry.data.title, [...(this.existingGroups.get(entry.data.title) ?? []), entry]);
        continue;
      }
      const path = isPage(entry) ? plan.pagePaths.get(entry.id) : isFile(entry) ? plan.filePaths.get(entry.id) : plan.reusableContentPaths.get(entry.id);
      const key = path === undefined ? undefined : `${entry.kind}:${path}`;
      if (key !== undefined && !this.existingByPath.has(key)) this.existingByPath.set(key, entry);
    }
  }

  async run(summary: Summary): Promise<ImportedContent> {
    // Ids first (pages, then files under the assets folder, then reusable contents), so links and
    // includes resolve in one pass.
    for (const item of allItems(summary)) this.pageIdByPath.set(item.path, this.reuse("page", item.path)?.id ?? newId());
    const paths = [...this.files.keys()].sort();
    for (const path of paths) if (path.startsWith(`${this.layout.root}${ASSETS_FOLDER}`)) this.fileId(path);
    const includePaths = paths.filter((path) => isIncludePath(path, this.layout.root));
    for (const path of includePaths) this.reusableContentIdByPath.set(path, this.reuse("reusable-content", path)?.id ?? newId());

    const roots: PageEntry[] = [];
    for (const item of summary.items) this.addPage(item, null, roots);
    for (const group of summary.groups) {
      const page = this.addGroup(group.title, roots);
      const children: PageEntry[] = [];
      for (const item of group.items) this.addPage(item, page.id, children);
    }

    const documents = new Map<string, StoredDocument>();
    for (const page of this.pages) {
      const file = this.pageFiles.get(page.id);
      const path = page.data.git?.path;
      const document = await prepareDocument(file && path ? this.storedBody(file.body, dirname(path)) : "");
      documents.set(document.id, document);
      page.documentId = document.id;
      if (file?.cover) page.data.cover = this.coverOf(file.cover, dirname(path!));
    }
    const reusableContents = await Promise.all(includePaths.map((path) => this.reusableContent(path, documents)));
    const { fileEntries, blobs } = await this.fileEntries();
    const pages = await Promise.all(this.pages.map((page) => this.settle(page)));
    const settled = await Promise.all(reusableContents.map((content) => this.settle(content)));
    return { entries: [...pages, ...fileEntries, ...settled], documents: [...documents.values()], blobs };
  }

  /** A body as stored: links to `/pages/<id>` and `/files/<id>`, includes to `/reusable-contents/<id>`. */
  private storedBody(body: string, directory: string): string {
    return rewriteIncludeTargets(rewriteBodyUrls(body, this.pathResolver(directory)), (target) => {
      const path = normalizePath(`${directory}${target}`);
      const id = path === null ? undefined : (this.reusableContentIdByPath.get(path) ?? this.reusableContentIdByPath.get(safeDecode(path)));
      return id === undefined ? null : `/reusable-contents/${id}`;
    });
  }

  private async reusableContent(path: string, documents: Map<string, StoredDocument>): Promise<ReusableContentEntry> {
    const file = readIncludeFile(path, this.shown(path), decode(this.shown(path), this.files.get(path)!.bytes));
    const document = await prepareDocument(this.storedBody(file.body, dirname(path)));
    documents.set(document.id, document);
    const data = { title: file.title, git: { oid: "", path }, createdAt: this.input.now, updatedAt: this.input.now };
    return { kind: "reusable-content", id: this.reusableContentIdByPath.get(path)!, parentId: null, position: null, data, documentId: document.id, blobKey: null };
  }

  private addPage(item: SummaryItem, parentId: string | null, siblings: PageEntry[]): void {
    const file = readPageFile(this.shown(item.path), decode(this.shown(item.path), this.files.get(item.path)!.bytes));
    const id = this.pageIdByPath.get(item.path)!;
    const title = item.title || file.title || titleFromPath(item.path, this.layout.readme);
    const slugSource = item.path === this.layout.readme ? title : isReadme(item.path) ? basename(dirname(item.path).slice(0, -1)) : basename(item.path).replace(/\.md$/i, "");
    const data: PageData = {
      title,
      slug: this.freeSlug(slugify(slugSource), siblings),
      // GitBook's linkTitle holds at most 100 characters.
      ...(item.linkTitle ? { linkTitle: item.linkTitle.slice(0, 100) } : {}),
      ...withoutUnset(file.metadata),
      git: { oid: "", path: item.path },
      createdAt: this.input.now,
      updatedAt: this.input.now,
    };
    this.newPage(id, parentId, siblings, data);
    this.pageFiles.set(id, file);
    const children: PageEntry[] = [];
    for (const child of item.children) this.addPage(child, id, children);
  }

  private addGroup(title: string, siblings: PageEntry[]): PageEntry {
    const candidates = this.existingGroups.get(title) ?? [];
    const reused = candidates.find((candidate) => !this.usedIds.has(candidate.id));
    const id = reused?.id ?? newId();
    const data: PageData = { title, slug: this.freeSlug(slugify(title), siblings), group: true, createdAt: this.input.now, updatedAt: this.input.now };
    return this.newPage(id, null, siblings, data);
  }

  /** `slug`, or `slug-2`, `slug-3`... whichever no sibling has (uniqueSlug's rule); takes it. */
  private freeSlug(slug: string, siblings: PageEntry[]): string {
    let taken = this.slugsOf.get(siblings);
    if (!taken) this.slugsOf.set(siblings, (taken = new Set()));
    let free = slug;
    for (let suffix = 2; taken.has(free); suffix++) free = `${slug}-${suffix}`;
    taken.add(free);
    return free;
  }

  private newPage(id: string, parentId: string | null, siblings: PageEntry[], data: PageData): PageEntry {
    this.usedIds.add(id);
    const page: PageEntry = { kind: "page", id, parentId, position: positionBetween(siblings.at(-1)?.position ?? null, null), data, documentId: null, blobKey: null };
    siblings.push(page);
    this.pages.push(page);
    return page;
  }

  /** The existing entry at a path, unless an earlier page or file took its id. */
  private reuse(kind: EntryKind, path: string): Entry | undefined {
    const existing = this.existingByPath.get(`${kind}:${path}`);
    if (!existing || this.usedIds.has(existing.id)) return undefined;
    this.usedIds.add(existing.id);
    return existing;
  }

  private fileId(path: string): string {
    let id = this.fileIdByPath.get(path);
    if (id === undefined) this.fileIdByPath.set(path, (id = this.reuse("file", path)?.id ?? newId()));
    return id;
  }

  /** Relative links of a page in `directory` to `/pages/<id>` and `/files/<id>`. */
  private pathResolver(directory: string): (url: string) => string | null {
    return (url) => {
      if (url === "" || url.startsWith("#") || url.startsWith("/") || isExternalUrl(url)) return null;
      const { path: target, anchor } = splitAnchor(url);
      const withoutQuery = target.split("?")[0]!;
      const path = normalizePath(`${directory}${safeDecode(withoutQuery)}`);
      if (path === null || path === "") return null;
      const pageId = this.pageIdByPath.get(path) ?? (isMarkdownPath(path) ? undefined : this.pageIdByPath.get(`${path}/README.md`));
      if (pageId !== undefined) return `/pages/${encodeURIComponent(pageId)}${anchor === undefined ? "" : `#${anchor}`}`;
      if (this.files.has(path) && !isMarkdownPath(path) && path !== CONFIG_FILE) return `/files/${encodeURIComponent(this.fileId(path))}`;
      return null;
    };
  }

  private coverOf(cover: { url: string; yPos: number }, directory: string): PageData["cover"] {
    const resolved = this.pathResolver(directory)(cover.url);
    const file = resolved?.startsWith("/files/") ? decodeURIComponent(resolved.slice("/files/".length)) : undefined;
    return { ref: file ? { kind: "file", file } : { kind: "url", url: cover.url }, yPos: cover.yPos };
  }

  private async fileEntries(): Promise<{ fileEntries: FileEntry[]; blobs: ImportedContent["blobs"] }> {
    const fileEntries: FileEntry[] = [];
    const blobs = new Map<string, ImportedContent["blobs"][number]>();
    for (const [path, id] of [...this.fileIdByPath].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const file = this.files.get(path)!;
      const contentType = contentTypeOf(path);
      const key = await blobKeyOf(file.bytes);
      if (!blobs.has(key)) blobs.set(key, { key, bytes: file.bytes, contentType });
      const data: FileData = { name: basename(path), contentType, size: file.bytes.byteLength, git: { oid: file.oid ?? (await gitBlobOid(file.bytes)), path } };
      const existing = this.input.existing.get(`file:${id}`);
      const unchanged = existing && isFile(existing) && existing.blobKey === key && canonicalJson(existing.data) === canonicalJson(data);
      fileEntries.push(unchanged ? withoutMarkdown(existing) : { kind: "file", id, parentId: null, position: null, data, documentId: null, blobKey: key });
    }
    return { fileEntries, blobs: [...blobs.values()] };
  }

  /**
   * Fills the git oid of a page or reusable content, and keeps the existing entry (and its dates)
   * when nothing about it changed.
   */
  private async settle<T extends PageEntry | ReusableContentEntry>(entry: T): Promise<T> {
    const path = entry.data.git?.path;
    if (path !== undefined) {
      const file = this.files.get(path)!;
      entry.data.git = { oid: file.oid ?? (await gitBlobOid(file.bytes)), path };
    }
    const existing = this.input.existing.get(entryKey(entry.kind, entry.id)) as T | undefined;
    if (!existing) return entry;
    const dates = { createdAt: existing.data.createdAt, updatedAt: existing.data.updatedAt };
    const unchanged =
      existing.parentId === entry.parentId &&
      existing.position === entry.position &&
      existing.documentId === entry.documentId &&
      canonicalJson(existing.data) === canonicalJson({ ...entry.data, ...dates });
    if (unchanged) return withoutMarkdown(existing);
    return { ...entry, data: { ...entry.data, createdAt: existing.data.createdAt } };
  }
}

/** GitBook's first page is the README; a SUMMARY.md that does not list it gets it first. */
function ensureReadmeListed(summary: Summary, layout: RepositoryLayout): void {
  for (const item of allItems(summary)) if (item.path === layout.readme) return;
  summary.items.unshift({ title: "", path: layout.readme, children: [] });
}

function* allItems(summary: Summary): Generator<SummaryItem> {
  const stack = [...summary.items, ...summary.groups.flatMap((group) => group.items)].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    yield item;
    for (let index = item.children.length - 1; index >= 0; index--) stack.push(item.children[index]!);
  }
}

/** A title from a file name: `getting-started.md` -> `getting-started`; a README takes its folder's name. */
function titleFromPath(path: string, readme: string): string {
  if (path === readme) return "Introduction";
  if (isReadme(path)) return basename(dirname(path).slice(0, -1)) || "Introduction";
  return basename(path).replace(/\.md$/i, "");
}

function decode(shownPath: string, bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new GitFormatError(`${shownPath} is not UTF-8 text`);
  }
}

function withoutUnset<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>;
}

function withoutMarkdown<T extends Entry>(entry: T): T {
  const { markdown: _markdown, ...rest } = entry;
  return rest as T;
}
