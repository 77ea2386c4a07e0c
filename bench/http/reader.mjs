// The reader's group of `npm run bench:http` (bench/http/reads.mjs): a published site's pages over
// HTTP from `wrangler dev`, and the bytes a page sends.
//
// - Cached pages (the HTML cache answers, after the URL's resolution: one D1 round trip) against a
//   static Hono route answering a constant HTML page: a small one, and the page's own HTML (put
//   into the baseline Worker once: the same bytes, so the same compression work, which
//   `wrangler dev` does in the server's process where Cloudflare's edge would do it).
// - Cached pages against a Hono route doing one D1 primary-key query (the baseline of the API's
//   reads): the ceiling of anything that reads D1 once, as every reader request does.
// - Pages rendered on every request, against the API's page read of the same page with a member's
//   token (`GET /v1/spaces/{id}/content/page/{pageId}`, as served: from the revision cache). Each
//   request brings a claim of its own (`?visitor.bench=<n>`, GitBook's unsigned-claim convention):
//   the visitor's claims are part of the HTML cache's key (a new visitor segment), so neither the
//   isolate's memory nor the Cache API has the page and every request renders it. What does not
//   depend on the visitor stays cached as it would for any new visitor: the space's page index,
//   the page's document (by its body), the site's profile.
// - The bytes of the long page's HTML and of the stylesheets (the reader's, KaTeX's for its math)
//   and script it links, raw, gzipped and with Brotli (zlib's defaults), as fetched.
//
// The site: 10 short pages and the long page of bench/helpers/long-page.mjs (about 5,000 words,
// with code in six languages and math).
import { brotliCompressSync, gzipSync } from "node:zlib";
import { longPageMarkdown } from "../helpers/long-page.mjs";
import { CONCURRENCY, ENCODING, json, printRatios, ratios, REQUESTS } from "./harness.mjs";

export async function publishedSite(api, token, organization) {
  const space = await json("POST", `${api}/v1/orgs/${organization.id}/spaces`, token, { title: "Reader" });
  const changeRequest = await json("POST", `${api}/v1/spaces/${space.id}/change-requests`, token, { subject: "Pages" });
  const pages = [
    ...Array.from({ length: 10 }, (_, index) => ({ operation: "insert_page", title: `Page ${index + 1}`, document: { markdown: `Text of page ${index + 1}, a short one.\n\n## A section\n\nA paragraph with a [link](https://example.com/).\n` } })),
    { operation: "insert_page", title: "A long page", document: { markdown: longPageMarkdown() } },
  ];
  const edit = await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, token, { changes: pages });
  await json("POST", `${api}/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`, token);
  const site = await json("POST", `${api}/v1/orgs/${organization.id}/sites`, token, { title: "Reader", spaces: [space.id] });
  await json("PATCH", `${api}/v1/orgs/${organization.id}/sites/${site.id}`, token, { basename: "reader" });
  await json("POST", `${api}/v1/orgs/${organization.id}/sites/${site.id}/publish`, token);
  const read = (change) => json("GET", `${api}/v1/spaces/${space.id}/content/page/${change.page.id}`, token);
  const [short, long] = [await read(edit.changes[0]), await read(edit.changes[10])];
  return { space, short, long, root: `${api}/sites/${organization.id}/reader/` };
}

async function text(url) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizes = (body) => {
  const bytes = Buffer.from(body);
  return { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliCompressSync(bytes).length };
};

/** The HTML of the long page and what it links (stylesheets, scripts). */
async function pageBytes(api, url) {
  const html = await text(url);
  const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"|<script type="module" src="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
  const rows = [["HTML (the long page)", sizes(html)]];
  for (const path of linked) rows.push([path.split("/").slice(-1)[0], sizes(await text(new URL(path, api)))]);
  return rows;
}

export async function readerReads({ api, base }, { token, organization, wanted }, rounds) {
  const { space, short, long, root } = await publishedSite(api, token, organization);
  const [shortUrl, longUrl] = [`${root}${short.path}`, `${root}${long.path}`];
  const [shortHtml, longHtml] = [await text(shortUrl), await text(longUrl)];
  if (!longHtml.includes("hljs-keyword") || !longHtml.includes('class="katex"')) throw new Error("the long page's code or math is not rendered");

  let claim = 0;
  const everyTimeNew = (url) => () => `${url}?visitor.bench=${claim++}`;
  const auth = { authorization: `Bearer ${token}` };
  const staticPage = { name: "static Hono route", url: `${base}/static` };
  const oneQuery = { name: "one-query Hono route", url: `${base}/baseline/${space.id}` };
  const staticCopy = async (name, html) => {
    const response = await fetch(`${base}/static/page/${name}`, { method: "PUT", body: html });
    if (response.status !== 204) throw new Error(`putting the ${name} page: ${response.status}`);
    return { name: `static Hono route, the ${name} page's HTML (${kib(Buffer.byteLength(html))})`, url: `${base}/static/page/${name}` };
  };
  const [shortCopy, longCopy] = [await staticCopy("short", shortHtml), await staticCopy("long", longHtml)];
  const pageRead = (page, query = "") => ({ name: `API page read${query ? ` (${query})` : ""}, ${page.title}`, url: `${api}/v1/spaces/${space.id}/content/page/${page.id}${query ? `?${query}` : ""}`, headers: auth });
  const workloads = [
    // The ceiling of anything that waits on one D1 round trip, as every reader request does (its URL's resolution).
    { name: "one-query Hono route / static", url: `${base}/baseline/${space.id}`, reference: staticPage },
    { name: "short page, cached / one-query Hono route", url: shortUrl, reference: oneQuery },
    { name: "long page, cached / one-query Hono route", url: longUrl, reference: oneQuery },
    { name: "short page, cached / static", url: shortUrl, reference: staticPage },
    { name: "long page, cached / static", url: longUrl, reference: staticPage },
    { name: "short page, cached / static of its HTML", url: shortUrl, reference: shortCopy },
    { name: "long page, cached / static of its HTML", url: longUrl, reference: longCopy },
    { name: "short page, rendered / API page read", url: everyTimeNew(shortUrl), reference: pageRead(short) },
    { name: "long page, rendered / API page read", url: everyTimeNew(longUrl), reference: pageRead(long) },
    { name: "long page, rendered / API read as document", url: everyTimeNew(longUrl), reference: pageRead(long, "format=document") },
  ];
  const timing = async (url, headers) => (await fetch(url, { headers })).headers.get("server-timing");
  const timings = [
    ["long page, cached", await timing(longUrl)],
    ["long page, rendered", await timing(everyTimeNew(longUrl)())],
    ["API page read, long page", await timing(pageRead(long).url, auth)],
  ];
  const measured = await ratios(staticPage, workloads.filter(wanted), rounds);
  console.log(`\nthe reader over HTTP from wrangler dev, ${CONCURRENCY} concurrent, ${REQUESTS} requests a sample, relative to the reference named (median of ${rounds})${ENCODING["accept-encoding"] ? `, Accept-Encoding: ${ENCODING["accept-encoding"]}` : ""}`);
  printRatios(measured);

  console.log("\nServer-Timing of one request each");
  for (const [name, value] of timings) console.log(`${name.padEnd(28)} ${value}`);
  console.log(`\nbytes a page sends (short page: HTML ${kib(Buffer.byteLength(shortHtml))})`);
  for (const [name, size] of await pageBytes(api, longUrl)) console.log(`${name.padEnd(36)} ${kib(size.raw).padStart(10)} raw ${kib(size.gzip).padStart(10)} gzip ${kib(size.brotli).padStart(10)} brotli`);
}
