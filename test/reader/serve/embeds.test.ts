import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Bindings } from "../../../src/context";
import { commitToMain } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { WIDGET_HTML } from "../../embed-pages.global";

/**
 * Embeds in published pages: a rich embed (the embed operation answered oEmbed markup) is a
 * sandboxed frame of the site's `~embed` route, signed for the URL and the route; the route
 * answers the provider's markup under a sandboxing CSP, and nothing it did not sign. A link embed
 * stays a card. The providers are pages of a loopback server (test/embed-pages.global.ts).
 */

const pagesUrl = inject("embedPagesUrl");
/** The providers are on loopback: a private target, which these requests are let reach. */
const LOCAL = { ALLOW_PRIVATE_NETWORK: "true" } as Partial<Bindings> as Partial<Env>;
const SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms";

let owner: TestUser;
let root: string;
let otherRoot: string;
/** The providers' pages of this file (their server logs requests per session). */
const base = `${pagesUrl}/reader-embeds-${Math.random().toString(36).slice(2, 10)}`;
const requested = async (): Promise<string[]> => (await fetch(`${base}/requests`)).json();

const embedBlock = (key: string, url: string) => ({ object: "block", type: "embed", key, isVoid: true, data: { url } });

beforeAll(async () => {
  owner = await createUser("reader-embeds-owner");
  const orgId = (await createOrganization(owner)).id;
  const { space, pageIds } = await spaceWithPages(owner, orgId, "Embeds docs", [{ ref: "embeds", title: "Embeds", markdown: "Replaced below.\n" }]);
  const document = {
    object: "document",
    data: {},
    nodes: [embedBlock("player", `${base}/player`), embedBlock("widget", `${base}/widget`), embedBlock("article", `${base}/article`)],
  };
  await commitToMain(owner, space.id, [{ operation: "update_page", page: pageIds.embeds, document: { document } }]);
  ({ root } = await publishedSite(owner, orgId, [space.id], { basename: "reader-embeds" }));
  const other = await spaceWithPages(owner, orgId, "Other docs", [{ ref: "home", title: "Home", markdown: "Nothing embedded.\n" }]);
  ({ root: otherRoot } = await publishedSite(owner, orgId, [other.space.id], { basename: "reader-embeds-other" }));
});

const get = (url: string, init: RequestInit = {}) => workerUnderTest.fetch(url, init, LOCAL);

