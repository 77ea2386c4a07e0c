import { GitFormatError } from "./errors";
import { dirname, encodeLinkPath, isExternalUrl, normalizePath, relativePath, safeDecode, splitAnchor } from "./paths";

/**
 * SUMMARY.md, GitBook's table of contents: `## Heading` lines start a group, `* [Title](path.md)`
 * items are pages, nested by indentation, with an optional link title (`[Title](p.md "Sidebar")`).
 * Other lines (the `# Table of contents` title, blank lines, separators) carry nothing.
 */

export interface SummaryItem {
  title: string;
  linkTitle?: string;
  /** The page's file, relative to the project directory. */
  path: string;
  children: SummaryItem[];
}

export interface SummaryGroup {
  title: string;
  items: SummaryItem[];
}

export interface Summary {
  /** Pages before the first group. */
  items: SummaryItem[];
  groups: SummaryGroup[];
}

const GROUP = /^ {0,3}##\s+(.+?)\s*#*\s*$/;
const ITEM = /^(\s*)[*+-]\s+\[((?:\\.|[^\]\\])*)\]\(\s*(<[^>]*>|[^\s)]*)(?:\s+"((?:\\.|[^"\\])*)")?\s*\)\s*$/;
const BULLET = /^\s*[*+-]\s+\S/;

/**
 * Parses a SUMMARY.md at `summaryPath` (relative to the project directory). Items naming an
 * external URL are left out: the content model has no link pages.
 */
export function parseSummary(summaryPath: string, text: string): Summary {
  const summary: Summary = { items: [], groups: [] };
  const directory = dirname(summaryPath);
  let topLevel = summary.items;
  // The open items, outermost first, with the indentation they were written at.
  let open: Array<{ indent: number; item: SummaryItem }> = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const group = GROUP.exec(line);
    if (group) {
      const entry: SummaryGroup = { title: unescapeMarkdown(group[1]!), items: [] };
      summary.groups.push(entry);
      topLevel = entry.items;
      open = [];
      return;
    }
    const item = ITEM.exec(line);
    if (!item) {
      if (BULLET.test(line)) throw new GitFormatError(`${summaryPath}, line ${index + 1}: a list item must be a link to a page, such as '* [Title](page.md)'`);
      return;
    }
    const [, indentation = "", title = "", rawTarget = "", linkTitle] = item;
    const target = rawTarget.startsWith("<") ? rawTarget.slice(1, -1) : rawTarget;
    if (target === "" || isExternalUrl(target)) return;
    const path = normalizePath(`${directory}${safeDecode(splitAnchor(target).path)}`);
    if (path === null) throw new GitFormatError(`${summaryPath}, line ${index + 1}: '${target}' is outside the project directory`);
    if (seen.has(path)) throw new GitFormatError(`${summaryPath}, line ${index + 1}: '${target}' is listed twice; a page can appear only once`);
    seen.add(path);
    const entry: SummaryItem = {
      title: unescapeMarkdown(title).trim(),
      ...(linkTitle !== undefined && linkTitle.trim() !== "" ? { linkTitle: unescapeMarkdown(linkTitle).trim() } : {}),
      path,
      children: [],
    };
    const indent = indentWidth(indentation);
    while (open.length > 0 && open.at(-1)!.indent >= indent) open.pop();
    (open.at(-1)?.item.children ?? topLevel).push(entry);
    open.push({ indent, item: entry });
  });
  return summary;
}

/** SUMMARY.md as the exporter writes it; `summaryPath` is where it goes (links are relative to it). */
export function writeSummary(summaryPath: string, summary: Summary): string {
  const directory = dirname(summaryPath);
  const lines = ["# Table of contents", ""];
  const writeItems = (items: readonly SummaryItem[], depth: number) => {
    for (const item of items) {
      const linkTitle = item.linkTitle === undefined ? "" : ` "${item.linkTitle.replace(/["\\]/g, "\\$&")}"`;
      lines.push(`${"  ".repeat(depth)}* [${escapeLinkText(item.title)}](${encodeLinkPath(relativePath(directory, item.path))}${linkTitle})`);
      writeItems(item.children, depth + 1);
    }
  };
  writeItems(summary.items, 0);
  for (const group of summary.groups) {
    if (lines.at(-1) !== "") lines.push("");
    lines.push(`## ${escapeLinkText(group.title)}`, "");
    writeItems(group.items, 0);
  }
  if (lines.at(-1) === "") lines.pop();
  return `${lines.join("\n")}\n`;
}

/** Tabs count as four columns, as CommonMark has them. */
function indentWidth(indentation: string): number {
  let width = 0;
  for (const char of indentation) width = char === "\t" ? width + 4 - (width % 4) : width + 1;
  return width;
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&");
}
