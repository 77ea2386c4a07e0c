import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { parseHTML } from "linkedom";
import { DEFAULT_CUSTOMIZATION } from "../../src/domain/sites/customization-settings";
import type { ReaderDocumentHead, ReaderNotFoundProps, ReaderPageProps, ReaderSearchProps, ReaderSiteView, ReaderTreeItem } from "../../src/reader/model";

/**
 * Props of the reader's pages as the serving pipeline would build them, without storage: a site
 * with two sections, two site spaces, header and footer links, and a tree with a group, a nested
 * page (the current one, under an open parent), a closed parent and an external link. Override
 * any part; `site` and `head` merge one level deep.
 */
export const NONCE = "test-nonce-0123456789";

export function readerHead(overrides: Partial<ReaderDocumentHead> = {}): ReaderDocumentHead {
  return { nonce: NONCE, stylesheets: ["/assets/reader/abc/reader.css"], scripts: ["/assets/reader/abc/reader.js"], noindex: false, ...overrides };
}

export function readerSite(overrides: Partial<ReaderSiteView> = {}): ReaderSiteView {
  return {
    id: "site_1",
    title: "Acme Docs",
    homeHref: "/sites/acme/",
    lang: "en",
    customization: DEFAULT_CUSTOMIZATION,
    headerLinks: [
      { title: "Blog", href: "https://blog.acme.test/", external: true },
      { title: "Status", href: "/sites/acme/status" },
    ],
    footerGroups: [{ title: "Company", links: [{ title: "About", href: "https://acme.test/about", external: true }] }],
    footerCopyright: "© Acme",
    socialLinks: [{ title: "GitHub", href: "https://github.com/acme", external: true, platform: "github" }],
    sections: [
      { kind: "section", title: "Guides", href: "/sites/acme/", current: true },
      { kind: "section", title: "API", href: "/sites/acme/api/", current: false },
    ],
    siteSpaces: [
      { title: "English", href: "/sites/acme/", current: true, lang: "en" },
      { title: "Français", href: "/sites/acme/fr/", current: false, lang: "fr" },
    ],
    searchHref: "/sites/acme/search",
    searchApiHref: "/sites/acme/search?format=json",
    feedbackHref: "/sites/acme/~feedback",
    ...overrides,
  };
}

export function readerTree(): ReaderTreeItem[] {
  return [
    {
      kind: "group",
      id: "g1",
      title: "Getting started",
      children: [
        { kind: "page", id: "p1", title: "Introduction", href: "/sites/acme/", emoji: "👋", children: [] },
        {
          kind: "page",
          id: "p2",
          title: "Install",
          href: "/sites/acme/install",
          open: true,
          children: [{ kind: "page", id: "p3", title: "On Linux", href: "/sites/acme/install/linux", current: true, children: [] }],
        },
        {
          kind: "page",
          id: "p4",
          title: "Configure",
          href: "/sites/acme/configure",
          children: [{ kind: "page", id: "p5", title: "Options", href: "/sites/acme/configure/options", children: [] }],
        },
        { kind: "link", id: "l1", title: "Community", href: "https://forum.acme.test/", children: [] },
      ],
    },
  ];
}

export function readerPageProps(overrides: { head?: Partial<ReaderDocumentHead>; site?: Partial<ReaderSiteView>; page?: Partial<ReaderPageProps["page"]>; tree?: ReaderTreeItem[] } = {}): ReaderPageProps {
  return {
    head: readerHead(overrides.head),
    site: readerSite(overrides.site),
    tree: overrides.tree ?? readerTree(),
    page: {
      id: "p3",
      title: "On Linux",
      description: "Install Acme on a Linux machine.",
      body: raw('<h2 id="requirements">Requirements</h2><p>You need <code>curl</code>.</p><pre><code>curl -L acme.test | sh</code></pre>') as HtmlEscapedString,
      breadcrumbs: [{ title: "Install", href: "/sites/acme/install" }],
      outline: [
        { id: "requirements", title: "Requirements", depth: 1 },
        { id: "steps", title: "Steps", depth: 2 },
      ],
      previous: { title: "Install", href: "/sites/acme/install" },
      next: { title: "Configure", href: "/sites/acme/configure" },
      updatedAt: "2026-03-14T10:00:00.000Z",
      canonicalUrl: "https://docs.acme.test/install/linux",
      markdownHref: "/sites/acme/install/linux.md",
      feedback: true,
      ...overrides.page,
    },
  };
}

export function readerSearchProps(overrides: Partial<Omit<ReaderSearchProps, "head" | "site">> & { head?: Partial<ReaderDocumentHead>; site?: Partial<ReaderSiteView> } = {}): ReaderSearchProps {
  return {
    tree: readerTree(),
    query: "install",
    results: [
      {
        title: "Install",
        href: "/sites/acme/install",
        terms: ["install"],
        sections: [{ title: "Installing on Linux", href: "/sites/acme/install/linux#steps", text: "To install Acme, run the installer." }],
      },
    ],
    ...overrides,
    head: readerHead(overrides.head),
    site: readerSite(overrides.site),
  };
}

export function readerNotFoundProps(overrides: { path?: string; head?: Partial<ReaderDocumentHead>; site?: Partial<ReaderSiteView> } = {}): ReaderNotFoundProps {
  return { tree: readerTree(), path: overrides.path ?? "/sites/acme/missing", head: readerHead(overrides.head), site: readerSite(overrides.site) };
}

/** A component's whole document as a string (hono/jsx renders promises in the tree, e.g. a body still being rendered). */
export async function renderHtml(element: unknown): Promise<string> {
  return String(await (element as { toString(): string | Promise<string> }).toString());
}

export type ParsedDocument = ReturnType<typeof parseHTML>["document"];

/** The rendered HTML parsed into a DOM (linkedom), for queries. */
export async function renderDocument(element: unknown): Promise<{ html: string; document: ParsedDocument }> {
  const html = await renderHtml(element);
  return { html, document: parseHTML(html).document };
}

/** Attributes that would run script: inline event handlers. None may appear anywhere in a page. */
export function inlineHandlers(document: ParsedDocument): string[] {
  return [...document.querySelectorAll("*")].flatMap((element) =>
    [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName}[${attribute.name}]`),
  );
}

/** Script, style and stylesheet elements without this response's nonce (CSP would block them). */
export function elementsWithoutNonce(document: ParsedDocument): string[] {
  return [...document.querySelectorAll("script, style, link[rel=stylesheet]")].filter((element) => element.getAttribute("nonce") !== NONCE).map((element) => element.outerHTML.slice(0, 80));
}