async function embedsPage() {
  const response = await get(`${root}embeds`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

type Page = ReturnType<typeof parseHTML>["document"];
const frameOf = (document: Page, title: string) => [...document.querySelectorAll("main iframe")].find((frame) => frame.getAttribute("title") === title);

describe("a rich embed in a page", () => {
  it("is a lazy, sandboxed frame of the site's ~embed route, signed for its URL, titled by the embed", async () => {
    const { response, document } = await embedsPage();
    const player = frameOf(document, "A player");
    expect(player, "the player's frame").toBeDefined();
    const src = new URL(player!.getAttribute("src")!);
    expect(`${src.origin}${src.pathname}`).toBe(`${root}~embed`);
    expect(src.searchParams.get("url")).toBe(`${base}/player`);
    expect(src.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(player!.getAttribute("sandbox")).toBe(SANDBOX);
    expect(player!.getAttribute("sandbox")).not.toContain("allow-same-origin");
    expect(player!.getAttribute("loading")).toBe("lazy");
    // A player keeps the size its markup asks for as an aspect ratio.
    expect(player!.getAttribute("style")).toBe("aspect-ratio:560/315");
    // A widget sizes itself (the embeds island): no ratio.
    const widget = frameOf(document, "A widget");
    expect(widget?.getAttribute("sandbox")).toBe(SANDBOX);
    expect(widget?.hasAttribute("style")).toBe(false);
    // The provider's markup never reaches the page itself.
    expect(document.querySelector("main")!.innerHTML).not.toContain("player.example");
    expect(document.querySelector("#widget-status")).toBeNull();
    // Frames are allowed from the site's origin, and from nowhere else.
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-src 'self';");
  });

  it("keeps the card for readers without JavaScript, in a <noscript> beside the frame", async () => {
    const { text } = await embedsPage();
    const frameBlock = /<div class="doc-embed doc-embed--rich">.*?<\/noscript><\/div>/s.exec(text.slice(text.indexOf("A player") - 2000))?.[0] ?? "";
    expect(frameBlock).toMatch(/<iframe[^>]*title="A player"/);
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(frameBlock)?.[1] ?? "";
    const card = parseHTML(`<div>${noscript}</div>`).document.querySelector("a.doc-embed-card");
    expect(card?.getAttribute("href")).toBe(`${base}/player`);
    expect(card?.textContent).toContain("A player");
    expect(card?.textContent).toContain("Tube");
  });

  it("leaves a link embed a card, with no frame", async () => {
    const { document } = await embedsPage();
    const cards = [...document.querySelectorAll("main .doc-embed:not(.doc-embed--rich) > a.doc-embed-card")];
    expect(cards.map((card) => card.getAttribute("href"))).toEqual([`${base}/article`]);
    expect(document.querySelectorAll("main iframe")).toHaveLength(2);
  });

  it("is the same page at every request: one ETag, a 304 for it, the same signed frame URLs", async () => {
    const first = await embedsPage();
    const second = await embedsPage();
    const etag = first.response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(second.response.headers.get("etag")).toBe(etag);
    const frames = (document: Page) => [...document.querySelectorAll("main iframe")].map((frame) => frame.getAttribute("src"));
    expect(frames(second.document)).toEqual(frames(first.document));
    expect((await get(`${root}embeds`, { headers: { "if-none-match": etag! } })).status).toBe(304);
  });
});

describe("the ~embed route", () => {
  const frameSources = async () => {
    const { document } = await embedsPage();
    return { player: new URL(frameOf(document, "A player")!.getAttribute("src")!), widget: new URL(frameOf(document, "A widget")!.getAttribute("src")!) };
  };

  it("answers a signed URL with the provider's markup alone, sandboxed by its CSP, with nosniff", async () => {
    const { widget } = await frameSources();
    const response = await get(widget.toString());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = response.headers.get("content-security-policy") ?? "";
    const directives = csp.split(";").map((directive) => directive.trim());
    expect(directives[0]).toBe(`sandbox ${SANDBOX}`);
    expect(csp).not.toContain("allow-same-origin");
    expect(directives).toContain("frame-ancestors 'self'");
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("object-src 'none'");
    // The provider's scripts, inline or not, run in the frame's own opaque origin.
    expect(directives).toContain("script-src http: https: 'unsafe-inline'");
    const text = await response.text();
    expect(text).toContain(WIDGET_HTML);
    const { document } = parseHTML(text);
    expect(document.querySelector("title")?.textContent).toBe("A widget");
    expect(document.querySelector("html")?.getAttribute("lang")).toBe("en");
  });

  it("makes a player fill the frame (the page keeps its ratio)", async () => {
    const { player } = await frameSources();
    const response = await get(player.toString());
    expect(response.status).toBe(200);
    const { document } = parseHTML(await response.text());
    expect(document.documentElement.getAttribute("class")).toBe("player");
    expect(document.querySelector("body > iframe")?.getAttribute("src")).toBe("https://player.example/2");
  });

  it("is the API's 404 for a URL it did not sign: no signature, a tampered URL or signature, another site's path", async () => {
    const { player } = await frameSources();
    const before = await requested();
    const refused = new Map<string, string>();
    const withParams = (url: URL, changes: Record<string, string | null>) => {
      const changed = new URL(url);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) changed.searchParams.delete(name);
        else changed.searchParams.set(name, value);
      }
      return changed.toString();
    };
    refused.set("no signature", withParams(player, { sig: null }));
    refused.set("another URL", withParams(player, { url: `${base}/widget?other` }));
    refused.set("an arbitrary URL", withParams(player, { url: "https://evil.example/" }));
    refused.set("a tampered signature", withParams(player, { sig: `${player.searchParams.get("sig")!.slice(0, -2)}AA` }));
    refused.set("a signature that is not base64url", withParams(player, { sig: "not a signature!" }));
    refused.set("another site's path", `${otherRoot}~embed${player.search}`);
    refused.set("a page's path", `${root}embeds/~embed${player.search}`);
    for (const [what, url] of refused) {
      const response = await get(url);
      expect(response.status, what).toBe(404);
      expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
      expect((await response.json()) as unknown, what).toMatchObject({ error: { code: 404 } });
    }
    // Nothing was fetched for them.
    expect(await requested()).toEqual(before);
  });

  it("answers HEAD with the headers and no body, and refuses POST", async () => {
    const { widget } = await frameSources();
    const head = await get(widget.toString(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-security-policy")).toMatch(/^sandbox /);
    expect(await head.text()).toBe("");
    expect((await get(widget.toString(), { method: "POST" })).status).toBe(404);
  });
});
