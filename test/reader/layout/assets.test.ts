import gitbookSpec from "@gitbook/api/spec/openapi.json";
import { describe, expect, it } from "vitest";
import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { ReaderPage, READER_ASSETS, readerAssetUrls, readerContentSecurityPolicy, themeStyle } from "../../../src/reader/layout";
import type { ReaderTreeItem } from "../../../src/reader/model";
import { contrast, parseHex } from "../../../src/reader/layout/theme/color";
import { throughAssets } from "../../helpers/http";
import { readerPageProps, renderHtml } from "../../helpers/reader-fixtures";

/** Bytes of `text` gzipped (what a browser downloads from a CDN that compresses). */
async function gzippedBytes(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

const codeThemeFile = (name: string) => `${READER_ASSETS.codeThemes!.path}/${name}.css`;

const fetchAsset = async (path: string) => {
  const response = await throughAssets(path);
  return { response, text: await response.text() };
};

describe("the reader's static assets", () => {
  it("are named by a content hash and served by Workers static assets, cacheable for a year", async () => {
    expect(READER_ASSETS.stylesheet).toMatch(/^\/assets\/reader\/[0-9a-f]{12}\/reader\.css$/);
    expect(READER_ASSETS.script).toBe(READER_ASSETS.stylesheet.replace("reader.css", "reader.js"));
    expect(READER_ASSETS.stylesheet).toContain(`/${READER_ASSETS.version}/`);
    for (const [path, type] of [
      [READER_ASSETS.stylesheet, /^text\/css/],
      [READER_ASSETS.script, /^text\/javascript/],
    ] as const) {
      const { response } = await fetchAsset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(type);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
    }
    // An older version's file is gone: the Worker's 404, not one cached for a year.
    const stale = await throughAssets("/assets/reader/000000000000/reader.css");
    expect(stale.status).toBe(404);
    expect(stale.headers.get("cache-control")).toBeNull();
  });

  it("stay within the budget: the islands under 30 KB gzipped, the stylesheet a fraction of the 60 KB for HTML and CSS", async () => {
    const script = await gzippedBytes((await fetchAsset(READER_ASSETS.script)).text);
    const stylesheet = await gzippedBytes((await fetchAsset(READER_ASSETS.stylesheet)).text);
    const theme = await gzippedBytes(themeStyle({}));
    // A site with a code theme in each mode also loads their two stylesheets.
    const codeThemes = (await gzippedBytes((await fetchAsset(codeThemeFile("dracula"))).text)) + (await gzippedBytes((await fetchAsset(codeThemeFile("github-light"))).text));
    expect(script).toBeLessThan(30 * 1024);
    expect(stylesheet + theme + codeThemes).toBeLessThan(15 * 1024);
  });

  it("include a stylesheet for every shiki theme GitBook's customization names, each a small file", async () => {
    const names = (gitbookSpec.components.schemas.CustomizationCodeTheme as { enum: string[] }).enum.filter((name) => !/^(default|monochrome)-/.test(name));
    expect(names.length).toBeGreaterThan(50);
    expect(READER_ASSETS.codeThemes?.names).toEqual(expect.arrayContaining(names));
    for (const name of names) {
      const { response, text } = await fetchAsset(codeThemeFile(name));
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
      expect(await gzippedBytes(text), name).toBeLessThan(1024);
      // Every role and mode, each setting the block's colours and every token kind code.css reads.
      for (const selector of [`:root[data-theme="light"][data-code-light="${name}"]`, `:root[data-theme="dark"][data-openapi-dark="${name}"] .doc-openapi`, `:root:not([data-theme])[data-code-dark="${name}"]`]) expect(text, name).toContain(selector);
      expect(text.match(/--hl-keyword:#[0-9a-f]{3,8};/gi), name).toHaveLength(4);
      expect(text.match(/--code-bg:#[0-9a-f]{3,8};/gi), name).toHaveLength(4);
    }
  });

  it("derive a code theme's colours from its TextMate definition (Dracula's pink keywords, green functions, grey-blue comments on its background)", async () => {
    const { text } = await fetchAsset(codeThemeFile("dracula"));
    const rule = /\[data-code-light="dracula"\][^{]*\{([^}]*)\}/.exec(text)![1]!;
    const colours = Object.fromEntries(rule.split(";").map((declaration) => declaration.split(":") as [string, string]));
    expect(colours).toMatchObject({ "--code-bg": "#282A36", "--code-fg": "#F8F8F2", "--hl-keyword": "#FF79C6", "--hl-title": "#50FA7B", "--hl-comment": "#6272A4", "--hl-string": "#F1FA8C", "--hl-number": "#BD93F9", "--code-scheme": "dark" });
  });

  it("keep a long page (5,000 words, a 300-page sidebar) and the stylesheet under 60 KB gzipped", async () => {
    // Words drawn from a vocabulary of 2,000 made-up ones: text that compresses like prose, not like a repeated sentence.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const vocabulary = Array.from({ length: 2000 }, () => Array.from({ length: 3 + Math.floor(random() * 7) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(""));
    const words = (count: number) => Array.from({ length: count }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(" ");
    const body = Array.from({ length: 50 }, (_, index) => `<h2 id="section-${index}">${words(4)}</h2><p>${words(50)}</p><p>${words(50)}</p>`).join("");
    const tree: ReaderTreeItem[] = Array.from({ length: 10 }, (_, group) => ({
      kind: "group",
      id: `g${group}`,
      title: words(2),
      children: Array.from({ length: 30 }, (_, index) => ({ kind: "page", id: `p${group}-${index}`, title: words(3), href: `/sites/acme/${words(2).replace(/ /g, "-")}`, children: [] })),
    }));
    const outline = Array.from({ length: 50 }, (_, index) => ({ id: `section-${index}`, title: words(4), depth: 1 }));
    const html = await renderHtml(ReaderPage(readerPageProps({ tree, page: { body: raw(body) as HtmlEscapedString, outline } })));
    const stylesheet = (await fetchAsset(READER_ASSETS.stylesheet)).text;
    expect((await gzippedBytes(html)) + (await gzippedBytes(stylesheet))).toBeLessThan(60 * 1024);
  });

  it("has a minified ES module for a script: no import of another origin, nothing evaluated from strings", async () => {
    const { text } = await fetchAsset(READER_ASSETS.script);
    expect(text).not.toMatch(/\bimport\s*\(|from\s*"https?:|\beval\(|new Function\(|innerHTML\s*=/);
    expect(text.split("\n").length).toBeLessThan(5);
  });

  it("names only colours that pass AA in its fixed palettes (code and named content colours), on the default theme's surfaces", async () => {
    const { text } = await fetchAsset(READER_ASSETS.stylesheet);
    const blocks = {
      light: /:root,\.doc-openapi\{(--hl-keyword[^}]*)\}/.exec(text)?.[1] ?? "",
      dark: /:root\[data-theme=dark\],:root\[data-theme=dark\] \.doc-openapi\{(--hl-keyword[^}]*)\}/.exec(text)?.[1] ?? "",
      namedLight: /:root\{(--named-green[^}]*)\}/.exec(text)?.[1] ?? "",
      namedDark: /:root\[data-theme=dark\]\{(--named-green[^}]*)\}/.exec(text)?.[1] ?? "",
    };
    const theme = themeStyle({});
    const surface = (mode: "light" | "dark", name: string) => {
      const block = mode === "light" ? /^:root\{([^}]*)\}/.exec(theme)![1]! : /:root\[data-theme=dark\]\{([^}]*)\}/.exec(theme)![1]!;
      return parseHex(new RegExp(`--${name}:(#[0-9a-f]{6})`).exec(block)![1])!;
    };
    const colours = (block: string, filter: RegExp) => [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6})/g)].filter(([, name]) => filter.test(name!)).map(([, name, hex]) => [name!, parseHex(hex)!] as const);
    const failing: string[] = [];
    for (const mode of ["light", "dark"] as const) {
      const code = colours(blocks[mode], /^hl-(?!.*-bg$)/);
      const named = colours(mode === "light" ? blocks.namedLight : blocks.namedDark, /^named-(?!.*-bg$)/);
      expect(code.length, mode).toBe(7);
      expect(named.length, mode).toBe(10);
      for (const [name, colour] of code) if (contrast(colour, surface(mode, "bg-subtle")) < 4.5) failing.push(`${mode} ${name}`);
      for (const [name, colour] of named) if (contrast(colour, surface(mode, "bg")) < 4.5) failing.push(`${mode} ${name}`);
    }
    expect(failing).toEqual([]);
  });

  it("are named under a base for a site served under a path prefix", () => {
    expect(readerAssetUrls()).toEqual({ stylesheets: [READER_ASSETS.stylesheet], scripts: [READER_ASSETS.script] });
    expect(readerAssetUrls("https://docs.acme.test/help/").scripts).toEqual([`https://docs.acme.test/help${READER_ASSETS.script}`]);
  });

  it("add KaTeX's stylesheet, with only its WOFF2 fonts beside it, for a page with math", async () => {
    expect(READER_ASSETS.katexStylesheet).toBe(READER_ASSETS.stylesheet.replace("reader.css", "katex/katex.css"));
    expect(readerAssetUrls("", { math: true }).stylesheets).toEqual([READER_ASSETS.stylesheet, READER_ASSETS.katexStylesheet]);
    const { response, text } = await fetchAsset(READER_ASSETS.katexStylesheet!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const fonts = [...text.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
    expect(fonts.length).toBeGreaterThan(10);
    expect(fonts.every((font) => /^fonts\/KaTeX_[\w-]+\.woff2$/.test(font))).toBe(true);
    const font = await throughAssets(new URL(fonts[0]!, `https://x${READER_ASSETS.katexStylesheet}`).pathname);
    expect(font.status).toBe(200);
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe("readerContentSecurityPolicy", () => {
  it("allows scripts only with the response's nonce, styles from the site and the nonce, and nothing by default", () => {
    const policy = readerContentSecurityPolicy("abc123");
    const directives = Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1).join(" ")]));
    expect(directives["default-src"]).toBe("'none'");
    expect(directives["script-src"]).toBe("'nonce-abc123' 'strict-dynamic'");
    expect(directives["style-src"]).toBe("'self' 'nonce-abc123'");
    expect(directives["object-src"]).toBe("'none'");
    expect(directives["base-uri"]).toBe("'none'");
    expect(directives["connect-src"]).toBe("'self'");
    expect(directives["form-action"]).toBe("'self'");
    // Rich embeds' sandboxed frames are the reader's own route; nothing else may be framed.
    expect(directives["frame-src"]).toBe("'self'");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
