import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { describe, expect, it } from "vitest";
import { ReaderPage } from "../../../src/reader/layout";
import { elementsWithoutNonce, inlineHandlers, NONCE, readerPageProps, renderDocument } from "../../helpers/reader-fixtures";

const page = (overrides: Parameters<typeof readerPageProps>[0] = {}) => renderDocument(ReaderPage(readerPageProps(overrides)));

describe("ReaderPage: the document", () => {
  it("is a whole HTML document with the page's metadata for browsers, search engines and link previews", async () => {
    const { html, document } = await page({ head: { socialImage: "https://cdn.acme.test/og.png" } });
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(document.documentElement.getAttribute("lang")).toBe("en");
    expect(document.querySelector("meta[charset]")?.getAttribute("charset")).toBe("utf-8");
    expect(document.querySelector("meta[name=viewport]")?.getAttribute("content")).toContain("width=device-width");
    expect(document.querySelector("title")?.textContent).toBe("On Linux | Acme Docs");
    expect(document.querySelector("meta[name=description]")?.getAttribute("content")).toBe("Install Acme on a Linux machine.");
    expect(document.querySelector("link[rel=canonical]")?.getAttribute("href")).toBe("https://docs.acme.test/install/linux");
    const meta = (selector: string) => document.querySelector(selector)?.getAttribute("content");
    expect(meta("meta[property='og:title']")).toBe("On Linux | Acme Docs");
    expect(meta("meta[property='og:site_name']")).toBe("Acme Docs");
    expect(meta("meta[property='og:url']")).toBe("https://docs.acme.test/install/linux");
    expect(meta("meta[property='og:image']")).toBe("https://cdn.acme.test/og.png");
    expect(meta("meta[name='twitter:card']")).toBe("summary_large_image");
    expect(meta("meta[name='twitter:image']")).toBe("https://cdn.acme.test/og.png");
    // No favicon in the customization: the site's initial, inline, so no request for /favicon.ico.
    expect(document.querySelector("link[rel=icon]")?.getAttribute("href")).toMatch(/^data:image\/svg\+xml,/);
    expect(document.querySelector("meta[name=robots]")).toBeNull();
  });

  it("takes <html lang> from the site and a favicon URL or emoji from the site view", async () => {
    const withUrl = await page({ site: { lang: "fr", favicon: { url: "https://cdn.acme.test/icon.png" } } });
    expect(withUrl.document.documentElement.getAttribute("lang")).toBe("fr");
    expect(withUrl.document.querySelector("link[rel=icon]")?.getAttribute("href")).toBe("https://cdn.acme.test/icon.png");
    const withEmoji = await page({ site: { favicon: { emoji: "📘" } } });
    expect(decodeURIComponent(withEmoji.document.querySelector("link[rel=icon]")!.getAttribute("href")!)).toContain("📘");
  });

  it("asks search engines not to index when the head says so", async () => {
    const { document } = await page({ head: { noindex: true } });
    expect(document.querySelector("meta[name=robots]")?.getAttribute("content")).toBe("noindex, nofollow");
  });

  it("loads its stylesheets and scripts as the head lists them: module scripts, every element with the nonce", async () => {
    const { document } = await page();
    expect([...document.querySelectorAll("link[rel=stylesheet]")].map((link) => link.getAttribute("href"))).toEqual(["/assets/reader/abc/reader.css"]);
    const scripts = [...document.querySelectorAll("script[src]")];
    expect(scripts.map((script) => [script.getAttribute("src"), script.getAttribute("type")])).toEqual([["/assets/reader/abc/reader.js", "module"]]);
    expect(document.querySelectorAll("style").length).toBe(1);
    expect(elementsWithoutNonce(document)).toEqual([]);
    expect(document.querySelector("script:not([src])")?.getAttribute("nonce")).toBe(NONCE);
  });

  it("has no inline event handler anywhere, nor a javascript: URL", async () => {
    const { html, document } = await page();
    expect(inlineHandlers(document)).toEqual([]);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe("ReaderPage: landmarks and navigation", () => {
  it("has one banner, one main, one contentinfo, labelled navigations and outline, and a skip link to the main content", async () => {
    const { document } = await page();
    const top = (tag: string) => [...document.querySelectorAll(tag)].filter((element) => !element.parentElement?.closest("main, article, aside, nav, header, footer"));
    expect(top("header").map((element) => element.className)).toEqual(["site-header"]);
    expect(top("footer").map((element) => element.className)).toEqual(["site-footer"]);
    expect(document.querySelectorAll("main").length).toBe(1);
    const main = document.querySelector("main")!;
    const skip = document.querySelector("a.skip-link")!;
    expect(document.body.firstElementChild).toBe(skip);
    expect(skip.getAttribute("href")).toBe(`#${main.id}`);
    for (const nav of document.querySelectorAll("nav")) expect(nav.getAttribute("aria-label"), nav.className).toBeTruthy();
    // The header's links and the sections twice: in the header, and in the phone's drawer (the stylesheet shows one of each).
    expect([...document.querySelectorAll("nav")].map((nav) => nav.getAttribute("aria-label"))).toEqual(["Site links", "Sections", "Site links", "Sections", "Pages", "Breadcrumbs", "Previous and next pages"]);
    expect([...document.querySelectorAll(".drawer-header-links a")].map((link) => link.getAttribute("href"))).toEqual(["https://blog.acme.test/", "/sites/acme/status"]);
    const outline = document.querySelector("aside.reader-outline")!;
    expect(document.getElementById(outline.getAttribute("aria-labelledby")!)?.textContent).toBe("On this page");
    expect([...outline.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(["#requirements", "#steps"]);
  });

  it("marks the current page in the tree with aria-current=page, opens its ancestors and keeps other branches closed", async () => {
    const { document } = await page();
    const current = [...document.querySelectorAll("[aria-current=page]")];
    expect(current.map((element) => element.getAttribute("href"))).toEqual(["/sites/acme/install/linux"]);
    const install = document.querySelector("a[href='/sites/acme/install'].tree-link")!.parentElement!;
    expect(install.querySelector("details")?.hasAttribute("open")).toBe(true);
    const configure = document.querySelector("a[href='/sites/acme/configure'].tree-link")!.parentElement!;
    expect(configure.querySelector("details")?.hasAttribute("open")).toBe(false);
    // The chevron is the only thing in a summary: the page link stays a plain link, and the summary has a name.
    expect(install.querySelector("summary a")).toBeNull();
    expect(install.querySelector("summary")?.textContent).toBe("Subpages of Install");
    expect(document.querySelector(".tree-group-title")?.textContent).toBe("Getting started");
    const external = document.querySelector("a[href='https://forum.acme.test/']")!;
    expect(external.getAttribute("rel")).toBe("noopener");
  });

  it("renders sections as tabs and the site space picker only when there is more than one to choose", async () => {
    const full = await page();
    expect(full.document.querySelectorAll(".section-tabs a").length).toBe(2);
    expect(full.document.querySelector(".section-tabs a[aria-current]")?.textContent).toBe("Guides");
    expect([...full.document.querySelectorAll(".space-picker a")].map((link) => [link.textContent, link.getAttribute("hreflang")])).toEqual([
      ["English", "en"],
      ["Français", "fr"],
    ]);
    expect(full.document.documentElement.className).toBe("has-sections");
    const single = await page({ site: { sections: [], siteSpaces: [{ title: "English", href: "/sites/acme/", current: true }] } });
    expect(single.document.querySelector(".section-tabs")).toBeNull();
    expect(single.document.querySelector(".space-picker")).toBeNull();
    expect(single.document.documentElement.hasAttribute("class")).toBe(false);
  });

  it("shows breadcrumbs, outline, previous and next only when the page has them", async () => {
    const { document } = await page({ page: { breadcrumbs: [], outline: [], previous: undefined, next: undefined } });
    expect(document.querySelector(".breadcrumbs")).toBeNull();
    expect(document.querySelector("aside")).toBeNull();
    expect(document.querySelector(".reader-layout")?.className).not.toContain("has-outline");
    expect(document.querySelector(".page-pagination")).toBeNull();
  });

  it("links previous and next pages with rel, unless the customization turns pagination off", async () => {
    const on = await page();
    expect(on.document.querySelector("a[rel=prev]")?.getAttribute("href")).toBe("/sites/acme/install");
    expect(on.document.querySelector("a[rel=next]")?.getAttribute("href")).toBe("/sites/acme/configure");
    const off = await page({ site: { customization: { pagination: { enabled: false } } } });
    expect(off.document.querySelector(".page-pagination")).toBeNull();
  });
});

describe("ReaderPage: the page", () => {
  it("shows title, emoji, description, the body inside .reader-document, and the last update as a <time>", async () => {
    const { document } = await page({ page: { emoji: "🐧" } });
    const title = document.querySelector("main h1")!;
    expect(title.textContent).toBe("🐧On Linux");
    expect(title.querySelector(".page-emoji")?.getAttribute("aria-hidden")).toBe("true");
    expect(document.querySelector(".page-description")?.textContent).toBe("Install Acme on a Linux machine.");
    expect(document.querySelector(".reader-document h2#requirements")?.textContent).toBe("Requirements");
    const time = document.querySelector(".page-updated time")!;
    expect(time.getAttribute("datetime")).toBe("2026-03-14T10:00:00.000Z");
    expect(time.textContent).toBe("March 14, 2026");
  });

  it("renders a body still being rendered (a promise)", async () => {
    const body = Promise.resolve(raw("<p>Later</p>") as HtmlEscapedString);
    const { document } = await page({ page: { body } });
    expect(document.querySelector(".reader-document p")?.textContent).toBe("Later");
  });

  it("offers the markdown, Git and PDF actions as the customization and the site view allow", async () => {
    const all = await page({ site: { pdfHref: "/sites/acme/~pdf" }, page: { editHref: "https://github.com/acme/docs/blob/main/install/linux.md" } });
    const actions = all.document.querySelector(".page-actions")!;
    expect(actions.querySelector("a[type='text/markdown']")?.getAttribute("href")).toBe("/sites/acme/install/linux.md");
    expect(actions.querySelector("[data-copy-page]")?.hasAttribute("hidden")).toBe(true);
    expect(actions.querySelector("a[href^='https://github.com/']")?.textContent).toBe("Edit on GitHub");
    expect(actions.querySelector("a[href='/sites/acme/~pdf']")?.textContent).toBe("Export as PDF");
    const none = await page({ site: { customization: { pageActions: { items: [] } } } });
    expect(none.document.querySelector(".page-actions")).toBeNull();
    const switchedOff = await page({ site: { customization: { pageActions: { items: ["markdown"], markdown: false } } } });
    expect(switchedOff.document.querySelector("a[type='text/markdown']")).toBeNull();
  });

  it("has a feedback form posting the page's id and rating when feedback is collected and the site has an endpoint", async () => {
    const { document } = await page();
    const form = document.querySelector("form.page-feedback")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/sites/acme/~feedback");
    expect(form.querySelector("input[name=pageId]")?.getAttribute("value")).toBe("p3");
    expect([...form.querySelectorAll("button[name=rating]")].map((button) => button.getAttribute("value"))).toEqual(["good", "bad"]);
    expect(form.querySelector("legend")?.textContent).toBe("Was this page helpful?");
    expect((await page({ page: { feedback: false } })).document.querySelector("form.page-feedback")).toBeNull();
    expect((await page({ site: { feedbackHref: undefined } })).document.querySelector("form.page-feedback")).toBeNull();
  });

  it("has the search form as a plain GET to the site's search, carrying the search URL's own query as hidden fields", async () => {
    const { document } = await page({ site: { searchHref: "/sites/acme/search?share=k3y&visitor.plan=pro" } });
    const form = document.querySelector("form.header-search")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/sites/acme/search");
    expect([...form.querySelectorAll("input[type=hidden]")].map((input) => [input.getAttribute("name"), input.getAttribute("value")])).toEqual([
      ["share", "k3y"],
      ["visitor.plan", "pro"],
    ]);
    expect(form.querySelector("input[name=q]")?.getAttribute("type")).toBe("search");
    expect(document.querySelector("#reader-search")?.getAttribute("data-search-api")).toBe("/sites/acme/search?format=json");
  });

  it("renders the chrome in the customization's locale", async () => {
    const { document } = await page({ site: { customization: { internationalization: { locale: "fr" } } } });
    expect(document.querySelector(".skip-link")?.textContent).toBe("Aller au contenu");
    expect(document.querySelector(".outline-title")?.textContent).toBe("Sur cette page");
    expect(document.querySelector(".page-updated time")?.textContent).toBe("14 mars 2026");
    expect(JSON.parse(document.body.getAttribute("data-labels")!).copy).toBe("Copier");
  });
});

describe("ReaderPage: untrusted values", () => {
  it("escapes titles and hrefs, and renders links of other schemes as text", async () => {
    const hostile = '"><script>alert(1)</script>';
    const { html, document } = await page({
      site: {
        title: hostile,
        headerLinks: [
          { title: "Run", href: "javascript:alert(1)", external: true },
          { title: "Tabbed", href: "java\tscript:alert(2)" },
          { title: "Data", href: "data:text/html,<script>alert(3)</script>" },
          { title: "Mail", href: "mailto:docs@acme.test" },
        ],
        footerCopyright: hostile,
      },
      page: { title: `Page ${hostile}`, description: hostile, canonicalUrl: `https://docs.acme.test/?q=${hostile}` },
    });
    expect(document.querySelectorAll("script:not([nonce])").length).toBe(0);
    expect(html).not.toContain("<script>alert");
    expect(document.querySelector("title")?.textContent).toBe(`Page ${hostile} | ${hostile}`);
    expect(document.querySelector("main h1")?.textContent).toBe(`Page ${hostile}`);
    expect(document.querySelector("meta[name=description]")?.getAttribute("content")).toBe(hostile);
    expect(document.querySelector("link[rel=canonical]")?.getAttribute("href")).toBe(`https://docs.acme.test/?q=${hostile}`);
    const links = [...document.querySelectorAll("header .header-links li > *")].map((element) => [element.tagName, element.getAttribute("href"), element.textContent]);
    expect(links).toEqual([
      ["SPAN", null, "Run"],
      ["SPAN", null, "Tabbed"],
      ["SPAN", null, "Data"],
      ["A", "mailto:docs@acme.test", "Mail"],
    ]);
  });

  it("opens links to other sites in a new tab only when the customization says so", async () => {
    const same = await page();
    expect(same.document.querySelector("a[href='https://blog.acme.test/']")?.getAttribute("target")).toBeNull();
    const blank = await page({ site: { customization: { externalLinks: { target: "blank" } } } });
    const link = blank.document.querySelector("a[href='https://blog.acme.test/']")!;
    expect([link.getAttribute("target"), link.getAttribute("rel")]).toEqual(["_blank", "noopener noreferrer"]);
    // A link inside the site never does.
    expect(blank.document.querySelector("a[href='/sites/acme/status']")?.getAttribute("target")).toBeNull();
  });

  it("ends with the customization's footer and privacy policy, and has no footer when there is nothing to put in it", async () => {
    const { document } = await page({ site: { customization: { privacyPolicy: { url: "https://acme.test/privacy" } } } });
    const footer = document.querySelector("footer.site-footer")!;
    expect(footer.querySelector(".footer-group-title")?.textContent).toBe("Company");
    expect(footer.querySelector(".social-links a")?.getAttribute("href")).toBe("https://github.com/acme");
    expect(footer.querySelector(".footer-copyright")?.textContent).toBe("© Acme · Privacy policy");
    expect(footer.querySelector("a[href='https://acme.test/privacy']")?.getAttribute("rel")).toBe("noopener");
    const empty = await page({ site: { footerGroups: [], socialLinks: [], footerCopyright: undefined } });
    expect(empty.document.querySelector("footer.site-footer")).toBeNull();
  });

  it("shows the logo for each theme with the site's title as alternative text", async () => {
    const { document } = await page({ site: { logo: { light: "https://cdn.acme.test/logo.png", dark: "https://cdn.acme.test/logo-dark.png" } } });
    expect([...document.querySelectorAll(".site-brand img")].map((image) => [image.className, image.getAttribute("src"), image.getAttribute("alt")])).toEqual([
      ["logo logo-light", "https://cdn.acme.test/logo.png", "Acme Docs"],
      ["logo logo-dark", "https://cdn.acme.test/logo-dark.png", "Acme Docs"],
    ]);
  });

  it("shows the customization's announcement in a landmark of its own, with its link when the site view resolved one", async () => {
    const { document } = await page({
      site: { customization: { announcement: { enabled: true, message: "Version 2 is out", style: "success" } }, announcementLink: { title: "Read more", href: "/sites/acme/v2" } },
    });
    const announcement = document.querySelector("aside.announcement")!;
    expect(announcement.className).toContain("announcement-success");
    expect(announcement.getAttribute("aria-label")).toBe("Announcement");
    expect(announcement.textContent).toBe("Version 2 is out Read more");
    expect((await page({ site: { customization: { announcement: { enabled: false, message: "Hidden", style: "info" } } } })).document.querySelector(".announcement")).toBeNull();
  });
});
