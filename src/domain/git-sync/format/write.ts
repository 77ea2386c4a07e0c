import { reusableContentOfTarget, rewriteIncludeTargets } from "../../../formats/markdown";
import { classifyUrl } from "../../../formats/markdown/links";
import { isFile, isReusableContent, type Entry, type PageEntry } from "../../revisions/entries";
import { CONFIG_FILE, projectPrefixOf, writeLayout } from "./config";
import { writeIncludeFile } from "./include-file";
import { rewriteBodyUrls } from "./links";
import { writePageFile, type PageMetadata } from "./page-file";
import { dirname, encodeLinkPath, relativePath, safeDecode } from "./paths";
import { planRepository, type RepositoryPlan } from "./plan";
import { writeSummary, type Summary, type SummaryItem } from "./summary";

export interface WriteRepositoryInput {
  /** The live entries with their markdown (readEntries(..., { withMarkdown: true }) or equivalent). */
  entries: ReadonlyMap<string, Entry>;
  /** Reads a file entry's bytes from R2 by its blobKey. */
  readBlob: (blobKey: string) => Promise<Uint8Array>;
  projectDirectory?: string;
}

/**
 * A space's content as GitBook's repository format (see plan.ts for where each page and file
 * goes): one markdown file per page, SUMMARY.md, `.gitbook.yaml` only when the first page is not
 * `README.md` at the project directory's top, the files, and one file per reusable content under
 * `.gitbook/includes/`. Links to pages and files, and includes of reusable contents, become
 * relative paths. The same content gives the same bytes, so an unchanged page is an unchanged blob.
 */
export async function writeRepository(input: WriteRepositoryInput): Promise<Map<string, Uint8Array>> {
  const prefix = projectPrefixOf(input.projectDirectory);
  const plan = planRepository(input.entries.values());
  const text = new Map<string, string>();

  for (const [pageId, path] of plan.pagePaths) {
    const page = plan.tree.get(pageId)!;
    const toRelative = relativeUrlWriter(plan, dirname(path));
    const body = writtenBody(plan, page.markdown ?? "", dirname(path));
    text.set(path, writePageFile(page.data.title, metadataOf(page), body, coverOf(page, toRelative)));
  }
  for (const content of [...input.entries.values()].filter(isReusableContent)) {
    const path = plan.reusableContentPaths.get(content.id)!;
    text.set(path, writeIncludeFile(content.data.title, writtenBody(plan, content.markdown ?? "", dirname(path))));
  }
  text.set(plan.layout.summary, writeSummary(plan.layout.summary, summaryOf(plan)));
  const config = writeLayout(plan.layout);
  if (config !== undefined) text.set(CONFIG_FILE, config);

  const encoder = new TextEncoder();
  const output = new Map<string, Uint8Array>();
  for (const [path, content] of text) output.set(path, encoder.encode(content));
  const blobOfPath = new Map<string, string>();
  for (const file of [...input.entries.values()].filter(isFile)) {
    const path = plan.filePaths.get(file.id)!;
    if (!blobOfPath.has(path)) blobOfPath.set(path, file.blobKey);
  }
  const blobs = await Promise.all([...blobOfPath].map(async ([path, blobKey]) => [path, await input.readBlob(blobKey)] as const));
  for (const [path, bytes] of blobs) output.set(path, bytes);

  // Sorted, so the map's order is as deterministic as its content.
  return new Map([...output.keys()].sort().map((path) => [`${prefix}${path}`, output.get(path)!]));
}

/** A stored body as written in a file of `directory`: links and includes as relative paths. */
function writtenBody(plan: RepositoryPlan, markdown: string, directory: string): string {
  const linked = rewriteBodyUrls(markdown, relativeUrlWriter(plan, directory));
  return rewriteIncludeTargets(linked, (target) => {
    const id = reusableContentOfTarget(target);
    const path = id === undefined ? undefined : plan.reusableContentPaths.get(id);
    // Include targets are quoted, not link destinations: written as the path is, like GitBook's.
    return path === undefined ? null : relativePath(directory, path);
  });
}

/** `/pages/<id>` and `/files/<id>` links as paths relative to the folder of the file being written. */
function relativeUrlWriter(plan: RepositoryPlan, directory: string): (url: string) => string | null {
  return (url) => {
    const target = classifyUrl(url);
    if (target.kind === "page") {
      const hash = url.indexOf("#");
      const path = plan.pagePaths.get(safeDecode(target.page));
      return path === undefined ? null : `${encodeLinkPath(relativePath(directory, path))}${hash === -1 ? "" : url.slice(hash)}`;
    }
    if (target.kind === "file") {
      const path = plan.filePaths.get(safeDecode(target.file));
      return path === undefined ? null : encodeLinkPath(relativePath(directory, path));
    }
    return null;
  };
}

function metadataOf(page: PageEntry): PageMetadata {
  const { description, emoji, icon, hidden, noIndex, noRobotsIndex, condition, layout } = page.data;
  return { description, emoji, icon, hidden, noIndex, noRobotsIndex, condition, layout };
}

function coverOf(page: PageEntry, toRelative: (url: string) => string | null): { url: string; yPos: number } | undefined {
  const cover = page.data.cover;
  if (!cover) return undefined;
  const url = cover.ref.kind === "url" ? cover.ref.url : (toRelative(`/files/${cover.ref.file}`) ?? undefined);
  return url === undefined ? undefined : { url, yPos: cover.yPos };
}

/**
 * The table of contents: top-level pages, then the groups. GitBook's SUMMARY.md cannot put a
 * top-level page after a group (every item after `## Group` belongs to it), so such a page is
 * written in the group before it.
 */
function summaryOf(plan: RepositoryPlan): Summary {
  const itemOf = (page: PageEntry): SummaryItem => ({
    title: page.data.title,
    ...(page.data.linkTitle ? { linkTitle: page.data.linkTitle } : {}),
    path: plan.pagePaths.get(page.id)!,
    children: plan.tree.children(page.id).map(itemOf),
  });
  const summary: Summary = { items: [], groups: [] };
  for (const page of plan.tree.children(null)) {
    if (plan.groups.has(page.id)) summary.groups.push({ title: page.data.title, items: plan.tree.children(page.id).map(itemOf) });
    else (summary.groups.at(-1)?.items ?? summary.items).push(itemOf(page));
  }
  return summary;
}
