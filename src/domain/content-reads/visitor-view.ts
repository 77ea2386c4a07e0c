import type { VisitorContext } from "../../context";
import { sha256Hex } from "../../lib/tokens";
import type { Entry } from "../revisions/entries";
import type { ResolvedSource, VisitorView } from "./revision-content";
import { hiddenPages, pageIndexOf } from "./page-index";

/**
 * What a site's visitor sees of a revision: every page but those a condition hides from them (and
 * what is below those), and no page's condition (GitBook: "never returned with a site/content
 * token"). Its key names the hidden pages, so visitors who see the same pages share cached reads.
 */
export async function visitorViewOf(ctx: VisitorContext, resolved: ResolvedSource): Promise<VisitorView> {
  const index = await pageIndexOf(ctx, resolved);
  const hidden = hiddenPages(index, ctx.visitor.claims);
  const key = hidden.size === 0 ? "visitor" : `visitor-${(await sha256Hex([...hidden].sort().join(","))).slice(0, 32)}`;
  return { hidden, key };
}

/** The entries a view shows: hidden pages left out, conditions taken off the others. */
export function* entriesInView(entries: Iterable<Entry>, view: VisitorView): Iterable<Entry> {
  for (const entry of entries) {
    if (entry.kind !== "page") {
      yield entry;
      continue;
    }
    if (view.hidden.has(entry.id)) continue;
    if (!("condition" in entry.data)) {
      yield entry;
      continue;
    }
    const { condition: _shownToMembersOnly, ...data } = entry.data;
    yield { ...entry, data };
  }
}
