/*
 * Math on the server: KaTeX's HTML, with MathML for screen readers. HEAVY: only renderers.ts
 * imports this module, through a dynamic import(). The page needs KaTeX's stylesheet
 * and its fonts, served as static assets (scripts/reader-assets.mjs).
 *
 * `trust: false` keeps \href, \url, \includegraphics, \htmlClass and friends off (they render as
 * errors), so a formula cannot link anywhere or load anything; the size and macro-expansion
 * limits keep a hostile formula from costing much.
 */
import katex from "katex";

const MAX_FORMULA_CHARS = 10_000;

export function renderMath(formula: string, display: boolean): string | null {
  if (formula.length > MAX_FORMULA_CHARS) return null;
  try {
    return katex.renderToString(formula, {
      displayMode: display,
      output: "htmlAndMathml",
      throwOnError: false,
      trust: false,
      strict: "ignore",
      maxSize: 50,
      maxExpand: 500,
    });
  } catch {
    return null;
  }
}
