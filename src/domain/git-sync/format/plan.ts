import { isFile, isReusableContent, type Entry, type FileEntry, type PageEntry, type ReusableContentEntry } from "../../revisions/entries";
import { PageTree, slugify } from "../../revisions/page-tree";
import type { RepositoryLayout } from "./config";
import { INCLUDES_FOLDER } from "./include-file";
import { basename, dirname, isReadme } from "./paths";

/**
 * Where the exporter puts each page and file, relative to the project directory. Pages and files
 * keep the path a Git import gave them (`git.path`) when no other claimed it first; the others get
 * GitBook's layout: the first page `README.md`, a page with children `<slug>/README.md`, a page
 * without `<slug>.md` in its parent's folder, a group's pages in a folder named after the group,
 * assets `.gitbook/assets/<name>` (the same bytes once; other bytes of a taken name get the name
 * with their hash), reusable contents `.gitbook/includes/<slug of the title>.md`. Paths are
 * compared without case, as checkouts on macOS and Windows do.
 *
 * Import uses the same plan on the space's content before the import to keep the ids of pages it
 * exported, so export -> import keeps ids even where nothing stored a path.
 */
export interface RepositoryPlan {
  layout: Omit<RepositoryLayout, "projectPrefix">;
  tree: PageTree;
  /** Pages written as files, in table-of-contents order. */
  pagePaths: Map<string, string>;
  /** Top-level pages written as SUMMARY.md groups. */
  groups: Set<string>;
  filePaths: Map<string, string>;
  reusableContentPaths: Map<string, string>;
}

export function planRepository(entries: Iterable<Entry>): RepositoryPlan {
  const all = [...entries];
  const tree = new PageTree(all);
  const ordered = tree.ordered();
  const groups = new Set(ordered.filter((page) => isGroupPage(page)).map((page) => page.id));
  const documents = ordered.filter((page) => !groups.has(page.id));

  const readmePage = documents[0];
  const readme = readmePage?.data.git?.path ?? "README.md";
  const root = dirname(readme);
  const layout = { root, readme, summary: `${root}SUMMARY.md` };

  const claimed = new Set<string>([layout.summary.toLowerCase(), readme.toLowerCase()]);
  const pagePaths = new Map<string, string>();
  if (readmePage) pagePaths.set(readmePage.id, readme);
  // Stored paths first, so a derived path never takes one a page already has in the repository.
  for (const page of documents) {
    const path = page.data.git?.path;
    if (page === readmePage || !path || claimed.has(path.toLowerCase())) continue;
    claimed.add(path.toLowerCase());
    pagePaths.set(page.id, path);
  }
  for (const page of documents) {
    if (pagePaths.has(page.id)) continue;
    const directory = childDirectory(tree, page.parentId, pagePaths, root);
    const hasChildren = tree.children(page.id).length > 0;
    const path = unclaimed(claimed, (suffix) => (hasChildren ? `${directory}${page.data.slug}${suffix}/README.md` : `${directory}${page.data.slug}${suffix}.md`));
    pagePaths.set(page.id, path);
  }
  // Map iteration follows insertion; re-insert in table-of-contents order for the writer.
  const inOrder = new Map(documents.map((page) => [page.id, pagePaths.get(page.id)!]));
  const filePaths = planFiles(all.filter(isFile), root, claimed);
  return { layout, tree, pagePaths: inOrder, groups, filePaths, reusableContentPaths: planReusableContents(all.filter(isReusableContent), root, claimed) };
}

/** A page marked as a group is written as one only where GitBook has groups: top level, without a body. */
export function isGroupPage(page: PageEntry): boolean {
  return page.data.group === true && page.parentId === null && (page.markdown ?? "").trim() === "";
}

/** The paths a Git import stored, each kept unless claimed first (in path order); claims them. */
function claimStoredPaths(entries: ReadonlyArray<FileEntry | ReusableContentEntry>, claimed: Set<string>): Map<string, string> {
  const paths = new Map<string, string>();
  const stored = entries.filter((entry) => entry.data.git?.path).sort((a, b) => compare(a.data.git!.path, b.data.git!.path) || compare(a.id, b.id));
  for (const entry of stored) {
    const path = entry.data.git!.path;
    if (claimed.has(path.toLowerCase())) continue;
    claimed.add(path.toLowerCase());
    paths.set(entry.id, path);
  }
  return paths;
}

function planFiles(files: FileEntry[], root: string, claimed: Set<string>): Map<string, string> {
  const paths = claimStoredPaths(files, claimed);
  const pathOfBlob = new Map<string, string>();
  const blobOf = new Map(files.map((file) => [file.id, file.blobKey]));
  for (const [id, path] of paths) if (!pathOfBlob.has(blobOf.get(id)!)) pathOfBlob.set(blobOf.get(id)!, path);
  // Ordered by name and bytes, not by id, so the same content gets the same names.
  const others = files.filter((file) => !paths.has(file.id)).sort((a, b) => compare(a.data.name, b.data.name) || compare(a.blobKey, b.blobKey) || compare(a.id, b.id));
  for (const file of others) {
    const same = pathOfBlob.get(file.blobKey);
    if (same) {
      paths.set(file.id, same);
      continue;
    }
    const name = safeFileName(file.data.name);
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    const hash = file.blobKey.slice(file.blobKey.lastIndexOf("/") + 1, file.blobKey.lastIndexOf("/") + 9);
    const folder = `${root}.gitbook/assets/`;
    const first = `${folder}${name}`;
    const path = !claimed.has(first.toLowerCase()) ? first : unclaimed(claimed, (suffix) => `${folder}${stem}-${hash}${suffix}${extension}`);
    claimed.add(path.toLowerCase());
    paths.set(file.id, path);
    pathOfBlob.set(file.blobKey, path);
  }
  return paths;
}

/** Stored paths first (in path order), then the others by title: the same content gets the same names. */
function planReusableContents(contents: ReusableContentEntry[], root: string, claimed: Set<string>): Map<string, string> {
  const paths = claimStoredPaths(contents, claimed);
  const others = contents.filter((content) => !paths.has(content.id)).sort((a, b) => compare(a.data.title, b.data.title) || compare(a.id, b.id));
  for (const content of others) paths.set(content.id, unclaimed(claimed, (suffix) => `${root}${INCLUDES_FOLDER}${slugify(content.data.title)}${suffix}.md`));
  return paths;
}

/** The folder a page's children are written in. */
function childDirectory(tree: PageTree, parentId: string | null, pagePaths: Map<string, string>, root: string): string {
  if (parentId === null) return root;
  const parent = tree.get(parentId);
  const parentPath = pagePaths.get(parentId);
  if (!parent || parentPath === undefined) return `${root}${parent?.data.slug ?? "pages"}/`;
  if (isReadme(parentPath)) return dirname(parentPath);
  return `${dirname(parentPath)}${basename(parentPath).replace(/\.md$/i, "")}/`;
}

/** The first of `candidate('')`, `candidate('-2')`, `candidate('-3')`... no one has claimed; claims it. */
function unclaimed(claimed: Set<string>, candidate: (suffix: string) => string): string {
  for (let index = 1; ; index++) {
    const path = candidate(index === 1 ? "" : `-${index}`);
    if (claimed.has(path.toLowerCase())) continue;
    claimed.add(path.toLowerCase());
    return path;
  }
}

function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f/\\]/g, "-").replace(/^\.+/, "");
  return cleaned === "" ? "file" : cleaned;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
