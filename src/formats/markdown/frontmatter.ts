/*
 * A markdown page file as GitBook's Git Sync writes it -> page metadata + markdown body.
 *
 * Git Sync writes a page as YAML frontmatter, a `# Title` heading, then the body; bodies are
 * stored without either, so this is the one place that knows that file shape. Problems come back
 * as `{ ok: false, reason }` rather than thrown, so the caller can name the field in its 400.
 */
import { parse as parseYaml } from "yaml";
import { markdownNestingProblem, parseMarkdownTree, plainText } from "./mdast";

export interface PageMetadataFromMarkdown {
  title?: string;
  description?: string;
  emoji?: string;
  icon?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  layout?: Partial<{
    width: "default" | "wide";
    cover: boolean;
    coverSize: "hero" | "full" | "background";
    title: boolean;
    description: boolean;
    tableOfContents: boolean;
    outline: boolean;
    pagination: boolean;
    metadata: boolean;
  }>;
}

export type ParsedMarkdownPage =
  | { ok: true; metadata: PageMetadataFromMarkdown; body: string }
  | { ok: false; reason: string };

type Layout = NonNullable<PageMetadataFromMarkdown["layout"]>;

/** Thrown while reading frontmatter values; turned into `{ ok: false, reason }` at the top. */
class InvalidFrontmatter extends Error {}

// `---` on the first line, YAML, then the first `---` line that follows (possibly right away).
const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
const FRONTMATTER_START = /^---[ \t]*\r?\n/;
const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)+/;
// Only a line that could be an ATX heading is handed to the parser.
const ATX_HEADING_1 = /^ {0,3}#(?:[ \t]|$)/;

/** Git Sync's per-section `{ visible }` layout switches, named as in our metadata. */
const VISIBILITY_KEYS = ["title", "description", "tableOfContents", "outline", "pagination", "metadata"] as const;
const COVER_SIZES = ["hero", "full", "background"] as const;

/**
 * Splits a markdown page as GitBook Git Sync writes it into metadata and body. See the brief in
 * the module's API: frontmatter first, then a leading `# Title` heading becomes the title.
 */
export function parseMarkdownPage(markdown: string): ParsedMarkdownPage {
  // A byte order mark is an encoding artefact, not content; it would hide the frontmatter.
  const source = markdown.startsWith("\uFEFF") ? markdown.slice(1) : markdown;
  const split = splitFrontmatter(source);
  if (!split.ok) return split;
  let metadata: PageMetadataFromMarkdown;
  try {
    metadata = readMetadata(split.data);
  } catch (error) {
    if (error instanceof InvalidFrontmatter) return { ok: false, reason: error.message };
    throw error;
  }
  const { title, rest } = takeTitleHeading(split.rest.replace(LEADING_BLANK_LINES, ""));
  if (metadata.title === undefined && title) metadata.title = title;
  const body = rest.replace(LEADING_BLANK_LINES, "").trimEnd();
  const tooDeep = markdownNestingProblem(body);
  if (tooDeep) return { ok: false, reason: tooDeep };
  return { ok: true, metadata, body: body === "" ? "" : `${body}\n` };
}

function splitFrontmatter(
  source: string,
): { ok: true; data: Record<string, unknown>; rest: string } | { ok: false; reason: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) {
    // An opening fence with no closing one is almost certainly broken frontmatter, and treating
    // it as content would publish the YAML as text.
    if (FRONTMATTER_START.test(source)) return { ok: false, reason: "frontmatter is not closed by a '---' line" };
    return { ok: true, data: {}, rest: source };
  }
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    return { ok: false, reason: `frontmatter is not valid YAML: ${message}` };
  }
  // Empty (or comment-only) frontmatter parses to null: no metadata.
  if (data === null || data === undefined) data = {};
  if (!isRecord(data)) return { ok: false, reason: "frontmatter must be a YAML mapping of keys to values" };
  return { ok: true, data, rest: source.slice(match[0].length) };
}

