import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

/**
 * Web pages for the embed tests, on a random loopback port (the Worker reaches them through the
 * outbound guard, with ALLOW_PRIVATE_NETWORK set by the test): pages with oEmbed endpoints,
 * OpenGraph and Twitter metadata, a file, errors, a redirect and a page larger than what is read.
 * Each test works under a path of its own (`/<session>/<page>`), whose requests it reads back from
 * `GET /<session>/requests` (the pages asked for, in order), to see what the Worker fetched.
 */

declare module "vitest" {
  export interface ProvidedContext {
    embedPagesUrl: string;
  }
}

const html = (head: string, body = "<p>Hello</p>") => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const oembedLink = (href: string) => `<link rel="alternate" type="application/json+oembed" href="${href}" title="oEmbed">`;

/**
 * A widget's markup: its inline script runs in the reader's sandboxed frame, writes that it ran,
 * and whether it could read cookies or the page around the frame (it must not).
 */
export const WIDGET_HTML = [
  '<p id="widget-status">The widget did not run.</p>',
  "<script>",
  "(() => {",
  "  let cookies; try { cookies = document.cookie === '' ? 'empty' : 'readable'; } catch { cookies = 'refused'; }",
  "  let parentPage; try { parentPage = parent.document.title ? 'readable' : 'empty'; } catch { parentPage = 'refused'; }",
  "  document.getElementById('widget-status').textContent = `The widget ran; cookies: ${cookies}; parent: ${parentPage}.`;",
  "})();",
  "</script>",
].join("\n");

/** What each page answers: status, content type, body. Relative links resolve under the session. */
const PAGES: Record<string, () => { status?: number; type?: string; body: string; headers?: Record<string, string> }> = {
  video: () => ({
    body: html(`<title>Video page</title><meta property="og:title" content="Video page (OpenGraph)"><link rel="icon" href="icons/favicon.png">${oembedLink("oembed/video?format=json")}`),
  }),
  "oembed/video": () => ({
    type: "application/json",
    body: JSON.stringify({ version: "1.0", type: "video", title: "A video & more", provider_name: "Tube", width: "640", html: '<iframe src="https://player.example/1" width="640"></iframe>' }),
  }),
  player: () => ({ body: html(`<title>Player page</title>${oembedLink("oembed/player")}`) }),
  "oembed/player": () => ({
    type: "application/json",
    body: JSON.stringify({ version: "1.0", type: "video", title: "A player", provider_name: "Tube", width: 560, height: 315, html: '<iframe src="https://player.example/2" width="560" height="315" allowfullscreen></iframe>' }),
  }),
  // A widget whose script writes into it, and reports what it can reach of the page around its frame (the reader's e2e test reads it).
  widget: () => ({ body: html(`<title>Widget page</title>${oembedLink("oembed/widget")}`) }),
  "oembed/widget": () => ({ type: "application/json", body: JSON.stringify({ version: "1.0", type: "rich", title: "A widget", provider_name: "Widgets", html: WIDGET_HTML }) }),
  article: () => ({
    body: html(
      `<title>Fallback title</title><meta name="twitter:title" content="Twitter title"><meta property="og:title" content="Tom &amp; Jerry &#8212; the &quot;article&quot;">` +
        `<meta property="og:site_name" content="Cartoons"><link rel="shortcut icon" href="//cdn.example.org/icon.ico?a=1&amp;b=2">`,
    ),
  }),
  plain: () => ({ body: html("<title>\n  Just a   title &#8212; here\n</title>", "<title>Not this one</title><meta property=\"og:title\" content=\"Nor this\">") }),
  photo: () => ({ body: html(`<title>Photo page</title>${oembedLink("oembed/photo")}`) }),
  "oembed/photo": () => ({ type: "application/json", body: JSON.stringify({ version: "1.0", type: "photo", title: "A photo", provider_name: "Pics", url: "https://pics.example/1.jpg" }) }),
  "broken-oembed": () => ({ body: html(`<title>Broken oEmbed</title>${oembedLink("oembed/broken")}`) }),
  "oembed/broken": () => ({ type: "application/json", body: "this is not JSON" }),
  "failing-oembed": () => ({ body: html(`<title>Failing oEmbed</title>${oembedLink("oembed/failing")}`) }),
  "oembed/failing": () => ({ status: 503, type: "application/json", body: "{}" }),
  "file.pdf": () => ({ type: "application/pdf", body: "%PDF-1.7 …" }),
  missing: () => ({ status: 404, body: html("<title>Not found</title>") }),
  broken: () => ({ status: 500, body: "Internal error" }),
  big: () => ({ body: html("<title>A big page</title>", "x".repeat(3 * 1024 * 1024)) }),
  moved: () => ({ status: 302, body: "", headers: { location: "article" } }),
};

/** The pages' server on a random loopback port; also started by the reader's e2e test of embeds. */
export async function startEmbedPages(): Promise<{ url: string; close(): Promise<void> }> {
  const requests = new Map<string, string[]>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const [, session = "", ...rest] = url.pathname.split("/");
    const page = rest.join("/");
    if (page === "requests") return send(response, 200, "application/json", JSON.stringify(requests.get(session) ?? []));
    requests.set(session, [...(requests.get(session) ?? []), `${page}${url.search}`]);
    const answer = PAGES[page]?.() ?? { status: 404, body: "No such page" };
    send(response, answer.status ?? 200, answer.type ?? "text/html; charset=utf-8", answer.body, answer.headers);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export default async function setup(project: TestProject) {
  const pages = await startEmbedPages();
  project.provide("embedPagesUrl", pages.url);
  return pages.close;
}

function send(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), ...headers });
  response.end(body);
}
