import { describe, expect, it } from "vitest";
import { loadDocumentRenderers, outlineOf, referencesOf, renderDocument, type DocumentRenderContext } from "../src/reader/document";
import { countWords, wordsDocument } from "./helpers/words-document";

/**
 * `npm run bench`: the CPU time of rendering a 5,000-word page to HTML (docs/performance.md
 * records it), inside workerd: referencesOf, the renderers' first load, then renderDocument
 * (with server-side highlighting and KaTeX, and without), and the HTML's size, raw and gzipped.
 * Rendering is synchronous and makes no I/O, so wall time here is CPU time.
 */

const ROUNDS = 15;
/** Renders per timed sample: workerd's clock ticks in whole milliseconds, so one render alone is too short to time. */
const BATCH = 10;

const context: DocumentRenderContext = {
  pageUrl: ({ page }) => (page ? `/docs/${page}` : null),
  file: () => null,
  embed: () => null,
  reusableContent: () => null,
  openapiOperation: () => null,
  urlOf: (url) => url,
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds per run: the median and the minimum over ROUNDS samples of BATCH runs. */
function timedRounds(run: () => unknown): { median: number; min: number } {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let index = 0; index < BATCH; index++) run();
    times.push((performance.now() - started) / BATCH);
  }
  return { median: median(times), min: Math.min(...times) };
}

async function gzippedBytes(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe("reader render cost", () => {
  it("renders a 5,000-word page", { timeout: 120_000 }, async () => {
    const document = wordsDocument(5_000);
    const words = countWords(document.nodes);
    expect(words).toBeGreaterThan(4_900);
    const loadStarted = performance.now();
    const references = referencesOf(document);
    const renderers = await loadDocumentRenderers(references);
    const firstLoad = performance.now() - loadStarted;
    // The first render of an isolate compiles the grammars it uses and warms KaTeX; measured apart.
    const coldStarted = performance.now();
    const html = String(renderDocument(document, { ...context, renderers }));
    const cold = performance.now() - coldStarted;
    const lines = [`${words} words, ${document.nodes.length} top-level blocks, per render: median of ${ROUNDS} samples of ${BATCH} (min)`];
    lines.push(`  renderers loaded (first import: highlight.js + KaTeX)  ${firstLoad.toFixed(1)} ms`);
    lines.push(`  first render in the isolate                         ${cold.toFixed(1)} ms`);
    const row = (name: string, run: () => unknown) => {
      const { median: value, min } = timedRounds(run);
      lines.push(`  ${name.padEnd(52)}${value.toFixed(2)} ms (${min.toFixed(2)})`);
    };
    row("referencesOf", () => referencesOf(document));
    row("outlineOf", () => outlineOf(document, context));
    row("renderDocument + String(), highlighting and KaTeX", () => String(renderDocument(document, { ...context, renderers })));
    row("  of which highlighting only", () => String(renderDocument(document, { ...context, renderers: { highlight: renderers.highlight! } })));
    row("  of which KaTeX only", () => String(renderDocument(document, { ...context, renderers: { math: renderers.math! } })));
    row("renderDocument + String(), plain code and TeX", () => String(renderDocument(document, context)));
    lines.push(`  HTML: ${html.length.toLocaleString("en")} bytes, ${(await gzippedBytes(html)).toLocaleString("en")} gzipped`);
    console.log(lines.join("\n"));
  });
});
