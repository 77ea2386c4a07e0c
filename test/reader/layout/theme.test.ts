import { describe, expect, it } from "vitest";
import { overlaySettings, DEFAULT_CUSTOMIZATION } from "../../../src/domain/sites/customization-settings";
import { ReaderPage, themeStyle } from "../../../src/reader/layout";
import { contrast, parseHex } from "../../../src/reader/layout/theme/color";
import { readerPageProps, renderDocument } from "../../helpers/reader-fixtures";

/** The custom properties of each block of a theme style: light (:root), dark, and dark under the media query. */
function themeBlocks(css: string): { light: Record<string, string>; dark: Record<string, string>; media: Record<string, string> } {
  const block = (pattern: RegExp) => {
    const body = pattern.exec(css)?.[1] ?? "";
    return Object.fromEntries(body.split(";").flatMap((declaration) => (declaration.startsWith("--") ? [declaration.slice(2).split(/:(.*)/s).slice(0, 2) as [string, string]] : [])));
  };
  return {
    light: block(/^:root\{([^}]*)\}/),
    dark: block(/:root\[data-theme=dark\]\{([^}]*)\}/),
    media: block(/@media \(prefers-color-scheme:dark\)\{:root:not\(\[data-theme\]\)\{([^}]*)\}\}/),
  };
}

const CUSTOMIZATIONS: Record<string, Record<string, unknown>> = {
  default: {},
  "a light yellow primary and the bold theme": { styling: { theme: "bold", primaryColor: { light: "#FFE600", dark: "#FFE600" } } },
  "a near-black primary": { styling: { primaryColor: { light: "#111111", dark: "#111111" } } },
  "a white primary": { styling: { primaryColor: { light: "#FFFFFF", dark: "#FFFFFF" } } },
  "a tint and light semantic colours": {
    styling: { tint: { color: { light: "#7C3AED", dark: "#7C3AED" } }, infoColor: { light: "#9EE7FF", dark: "#9EE7FF" }, warningColor: { light: "#FFF200", dark: "#FFF200" } },
  },
  "the muted theme with a red primary": { styling: { theme: "muted", primaryColor: { light: "#E11D48", dark: "#FB7185" } } },
  "a custom header whose link colour does not read on it": {
    header: { preset: "custom", links: [], backgroundColor: { light: "#FF6600", dark: "#112233" }, linkColor: { light: "#FFFFFF", dark: "#0A1020" } },
  },
  "the contrast header": { header: { preset: "contrast", links: [] } },
};

/** Every pair of colours the stylesheet puts text (4.5:1) or meaningful UI (3:1) on. */
function failingPairs(variables: Record<string, string>): string[] {
  const color = (name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`--${name} is missing`);
    // `var(--x)`: the header takes the page's colours unless customized.
    const reference = /^var\(--([\w-]+)\)$/.exec(value)?.[1];
    return parseHex(reference ? variables[reference] : value)!;
  };
  const surfaces = ["bg", "bg-subtle", "bg-muted", "info-soft", "success-soft", "warning-soft", "danger-soft"];
  const pairs: Array<[string, string, number]> = [
    ...surfaces.map((surface): [string, string, number] => ["text", surface, 4.5]),
    ...surfaces.map((surface): [string, string, number] => ["text-muted", surface, 4.5]),
    ...[...surfaces, "primary-soft"].map((surface): [string, string, number] => ["primary-text", surface, 4.5]),
    ["text", "primary-soft", 4.5],
    ["on-primary", "primary-solid", 4.5],
    ["header-text", "header-bg", 4.5],
    ["header-text", "header-control", 4.5],
    ["mark-text", "mark-bg", 4.5],
    ["focus", "bg", 3],
    ["border-strong", "bg", 3],
    ...["info", "success", "warning", "danger"].flatMap((kind): Array<[string, string, number]> => [
      [`${kind}-text`, `${kind}-soft`, 4.5],
      [`${kind}-text`, "bg", 4.5],
      [`${kind}-accent`, `${kind}-soft`, 3],
    ]),
  ];
  return pairs.filter(([foreground, background, ratio]) => contrast(color(foreground), color(background)) < ratio).map(([foreground, background, ratio]) => `${foreground} on ${background}: ${contrast(color(foreground), color(background)).toFixed(2)} < ${ratio}`);
}

