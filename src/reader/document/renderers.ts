/*
 * The heavy renderers (the highlighter and its grammars, KaTeX), loaded only for documents that
 * need them and only through dynamic import(): a module importing this one evaluates neither
 * until a page with code or math is rendered. Bundlers keep them in the Worker's script, but
 * their top-level code (grammar registration, KaTeX's tables) runs on first use.
 */
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
    ...(highlight ? { highlight: highlight.highlightCode } : {}),
    ...(math ? { math: math.renderMath } : {}),
  };
}
