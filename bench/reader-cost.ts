import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "../src/context";
import { createDatabase } from "../src/db/client";
import { RequestBinding } from "../src/db/request-binding";
import { createUrls } from "../src/lib/urls";
import { outlineOf, referencesOf, renderDocument } from "../src/reader/document";
import { loadPage, loadSiteFrame, pageHtml, type LoadedPage } from "../src/reader/serve/page";
import { loadReferences } from "../src/reader/serve/page-content";
import type { Visit } from "../src/reader/serve/visit";
import { visitedContent } from "../src/reader/serve/visited";
import { createOrganization, createUser } from "../test/helpers/fixtures";
import { ORIGIN, workerUnderTest } from "../test/helpers/http";
import { publishedSite, spaceWithPages } from "../test/helpers/published";
import { longPageMarkdown, withMath, wordCount, type LongPageDocument } from "./helpers/long-page.mjs";

/**
 * `npm run bench`: the CPU a reader page's rendering costs, for a page of about 5,000 words
 * (bench/helpers/long-page.mjs: headings, lists, code in six languages, a table, math). The page
 * is published and resolved as the reader resolves it, its document and everything it points at
 * are read (loadPage, loadReferences), then only the rendering is timed, with performance.now() around it: the
 * document to HTML (renderDocument), its outline, and the whole page (pageHtml: document, outline
 * and the layout around them, as served). No I/O happens inside, so the time is the isolate's
 * CPU, plus whatever the machine's other work takes from it (run on an idle machine, or read the
 * minimum beside the median). The first renders warm up the highlighter and KaTeX (their modules
 * are loaded by the dynamic imports of renderers.ts) and the JIT; they are left out.
 *
 * The HTTP side (throughput, bytes sent) is `npm run bench:http` (bench/http/reads.mjs).
 */

const WARM_UP = 5;
const RENDERS = 60;

function requestContext(ctx: ExecutionContext): RequestContext {
  return {
    db: createDatabase(RequestBinding.inSession(env.DB, "first-unconstrained").asD1()),
    env,
    urls: createUrls(`${ORIGIN}/`, env.APP_URL),
    defer: (promise) => ctx.waitUntil(promise),
    readAfter: () => {},
  };
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < RENDERS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
const summary = (sorted: number[]) => `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms`;

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
    const stored = await loadPage(visitorContext, frame, content.pageId!);
    // Bodies are stored as markdown, which has no math here (docs/decisions.md): the formulas are
    // added to the document as read, and what it points at loaded again (KaTeX with it).
    const document = withMath(structuredClone(stored.document) as LongPageDocument);
    const references = referencesOf(document);
    const loaded = await loadReferences(visitorContext, frame.resolved, frame.current, frame.siteSpaces, references);
    await waitOnExecutionContext(executionContext);
    const page: LoadedPage = { pageId: stored.pageId, document, references, loaded };

    const html = await pageHtml(content, frame, page);
    expect(html).toContain('class="katex"');
    const documentJson = JSON.stringify(stored.document);
    const jsonTimes = await timed(() => JSON.parse(documentJson));
    const documentHtml = String(renderDocument(document, loaded.context));
    const documentTimes = await timed(() => String(renderDocument(document, loaded.context)));
    const outlineTimes = await timed(() => outlineOf(document, loaded.context));
    const wholeTimes = await timed(() => pageHtml(content, frame, page));
    const prose = wordCount(markdown.replace(/```[\s\S]*?```/g, ""));
    console.log(
      [
        `reader: a page of ${prose} words of prose (${wordCount(markdown)} with its code), rendered ${RENDERS} times after ${WARM_UP} warm-up renders`,
        `  document from JSON:          ${summary(jsonTimes)} (${kib(documentJson.length)}: a parsed body kept in memory)`,
        `  document to HTML:            ${summary(documentTimes)}`,
        `  outline:                     ${summary(outlineTimes)}`,
        `  whole page (with layout):    ${summary(wholeTimes)}`,
        `  HTML: document ${kib(documentHtml.length)}, page ${kib(html.length)}, ${kib(await gzippedBytes(html))} gzipped`,
      ].join("\n"),
    );
  });
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