describe("themeStyle: colours", () => {
  for (const [name, customization] of Object.entries(CUSTOMIZATIONS)) {
    it(`passes WCAG AA for every pair the stylesheet uses, in both themes: ${name}`, () => {
      const { light, dark, media } = themeBlocks(themeStyle(overlaySettings(DEFAULT_CUSTOMIZATION, customization)));
      expect(failingPairs(light)).toEqual([]);
      expect(failingPairs(dark)).toEqual([]);
      // Readers whose system prefers dark and who chose nothing get the same dark theme.
      expect(media).toEqual(dark);
    });
  }

  it("keeps the brand colour as given where it is decoration, and darkens it only where it is text", () => {
    const { light } = themeBlocks(themeStyle({ styling: { primaryColor: { light: "#FFE600", dark: "#FFE600" } } }));
    expect(light.primary).toBe("#ffe600");
    expect(contrast(parseHex(light["primary-text"])!, parseHex(light.bg)!)).toBeGreaterThanOrEqual(4.5);
    // Yellow reads with dark text, so the fill stays yellow and its text is dark.
    expect(light["primary-solid"]).toBe("#ffe600");
    expect(contrast(parseHex(light["on-primary"])!, [0, 0, 0])).toBeLessThan(2);
  });

  it("leaves a readable primary colour untouched", () => {
    const { light } = themeBlocks(themeStyle({ styling: { primaryColor: { light: "#1D4ED8", dark: "#60A5FA" } } }));
    expect([light.primary, light["primary-text"], light["primary-solid"]]).toEqual(["#1d4ed8", "#1d4ed8", "#1d4ed8"]);
  });

  it("tints the neutrals with the tint colour, and leaves them grey without one", () => {
    const plain = themeBlocks(themeStyle({})).light;
    const tinted = themeBlocks(themeStyle({ styling: { tint: { color: { light: "#7C3AED", dark: "#7C3AED" } } } })).light;
    const grey = (hex: string) => new Set(hex.slice(1).match(/../g)).size === 1;
    expect(grey(plain["bg-muted"]!)).toBe(true);
    expect(grey(tinted["bg-muted"]!)).toBe(false);
    const [r, g, b] = parseHex(tinted["bg-muted"]!)!;
    expect(b).toBeGreaterThan(g);
    expect(r).toBeGreaterThan(g);
  });

  it("falls back to the defaults for values of the wrong shape", () => {
    const broken = themeStyle({ styling: { primaryColor: { light: "red", dark: 12 }, corners: "wavy", font: 42 }, themes: "dark" });
    expect(broken).toBe(themeStyle({}));
  });
});

describe("themeStyle: fonts, corners, links", () => {
  it("names GitBook's fonts with a system fallback of the same kind, and fetches none", () => {
    const serif = themeStyle({ styling: { font: "RobotoSlab", monospaceFont: "JetBrainsMono", headingFont: "Poppins" } });
    expect(serif).toMatch(/--font-body:"Roboto Slab",ui-serif,/);
    expect(serif).toMatch(/--font-heading:"Poppins",ui-sans-serif,/);
    expect(serif).toMatch(/--font-mono:"JetBrains Mono",ui-monospace,/);
    expect(serif).not.toMatch(/url\(|@import|@font-face/);
  });

  it("keeps only a plain family name of a custom font: nothing can close the style element", () => {
    const css = themeStyle({ styling: { font: { id: "x", custom: true, fontFamily: 'Brand"}</style><script>alert(1)</script>', fontFaces: [{ url: "https://fonts.test/a.woff2", weight: 400 }] } } });
    expect(css).toMatch(/--font-body:"Brandstylescriptalert1script",ui-sans-serif/);
    expect(css).not.toMatch(/[<>]/);
    expect(css).not.toContain("fonts.test");
  });

  it("turns the corner style into radii", () => {
    expect(themeStyle({ styling: { corners: "straight" } })).toContain("--radius:0;--radius-sm:0;--radius-control:0");
    expect(themeStyle({ styling: { corners: "circular" } })).toContain("--radius-control:999px");
  });

  it("colours links in text with the primary colour only for the accent link style", () => {
    expect(themeStyle({ styling: { links: "accent" } })).toContain("--link-color:var(--primary-text)");
    expect(themeStyle({})).toContain("--link-color:var(--text)");
  });
});

describe("the theme on the page", () => {
  const render = (themes: Record<string, unknown>) => renderDocument(ReaderPage(readerPageProps({ site: { customization: { themes } } })));

  it("puts a light or dark default on <html> for the first paint, and leaves system to the media query", async () => {
    expect((await render({ default: "dark", toggeable: true })).document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect((await render({ default: "light", toggeable: true })).document.documentElement.getAttribute("data-theme")).toBe("light");
    expect((await render({ default: "system", toggeable: true })).document.documentElement.hasAttribute("data-theme")).toBe(false);
  });

  it("runs the reader's stored choice before paint, and shows the toggle, only when the theme is toggleable", async () => {
    const toggleable = (await render({ default: "system", toggeable: true })).document;
    const script = toggleable.querySelector("head script:not([src])")!;
    expect(script.textContent).toContain('localStorage.getItem("reader-theme")');
    // Blocking: before the stylesheets, not a module, not deferred.
    expect(script.compareDocumentPosition(toggleable.querySelector("link[rel=stylesheet]")!) & 4).toBe(4);
    expect(script.hasAttribute("type") || script.hasAttribute("defer") || script.hasAttribute("async")).toBe(false);
    const toggle = toggleable.querySelector("button[data-theme-toggle]")!;
    expect(toggle.hasAttribute("hidden")).toBe(true);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    const fixed = (await render({ default: "dark", toggeable: false })).document;
    expect(fixed.querySelector("head script:not([src])")).toBeNull();
    expect(fixed.querySelector("[data-theme-toggle]")).toBeNull();
  });

  it("puts the site's theme style in the head", async () => {
    const { document } = await renderDocument(ReaderPage(readerPageProps({ site: { customization: { styling: { primaryColor: { light: "#1D4ED8", dark: "#60A5FA" } } } } })));
    const style = document.querySelector("head style")!.textContent!;
    expect(style).toBe(themeStyle({ styling: { primaryColor: { light: "#1D4ED8", dark: "#60A5FA" } } }));
    expect(style).toContain("--primary:#1d4ed8");
    expect(style).toContain("--primary:#60a5fa");
  });
});
