import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { PageData } from "../../../db/schema";
import { parseMarkdownPage } from "../../../formats/markdown";
import { isRecord } from "./config";
import { GitFormatError } from "./errors";

/**
 * One page as a markdown file of the repository: YAML front matter, a `# Title` heading, the body.
 * Reading reuses the markdown module's page parser (title, body, the front matter keys every
 * markdown page accepts) and adds the keys only Git Sync writes (`if`, `cover`, `coverY`, the
 * `tags`/`actions` layout switches). Writing emits only the keys a page sets, in a fixed order.
 */

export type PageMetadata = Pick<PageData, "description" | "emoji" | "icon" | "hidden" | "noIndex" | "noRobotsIndex" | "condition" | "layout">;

export interface PageFile {
  title?: string;
  metadata: PageMetadata;
  /** The cover image as written (a path relative to the file, or a URL) and its vertical position. */
  cover?: { url: string; yPos: number };
  body: string;
}

export const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
/** Layout switches Git Sync writes that the markdown module's parser does not read. */
const EXTRA_SWITCHES = ["tags", "actions"] as const;
/** Layout switches in the order the exporter writes them. */
const SWITCHES = ["title", "description", "tableOfContents", "outline", "pagination", "metadata", "tags", "actions"] as const;

export function readPageFile(path: string, text: string): PageFile {
  const parsed = parseMarkdownPage(text);
  if (!parsed.ok) throw new GitFormatError(`${path}: ${parsed.reason}`);
  const { title, layout, ...metadata } = parsed.metadata;
  const extra = extraFrontmatter(path, text);
  const fullLayout: Record<string, unknown> = { ...(layout ?? {}), ...extra.layout };
  return {
    ...(title !== undefined && title !== "" ? { title } : {}),
    metadata: { ...metadata, ...(extra.condition ? { condition: extra.condition } : {}), ...(Object.keys(fullLayout).length > 0 ? { layout: fullLayout } : {}) },
    ...(extra.cover ? { cover: extra.cover } : {}),
    body: parsed.body,
  };
}

function extraFrontmatter(path: string, text: string): { condition?: string; cover?: { url: string; yPos: number }; layout: Record<string, boolean> } {
  const match = FRONTMATTER.exec(text);
  // parseMarkdownPage has already refused front matter that is not a YAML mapping.
  const data: unknown = match?.[1] ? parseYaml(match[1]) : null;
  const result: { condition?: string; cover?: { url: string; yPos: number }; layout: Record<string, boolean> } = { layout: {} };
  if (!isRecord(data)) return result;
  const fail = (reason: string) => {
    throw new GitFormatError(`${path}: frontmatter ${reason}`);
  };
  if (data.if !== null && data.if !== undefined) {
    if (typeof data.if !== "string") fail("'if' must be a string (a condition)");
    else if (data.if.trim() !== "") result.condition = data.if;
  }
  if (data.cover !== null && data.cover !== undefined) {
    if (typeof data.cover !== "string") fail("'cover' must be a path or a URL");
    const yPos = data.coverY ?? 0;
    if (typeof yPos !== "number") fail("'coverY' must be a number");
    result.cover = { url: data.cover as string, yPos: yPos as number };
  }
  if (isRecord(data.layout)) {
    for (const key of EXTRA_SWITCHES) {
      const section = data.layout[key];
      if (section === null || section === undefined) continue;
      if (!isRecord(section) || (section.visible !== undefined && section.visible !== null && typeof section.visible !== "boolean")) {
        fail(`'layout.${key}' must be a mapping such as '{ visible: true }'`);
      }
      const visible = (section as Record<string, unknown>).visible;
      if (typeof visible === "boolean") result.layout[key] = visible;
    }
  }
  return result;
}

/** The file's text: front matter (only keys that are set), `# Title`, the body (links already written as paths). */
export function writePageFile(title: string, metadata: PageMetadata, body: string, cover?: { url: string; yPos: number }): string {
  const frontmatter = frontmatterOf(metadata, cover);
  const head = Object.keys(frontmatter).length === 0 ? "" : `---\n${stringifyYaml(frontmatter, { lineWidth: 0 })}---\n\n`;
  return `${head}# ${escapeHeading(title)}\n${body === "" ? "" : `\n${body}`}`;
}

function frontmatterOf(metadata: PageMetadata, cover: { url: string; yPos: number } | undefined): Record<string, unknown> {
  const frontmatter: Record<string, unknown> = {};
  if (metadata.description) frontmatter.description = metadata.description;
  if (metadata.emoji) frontmatter.emoji = metadata.emoji;
  if (metadata.icon) frontmatter.icon = metadata.icon;
  for (const key of ["hidden", "noIndex", "noRobotsIndex"] as const) if (metadata[key]) frontmatter[key] = true;
  if (metadata.condition) frontmatter.if = metadata.condition;
  if (cover) {
    frontmatter.cover = cover.url;
    frontmatter.coverY = cover.yPos;
  }
  const layout = layoutOf(metadata.layout ?? {});
  if (Object.keys(layout).length > 0) frontmatter.layout = layout;
  return frontmatter;
}

/** Our layout (flat switches) in Git Sync's shape (`title: { visible: true }`, `cover: { visible, size }`). */
function layoutOf(layout: Record<string, unknown>): Record<string, unknown> {
  const written: Record<string, unknown> = {};
  if (layout.width === "default" || layout.width === "wide") written.width = layout.width;
  const cover: Record<string, unknown> = {};
  if (typeof layout.cover === "boolean") cover.visible = layout.cover;
  if (typeof layout.coverSize === "string") cover.size = layout.coverSize;
  if (Object.keys(cover).length > 0) written.cover = cover;
  for (const key of SWITCHES) if (typeof layout[key] === "boolean") written[key] = { visible: layout[key] };
  return written;
}

/** A title written as an ATX heading that reads back as the same text: as it is when it does, escaped otherwise. */
function escapeHeading(title: string): string {
  const readBack = (heading: string) => {
    const parsed = parseMarkdownPage(`# ${heading}\n`);
    return parsed.ok ? parsed.metadata.title : undefined;
  };
  if (!/[\r\n]/.test(title) && readBack(title) === title) return title;
  return title
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_[\]<>&!$]/g, "\\$&")
    .replace(/#+\s*$/, (hashes) => hashes.replace(/#/g, "\\#"));
}
