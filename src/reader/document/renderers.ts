/*
 * The heavy renderers (the highlighter and its grammars, KaTeX), loaded only for documents that
 * need them and only through dynamic import(): a module importing this one evaluates neither
 * until a page with code or math is rendered. Bundlers keep them in the Worker's script, but
 * their top-level code (grammar registration, KaTeX's tables) runs on first use.
 */
import { LruMap } from "../../lib/lru";
import type { DocumentRenderers } from "./types";

/** What a page needs: referencesOf's (or mergeReferences') answer fits. */
export interface RendererNeeds {
  codeLanguages: ReadonlySet<string>;
  math: boolean;
  /** API reference blocks show JSON examples, highlighted too. */
  openapiOperations?: readonly unknown[];
}

export async function loadDocumentRenderers(needs: RendererNeeds): Promise<DocumentRenderers> {
  const code = [...needs.codeLanguages].some((language) => language !== "") || (needs.openapiOperations?.length ?? 0) > 0;
  const [highlight, math] = await Promise.all([code ? import("./highlight") : null, needs.math ? import("./math") : null]);
  return {
    ...(highlight ? { highlight: remembered("code", highlight.highlightCode) } : {}),
    ...(math ? { math: remembered("math", (formula, display: boolean) => math.renderMath(formula, display)) } : {}),
  };
}

/**
 * Both renderers are pure functions of their input, and the reader renders a page again for every
 * visitor segment and signing window it serves (and a merge leaves most of a space's code and
 * formulas as they were): so their answers are kept in the isolate's memory, at most a few MiB.
 * Highlighting was a third of a long page's rendering (docs/performance.md, "Reader"); KaTeX
 * takes about a millisecond a formula.
 */
const CAPACITY_CHARACTERS = 2 * 1024 * 1024;
const answers = new LruMap<string, { html: string | null; characters: number }>(CAPACITY_CHARACTERS, (answer) => answer.characters);

function remembered<Option extends string | boolean>(kind: string, render: (text: string, option: Option) => string | null): (text: string, option: Option) => string | null {
  return (text, option) => {
    const key = `${kind}\u0000${String(option)}\u0000${text}`;
    const known = answers.get(key);
    if (known) return known.html;
    const html = render(text, option);
    answers.set(key, { html, characters: key.length + (html?.length ?? 0) });
    return html;
  };
}
