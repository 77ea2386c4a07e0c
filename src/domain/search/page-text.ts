import { markdownSections } from "../../formats/markdown";

/**
 * How a page is held in the search index: one row (`search_pages`), so that a search ranks pages,
 * not their sections, and its sections in that row, so that the sections of the pages served are
 * read back with them. Their headings and their texts are each joined by SECTION_BREAK, a control
 * character the tokenizer skips (and the text never holds: it is replaced by a space), so the
 * index sees the words of every section and nothing more; their anchors are a JSON array.
 * migrations/0014_search_pages.sql wrote the rows of the previous layout the same way.
 */

/** U+001E, the record separator: not a letter or digit, so never part of a token. */
const SECTION_BREAK = "\u001e";

/** A page's text as the index reads it. */
export interface PageText {
  id: string;
  title: string;
  description: string;
  markdown: string;
}

/** The columns of a page's index row (its space and page ids aside). */
export interface PageRowText {
  title: string;
  description: string;
  headings: string;
  body: string;
  anchors: string;
}

/** A page's section, read back from its row. */
export interface StoredSection {
  /** Its place in the page (0: the root section, the text before the first heading). */
  position: number;
  /** The heading's anchor id; "" for the root section. */
  anchor: string;
  heading: string;
  text: string;
}

const withoutBreaks = (text: string) => text.replaceAll(SECTION_BREAK, " ");

/** The index row of a page: its sections' headings, texts and anchors, in order. */
export function pageRowText(page: PageText): PageRowText {
  const sections = markdownSections(page.markdown);
  return {
    title: page.title,
    description: page.description,
    headings: sections.map((section) => withoutBreaks(section.heading)).join(SECTION_BREAK),
    body: sections.map((section) => withoutBreaks(section.text)).join(SECTION_BREAK),
    anchors: JSON.stringify(sections.map((section) => section.anchor)),
  };
}

/** The sections of an index row, in order. */
export function storedSections(row: Pick<PageRowText, "headings" | "body" | "anchors">): StoredSection[] {
  const headings = row.headings.split(SECTION_BREAK);
  const texts = row.body.split(SECTION_BREAK);
  const anchors = JSON.parse(row.anchors) as string[];
  return anchors.map((anchor, position) => ({ position, anchor, heading: headings[position] ?? "", text: texts[position] ?? "" }));
}
