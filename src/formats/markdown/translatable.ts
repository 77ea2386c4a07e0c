/*
 * The text of a markdown body that a translator may see, and the body rebuilt around its
 * translation. Only what a reader reads as prose is sent: the `text` nodes of the tree (CommonMark
 * + GFM + math, parsed as every other converter here parses). Code blocks, inline code, math
 * (`$$…$$`: TeX is not prose), URLs and link or image targets, HTML, GitBook's `{% … %}` tags and
 * `{{ … }}` expressions are never sent, and the body is rebuilt by replacing exactly the source
 * bytes of each translated text node: every other byte of the body is kept as it was.
 */
import type { Nodes, Text } from "mdast";
import { parseMarkdownTree } from "./mdast";

export interface MarkdownTranslationPlan {
  /** The texts to translate, in document order (each trimmed, with at least one letter). */
  texts: string[];
  /** The body with `translations[i]` in place of `texts[i]`, escaped so it stays text. */
  rebuild(translations: readonly string[]): string;
}

/** Where a translation goes: the source bytes of one run of prose, and which text replaces them. */
interface Replacement {
  start: number;
  end: number;
  text: number;
  /** The prose starts a line of its paragraph: a translation must not begin with block syntax there. */
  startsLine: boolean;
}

/** GitBook's block tags and variable expressions: template syntax, never prose. */
const TEMPLATE_SYNTAX = /\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;
const HAS_LETTER = /\p{L}/u;
/** Whitespace before the prose, with the container prefixes (quote markers, indentation) of the lines it crosses. */
const SOURCE_LEAD = /^(?:[ \t]*\r?\n[ \t>]*)*[ \t]*/;
const SOURCE_TRAIL = /(?:[ \t]*\r?\n[ \t>]*)*[ \t]*$/;

export function planMarkdownTranslation(body: string): MarkdownTranslationPlan {
  const texts: string[] = [];
  const replacements: Replacement[] = [];
  visitTexts(parseMarkdownTree(body), null, (node, firstInParagraph) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    for (const prose of proseRuns(body, start, end, node.value)) {
      // A run without letters (numbers, punctuation) is left as it is written.
      if (!HAS_LETTER.test(prose.text)) continue;
      const lead = SOURCE_LEAD.exec(body.slice(prose.start, prose.end))![0];
      const trail = SOURCE_TRAIL.exec(body.slice(prose.start + lead.length, prose.end))![0];
      replacements.push({
        start: prose.start + lead.length,
        end: prose.end - trail.length,
        text: texts.length,
        startsLine: (prose.start === start && firstInParagraph) || lead.includes("\n"),
      });
      texts.push(oneLine(prose.text.trim()));
    }
  });
  return {
    texts,
    rebuild(translations) {
      if (translations.length !== texts.length) throw new Error(`Expected ${texts.length} translations, got ${translations.length}`);
      let output = "";
      let cursor = 0;
      for (const replacement of replacements) {
        const translated = escapeText(oneLine(translations[replacement.text]!.trim()));
        output += body.slice(cursor, replacement.start) + (replacement.startsLine ? escapeBlockStart(translated) : translated);
        cursor = replacement.end;
      }
      return output + body.slice(cursor);
    },
  };
}

/**
 * Text nodes in document order, except an autolink's text (it is its URL) and the text of a
 * shortcut or collapsed reference (`[guide]`, `[guide][]`), which is also the label that finds its
 * definition: translated, the reference would no longer resolve.
 */
function visitTexts(node: Nodes, parent: Nodes | null, visit: (node: Text, firstInParagraph: boolean) => void): void {
  if (node.type === "text") {
    if (parent?.type === "link" && isAutolinkText(parent.url, node.value)) return;
    visit(node, parent?.type === "paragraph" && parent.children[0] === node);
    return;
  }
  if ((node.type === "linkReference" || node.type === "imageReference") && node.referenceType !== "full") return;
  if ("children" in node) for (const child of node.children) visitTexts(child, node, visit);
}

const isAutolinkText = (url: string, text: string) => url === text || url.endsWith(`:${text}`) || url.endsWith(`//${text}`);

/**
 * The runs of prose of a text node, between its template tags: each with its text (from the
 * node's value, escapes resolved) and its source range. Tags are found in the source as written;
 * when one is not (written with escapes), its prose cannot be told apart: the node is not sent.
 */
function proseRuns(body: string, start: number, end: number, value: string): Array<{ start: number; end: number; text: string }> {
  const tags = [...value.matchAll(TEMPLATE_SYNTAX)];
  if (tags.length === 0) return [{ start, end, text: value }];
  const runs: Array<{ start: number; end: number; text: string }> = [];
  let valueCursor = 0;
  let sourceCursor = start;
  for (const tag of tags) {
    const at = body.indexOf(tag[0], sourceCursor);
    if (at < 0 || at + tag[0].length > end) return [];
    runs.push({ start: sourceCursor, end: at, text: value.slice(valueCursor, tag.index) });
    valueCursor = tag.index + tag[0].length;
    sourceCursor = at + tag[0].length;
  }
  runs.push({ start: sourceCursor, end, text: value.slice(valueCursor) });
  return runs;
}

/**
 * A translation is written on one line: the source's soft line breaks inside a run become spaces
 * (a reader sees a space there anyway), since a translation's words do not map back to its lines.
 */
const oneLine = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*/g, " ");

/**
 * Escapes what would turn text into markup: emphasis, code, links, HTML, strikethrough, table
 * cells, math (`$$`), entities and backslashes. A translator's `*`, `[` or `$` stays a character
 * of the text.
 */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<~|$]/g, "\\$&").replace(/&(?=#?[a-zA-Z0-9]+;)/g, "\\&");
}

/** At the start of a paragraph, a heading, quote, list item, setext underline or fence would start a block. */
function escapeBlockStart(text: string): string {
  const ordered = /^(\d{1,9})([.)])/.exec(text);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${text.slice(ordered[0].length)}`;
  return /^[#>+=-]/.test(text) ? `\\${text}` : text;
}