/**
 * Maps Git Sync frontmatter keys to metadata. A `null` value (`key:` with nothing after it) means
 * "not set", as YAML authors expect; unknown keys are ignored so newer Git Sync output still loads.
 */
function readMetadata(data: Record<string, unknown>): PageMetadataFromMarkdown {
  const metadata: PageMetadataFromMarkdown = {};
  for (const key of ["title", "description", "icon"] as const) {
    const value = readString(data, key, key);
    if (value !== undefined) metadata[key] = value;
  }
  // Emoji are hex code points ("1f600"); unquoted ones made only of digits ("2705") are numbers
  // to YAML, so numbers are taken back as the text they were written as.
  const emoji = typeof data.emoji === "number" ? String(data.emoji) : readString(data, "emoji", "emoji");
  if (emoji !== undefined) metadata.emoji = emoji;
  for (const key of ["hidden", "noIndex", "noRobotsIndex"] as const) {
    const value = readBoolean(data, key, key);
    if (value !== undefined) metadata[key] = value;
  }
  const layout = readLayout(data.layout);
  if (layout) metadata.layout = layout;
  return metadata;
}

function readLayout(value: unknown): Layout | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isRecord(value)) throw new InvalidFrontmatter("frontmatter 'layout' must be a mapping");
  const layout: Layout = {};
  const width = value.width;
  if (width !== null && width !== undefined) {
    if (width !== "default" && width !== "wide") {
      throw new InvalidFrontmatter("frontmatter 'layout.width' must be 'default' or 'wide'");
    }
    layout.width = width;
  }
  const cover = readSection(value, "cover");
  if (cover) {
    const visible = readBoolean(cover, "visible", "layout.cover.visible");
    if (visible !== undefined) layout.cover = visible;
    const size = cover.size;
    if (size !== null && size !== undefined) {
      if (!COVER_SIZES.some((allowed) => allowed === size)) {
        throw new InvalidFrontmatter(`frontmatter 'layout.cover.size' must be one of ${COVER_SIZES.join(", ")}`);
      }
      layout.coverSize = size as Layout["coverSize"];
    }
  }
  for (const key of VISIBILITY_KEYS) {
    const section = readSection(value, key);
    const visible = section && readBoolean(section, "visible", `layout.${key}.visible`);
    if (visible !== undefined) layout[key] = visible;
  }
  return Object.keys(layout).length > 0 ? layout : undefined;
}

/** A `layout.<key>` mapping such as `{ visible: true }`. */
function readSection(layout: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = layout[key];
  if (value === null || value === undefined) return undefined;
  if (!isRecord(value)) throw new InvalidFrontmatter(`frontmatter 'layout.${key}' must be a mapping`);
  return value;
}

function readString(data: Record<string, unknown>, key: string, name: string): string | undefined {
  const value = data[key];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") throw new InvalidFrontmatter(`frontmatter '${name}' must be a string`);
  return value;
}

function readBoolean(data: Record<string, unknown>, key: string, name: string): boolean | undefined {
  const value = data[key];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "boolean") throw new InvalidFrontmatter(`frontmatter '${name}' must be a boolean`);
  return value;
}

/**
 * If the first line is a level-1 ATX heading, returns its plain text and the text after it.
 * The line alone is parsed so that escapes and inline markup (`# The **API**`) give the title a
 * reader sees; the rest of the body is left byte for byte.
 */
function takeTitleHeading(text: string): { title?: string; rest: string } {
  if (!ATX_HEADING_1.test(text)) return { rest: text };
  const newline = text.indexOf("\n");
  const line = newline === -1 ? text : text.slice(0, newline);
  const heading = parseMarkdownTree(line).children[0];
  if (heading?.type !== "heading" || heading.depth !== 1) return { rest: text };
  const rest = newline === -1 ? "" : text.slice(newline + 1);
  return { title: plainText(heading).trim(), rest };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
