import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { isRecord } from "./config";
import { GitFormatError } from "./errors";
import { FRONTMATTER } from "./page-file";
import { basename, isMarkdownPath } from "./paths";

/**
 * One reusable content as a markdown file of the repository, as GitBook's Git Sync writes them:
 * `<root>.gitbook/includes/<name>.md`, YAML front matter holding its `title`, a blank line, the
 * body. The body is kept as written after that blank line (GitBook's own files often start with
 * more blank lines), so a file in this shape reads back and writes out byte for byte. A file
 * without a title in its front matter is titled after its name.
 */

export const INCLUDES_FOLDER = ".gitbook/includes/";

/** Whether a path (relative to the project directory) is a reusable content's file. */
export const isIncludePath = (path: string, root: string) => path.startsWith(`${root}${INCLUDES_FOLDER}`) && isMarkdownPath(path);

export interface IncludeFile {
  title: string;
  body: string;
}

export function readIncludeFile(path: string, shownPath: string, text: string): IncludeFile {
  const fallbackTitle = basename(path).replace(/\.md$/i, "");
  const match = FRONTMATTER.exec(text);
  if (!match) return { title: fallbackTitle, body: text };
  let data: unknown;
  try {
    data = match[1] ? parseYaml(match[1]) : null;
  } catch (error) {
    throw new GitFormatError(`${shownPath}: frontmatter is not valid YAML: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`);
  }
  if (data !== null && !isRecord(data)) throw new GitFormatError(`${shownPath}: frontmatter must be a YAML mapping`);
  const title = data?.title;
  if (title !== null && title !== undefined && typeof title !== "string" && typeof title !== "number") {
    throw new GitFormatError(`${shownPath}: frontmatter 'title' must be a string`);
  }
  const rest = text.slice(match[0].length);
  const body = rest.startsWith("\r\n") ? rest.slice(2) : rest.startsWith("\n") ? rest.slice(1) : rest;
  const written = title === null || title === undefined ? "" : String(title).trim();
  return { title: written || fallbackTitle, body };
}

export function writeIncludeFile(title: string, body: string): string {
  return `---\n${stringifyYaml({ title }, { lineWidth: 0 })}---\n\n${body}`;
}
