import { queryTokens } from "./excerpt";
import type { StoredSection } from "./page-text";
import { foldedTokens, type SearchQuery } from "./query";

/**
 * Which sections of a ranked page its result lists, best first. The index ranks pages; a page's
 * sections are weighed here, for the pages served only, from the text of their row.
 */

/** Sections listed per page. */
export const MAX_SECTIONS_PER_PAGE = 5;

/** bm25's constants, as FTS5 has them. */
const K1 = 1.2;
const B = 0.75;

/** The weights of a section's heading and text, as search_index weighs a page's headings and body. */
const HEADING_WEIGHT = 5;
const TEXT_WEIGHT = 1;

export interface WeighedSection extends StoredSection {
  /** How strongly the section holds the query, relative to the page's best section (1). */
  weight: number;
}

export interface ListedSections {
  sections: WeighedSection[];
  /** Whether they hold query words themselves; if not, the page's root section stands for a page matched on its title or description. */
  own: boolean;
}

/**
 * The page's sections whose heading or text holds a query word, the best first (at most
 * MAX_SECTIONS_PER_PAGE), or, when none does, its root section alone. A section is weighed as bm25
 * weighs a row, within its page: for each query word, its weighted count in the heading and the
 * text, saturated and normalized by the section's length against the page's average; every word
 * counts alike (their rarity is the page's ranking's business).
 */
export function listedSections(sections: readonly StoredSection[], query: SearchQuery): ListedSections {
  const tokens = queryTokens(query);
  const counted = sections.map((section) => {
    const heading = foldedTokens(section.heading);
    const text = foldedTokens(section.text);
    const counts = tokens.map((matches) => HEADING_WEIGHT * heading.filter(matches).length + TEXT_WEIGHT * text.filter(matches).length);
    return { section, counts, length: heading.length + text.length };
  });
  const averageLength = Math.max(1, counted.reduce((sum, { length }) => sum + length, 0) / Math.max(1, counted.length));
  const scored = counted
    .map(({ section, counts, length }) => {
      const norm = K1 * (1 - B + (B * length) / averageLength);
      return { ...section, weight: counts.reduce((sum, count) => sum + (count * (K1 + 1)) / (count + norm), 0) };
    })
    .filter((section) => section.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .slice(0, MAX_SECTIONS_PER_PAGE);
  if (scored.length === 0) {
    const root = sections.find((section) => section.position === 0) ?? sections[0] ?? { position: 0, anchor: "", heading: "", text: "" };
    return { sections: [{ ...root, weight: 1 }], own: false };
  }
  const best = scored[0]!.weight;
  return { sections: scored.map((section) => ({ ...section, weight: section.weight / best })), own: true };
}
