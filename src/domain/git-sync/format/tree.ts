import { basename, dirname, isMarkdownPath, isReadme } from "./paths";
import type { Summary, SummaryItem } from "./summary";

/**
 * The page tree of a repository without SUMMARY.md, from its folders as GitBook infers it: the
 * README first, then each folder's files and folders in name order; a folder with a README.md is
 * a page (that README) whose children are the folder's other pages; the pages of a folder without
 * one take the folder's place among its parent's. Titles come from the files (read.ts).
 * `markdownPaths` are relative to the project directory; folders starting with '.' (`.gitbook/`,
 * `.github/`) and `node_modules/` hold no pages.
 */
export function inferSummary(markdownPaths: Iterable<string>, layout: { root: string; readme: string; summary: string }): Summary {
  const folders = new Map<string, { files: string[]; folders: Set<string> }>();
  const folder = (path: string) => {
    let entry = folders.get(path);
    if (!entry) folders.set(path, (entry = { files: [], folders: new Set() }));
    return entry;
  };
  for (const path of markdownPaths) {
    if (!path.startsWith(layout.root) || !isMarkdownPath(path) || path === layout.summary || path === layout.readme) continue;
    const segments = path.slice(layout.root.length).split("/");
    if (segments.slice(0, -1).some((segment) => segment.startsWith(".") || segment === "node_modules")) continue;
    folder(dirname(path)).files.push(path);
    // Register every folder on the way down, so a folder holding only subfolders is still walked.
    for (let depth = 1; depth < segments.length; depth++) {
      const parent = layout.root + segments.slice(0, depth - 1).map((segment) => `${segment}/`).join("");
      folder(parent).folders.add(`${parent}${segments[depth - 1]}/`);
    }
  }
  const itemsOf = (directory: string): SummaryItem[] => {
    const entry = folders.get(directory);
    if (!entry) return [];
    const named: Array<{ name: string; items: () => SummaryItem[] }> = [];
    for (const file of entry.files) {
      if (isReadme(file) && directory !== layout.root) continue;
      named.push({ name: basename(file).replace(/\.md$/i, ""), items: () => [{ title: "", path: file, children: [] }] });
    }
    for (const sub of entry.folders) {
      const readme = folders.get(sub)?.files.find(isReadme);
      named.push({
        name: basename(sub.slice(0, -1)),
        items: () => (readme ? [{ title: "", path: readme, children: itemsOf(sub) }] : itemsOf(sub)),
      });
    }
    named.sort((a, b) => compareNames(a.name, b.name));
    return named.flatMap((item) => item.items());
  };
  return { items: [{ title: "", path: layout.readme, children: [] }, ...itemsOf(layout.root)], groups: [] };
}

/** Name order, case-insensitive first so `b.md` does not come before `A.md`; ties by the exact name. */
function compareNames(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
