import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "../src/context";
import { createDatabase } from "../src/db/client";
import { RequestBinding } from "../src/db/request-binding";
import { createUrls } from "../src/lib/urls";
import { outlineOf, renderDocument, type DocumentInput } from "../src/reader/document";
import { loadPage, loadSiteFrame, pageHtml, type LoadedPage } from "../src/reader/serve/page";
import type { Visit } from "../src/reader/serve/visit";
import { visitedContent } from "../src/reader/serve/visited";
import { createOrganization, createUser } from "../test/helpers/fixtures";
import { ORIGIN, workerUnderTest } from "../test/helpers/http";
import { publishedSite, spaceWithPages } from "../test/helpers/published";
import { longPageMarkdown, wordCount } from "./helpers/long-page.mjs";

/**
 * `npm run bench`: the CPU a reader page's rendering costs, for a page of about 5,000 words
 * (bench/helpers/long-page.mjs: headings, lists, code in six languages, a table, math). The page
 * is published and resolved as the reader resolves it, its document and everything it points at
 * are read (loadPage), then only the rendering is timed, with performance.now() around it: the
 * document to HTML (renderDocument), its outline, and the whole page (pageHtml: document, outline
 * and the layout around them, as served). No I/O happens inside, so the time is the isolate's
 * CPU, plus whatever the machine's other work takes from it (run on an idle machine, or read the
 * minimum beside the median). The first renders warm up the highlighter and KaTeX (their modules
 * are loaded by the dynamic imports of renderers.ts) and the JIT; they are left out. Highlighted
 * code and formulas are kept per isolate (renderers.ts), so a page is timed both ways: its code
 * and formulas new to the isolate (each render gets them changed a little), and seen before (the
 * same page rendered for another visitor segment or signing window).
 *
 * The HTTP side (throughput, bytes sent) is `npm run bench:http` (bench/http/reads.mjs).
 */

const WARM_UP = 5;
const RENDERS = 100;

function requestContext(ctx: ExecutionContext): RequestContext {
  return {
    db: createDatabase(RequestBinding.inSession(env.DB, "first-unconstrained").asD1()),
    env,
    urls: createUrls(`${ORIGIN}/`, env.APP_URL),
    defer: (promise) => ctx.waitUntil(promise),
    readAfter: () => {},
  };
}

/** Times of `RENDERS` runs after `WARM_UP` (`prepare`, untimed, makes each run's input). */
async function timed<T>(run: (input: T) => Promise<unknown> | unknown, prepare: (index: number) => T = () => undefined as T): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < WARM_UP + RENDERS; index++) {
    const input = prepare(index);
    const started = performance.now();
    await run(input);
    if (index >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

type Json = Record<string, any>;

/**
 * The document with each code block and formula changed a little (by `n`), so that neither the
 * highlighter's nor KaTeX's answers kept in the isolate (renderers.ts) apply: a page whose code
 * and formulas this isolate never rendered, as after a merge that changed them.
 */
function withNewCode(document: DocumentInput, n: number): DocumentInput {
  const copy = structuredClone(document) as Json;
  const visit = (node: Json) => {
    if (node.type === "code") {
      const leaf = node.nodes?.[0]?.nodes?.[0]?.leaves?.[0];
      if (leaf) leaf.text += ` ${n}`;
    }
    if ((node.type === "math" || node.type === "inline-math") && typeof node.data?.formula === "string") node.data.formula += ` + ${n}`;
    for (const child of node.nodes ?? []) visit(child);
  };
  for (const node of copy.nodes) visit(node);
  return copy as DocumentInput;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
/** workerd's clock moves in whole milliseconds here: the mean of all the renders is the finer figure. */
const summary = (sorted: number[]) =>
  `median ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, mean ${(sorted.reduce((sum, time) => sum + time, 0) / sorted.length).toFixed(2)} ms`;

async function gzippedBytes(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe("reader cost", () => {
  it("renders a 5,000-word page: document to HTML, outline, the whole page with its layout", { timeout: 300_000 }, async () => {
    const owner = await createUser("bench-reader");
    const orgId = (await createOrganization(owner)).id;
    const markdown = longPageMarkdown();
    const { space } = await spaceWithPages(owner, orgId, "Reader bench", [
      { ref: "intro", title: "Introduction", markdown: "Welcome.\n" },
      { ref: "long", title: "A long page", markdown },
    ]);
    const { root } = await publishedSite(owner, orgId, [space.id], { basename: `reader-bench-${space.id.slice(0, 8).toLowerCase()}` });
    const url = `${root}a-long-page`;
    const served = await workerUnderTest.fetch(url);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("hljs-keyword");

    const executionContext = createExecutionContext();
    const ctx = requestContext(executionContext);
    const visit: Visit = { url: new URL(url), rendering: "page", visitor: {}, remember: {}, query: undefined, json: false };
    const visited = await visitedContent(ctx, visit);
    if (visited.kind !== "content") throw new Error(`not content: ${visited.kind}`);
    const { content, visitorContext } = visited;
    const frame = await loadSiteFrame(visitorContext, content, ORIGIN, content.pageId, "nonce-marker");
    const page = await loadPage(visitorContext, frame, content.pageId!);
    await waitOnExecutionContext(executionContext);
    const { document, loaded } = page;

    const html = await pageHtml(content, frame, page);
    expect(html).toContain('class="katex"');
    const documentHtml = String(renderDocument(document, loaded.context));
    const render = (input: DocumentInput) => String(renderDocument(input, loaded.context));
    const documentNew = await timed(render, (index) => withNewCode(document, index));
    const documentAgain = await timed(render, () => document);
    const outlineTimes = await timed(() => outlineOf(document, loaded.context));
    const wholeNew = await timed((input: LoadedPage) => pageHtml(content, frame, input), (index) => ({ ...page, document: withNewCode(document, RENDERS + WARM_UP + index) }));
    const wholeAgain = await timed(() => pageHtml(content, frame, page));
    const prose = wordCount(markdown.replace(/```[\s\S]*?```|\$\$[\s\S]*?\$\$/g, ""));
    console.log(
      [
        `reader: a page of ${prose} words of prose (${wordCount(markdown)} with its code and formulas), rendered ${RENDERS} times after ${WARM_UP} warm-up renders`,
        `  document to HTML, its code and formulas new:       ${summary(documentNew)}`,
        `  document to HTML, its code and formulas seen:      ${summary(documentAgain)}`,
        `  outline:                                           ${summary(outlineTimes)}`,
        `  whole page with its layout, code and formulas new: ${summary(wholeNew)}`,
        `  whole page with its layout, code and formulas seen: ${summary(wholeAgain)}`,
        `  HTML: document ${kib(documentHtml.length)}, page ${kib(html.length)}, ${kib(await gzippedBytes(html))} gzipped`,
      ].join("\n"),
    );
  });
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
