// The code themes a site's customization can choose (GitBook's `styling.codeTheme`, shiki's theme
// names), as small stylesheets of custom properties that src/reader/styles/code.css reads: one per
// theme, derived from the theme's real definition in the pinned `tm-themes` package (shiki's
// TextMate themes) by mapping TextMate scopes to the highlight.js classes the reader's server-side
// highlighter emits. scripts/reader-assets.mjs writes them beside the reader's stylesheet.
//
// Each file serves every role a theme can have on a page: the code blocks' light or dark palette
// (`<html data-code-light=NAME>`, `data-code-dark`) and the OpenAPI blocks' (`data-openapi-light`,
// `data-openapi-dark`, scoped to `.doc-openapi`), in the mode the page is in: the explicit
// `data-theme` the server or the head script set, or the system's preference when there is none
// (the same three states as the site's palette, src/reader/layout/theme/style.ts). Its selectors
// are more specific than code.css's default palette, so a page links only the themes it uses and
// the default applies to the rest. GitBook's `default-*` and `monochrome-*` are no shiki themes:
// they keep the reader's own palette (code.css), and have no file.
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * highlight.js's token kinds (as code.css's custom properties) and the TextMate scopes a shiki
 * grammar gives the same tokens, most telling first; a kind none of whose scopes the theme colours
 * takes another kind's colour (`fallback`), and in the end the theme's foreground.
 */
const KINDS = [
  { name: "comment", scopes: ["comment.line.double-slash", "comment.block", "comment"] },
  { name: "keyword", scopes: ["keyword.control.flow", "keyword.control", "keyword", "storage.type", "storage"] },
  { name: "operator", scopes: ["keyword.operator.assignment", "keyword.operator"], fallback: "keyword" },
  { name: "string", scopes: ["string.quoted.double", "string.quoted", "string"] },
  { name: "regexp", scopes: ["string.regexp"], fallback: "string" },
  { name: "number", scopes: ["constant.numeric.decimal", "constant.numeric", "constant"] },
  { name: "literal", scopes: ["constant.language.boolean", "constant.language", "constant"], fallback: "number" },
  { name: "title", scopes: ["entity.name.function", "support.function", "entity.name"] },
  { name: "class", scopes: ["entity.name.type.class", "entity.name.class", "entity.name.type", "support.class"], fallback: "title" },
  { name: "type", scopes: ["support.type.primitive", "entity.name.type", "support.type", "storage.type"], fallback: "keyword" },
  { name: "attr", scopes: ["support.type.property-name.json", "support.type.property-name", "entity.other.attribute-name"] },
  { name: "built-in", scopes: ["support.function.builtin", "support.function", "support.class", "support"], fallback: "title" },
  { name: "variable", scopes: ["variable.other.readwrite", "variable.other", "variable"] },
  { name: "variable-language", scopes: ["variable.language.this", "variable.language"], fallback: "keyword" },
  { name: "meta", scopes: ["meta.preprocessor", "keyword.control.directive", "keyword.other.import"], fallback: "keyword" },
  { name: "tag", scopes: ["entity.name.tag"], fallback: "keyword" },
  { name: "selector", scopes: ["entity.other.attribute-name.class.css", "entity.other.attribute-name.class", "entity.other.attribute-name.id", "entity.other.attribute-name"], fallback: "attr" },
  { name: "pseudo", scopes: ["entity.other.attribute-name.pseudo-class.css", "entity.other.attribute-name.pseudo-class"], fallback: "selector" },
  { name: "symbol", scopes: ["constant.other.symbol", "constant.other", "constant.character"], fallback: "literal" },
  { name: "bullet", scopes: ["markup.list", "punctuation.definition.list.begin.markdown", "punctuation.definition.list"], fallback: "keyword" },
  { name: "section", scopes: ["markup.heading", "entity.name.section"], fallback: "title" },
  { name: "quote", scopes: ["markup.quote"], fallback: "comment" },
  { name: "code", scopes: ["markup.inline.raw", "markup.raw"], fallback: "string" },
  { name: "addition", scopes: ["markup.inserted"], fallback: "string" },
  { name: "deletion", scopes: ["markup.deleted"], fallback: "keyword" },
];

/** VS Code's colours for a theme that names no foreground or background (as shiki falls back). */
const EDITOR_FALLBACK = { light: { fg: "#333333", bg: "#fffffe" }, dark: { fg: "#bbbbbb", bg: "#1e1e1e" } };
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** How much of an added or removed line's colour tints its background, over the theme's background. */
const DIFF_TINT = 0.16;

/** The theme's colouring rules: one per simple selector (`keyword.control`), in the theme's order. */
function rulesOf(theme) {
  const rules = [];
  for (const entry of theme.tokenColors ?? theme.settings ?? []) {
    const foreground = entry.settings?.foreground;
    if (entry.scope === undefined || typeof foreground !== "string" || !HEX.test(foreground)) continue;
    const selectors = Array.isArray(entry.scope) ? entry.scope : String(entry.scope).split(",");
    // Selectors that need an ancestor (`meta.tag string`) or exclude one (`- comment`) are for one
    // context of one language; a highlight.js class has no context, so only plain ones count.
    for (const selector of selectors.map((text) => text.trim())) if (/^[\w.+-]+$/.test(selector)) rules.push({ selector, foreground });
  }
  return rules;
}

/** The colour TextMate gives `scope`: the rule whose selector is its longest prefix (by dotted parts), the theme's later rule on a tie. */
function colourOf(rules, scope) {
  let best;
  for (const rule of rules) {
    if (scope !== rule.selector && !scope.startsWith(`${rule.selector}.`)) continue;
    const depth = rule.selector.split(".").length;
    if (!best || depth >= best.depth) best = { depth, foreground: rule.foreground };
  }
  return best?.foreground;
}

const channels = (hex) => {
  const digits = hex.slice(1);
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join("") : digits;
  return [0, 2, 4, 6].map((start) => (start < full.length ? parseInt(full.slice(start, start + 2), 16) : 255));
};

/** `colour` laid over `background` at `amount` of its own opacity, as an opaque hex. */
function tint(colour, background, amount) {
  const [r, g, b, a] = channels(colour);
  const under = channels(background);
  const weight = amount * (a / 255);
  return `#${[r, g, b].map((value, index) => Math.round(value * weight + under[index] * (1 - weight)).toString(16).padStart(2, "0")).join("")}`;
}

/** A theme's palette: code.css's custom property names (without `--`) and their colours. */
export function paletteOf(theme) {
  const mode = theme.type === "light" ? "light" : "dark";
  const rules = rulesOf(theme);
  const global = (theme.tokenColors ?? theme.settings ?? []).find((entry) => entry.scope === undefined && !entry.name)?.settings ?? {};
  const pickHex = (...values) => values.find((value) => typeof value === "string" && HEX.test(value));
  const fg = pickHex(global.foreground, theme.colors?.["editor.foreground"]) ?? EDITOR_FALLBACK[mode].fg;
  const bg = pickHex(global.background, theme.colors?.["editor.background"]) ?? EDITOR_FALLBACK[mode].bg;
  const kinds = {};
  for (const kind of KINDS) {
    const own = kind.scopes.map((scope) => colourOf(rules, scope)).find(Boolean);
    kinds[kind.name] = own ?? (kind.fallback ? kinds[kind.fallback] : undefined) ?? fg;
  }
  const lineHighlight = pickHex(theme.colors?.["editor.lineHighlightBackground"]);
  return {
    "code-bg": bg,
    "code-fg": fg,
    "code-line-number": pickHex(theme.colors?.["editorLineNumber.foreground"]) ?? kinds.comment,
    "code-line-highlight": lineHighlight && channels(lineHighlight)[3] > 8 ? lineHighlight : tint(fg, bg, 0.1),
    "code-scheme": mode,
    ...Object.fromEntries(Object.entries(kinds).map(([name, colour]) => [`hl-${name}`, colour])),
    "hl-addition-bg": tint(kinds.addition, bg, DIFF_TINT),
    "hl-deletion-bg": tint(kinds.deletion, bg, DIFF_TINT),
  };
}

/** The rules that give `name`'s palette to every role it can have on a page (see the top of this file). */
export function themeStylesheet(name, palette, notice) {
  const body = `{${Object.entries(palette)
    .map(([property, value]) => `--${property}:${value}`)
    .join(";")}}`;
  const roles = (mode, root) => `${root}[data-code-${mode}="${name}"],${root}[data-openapi-${mode}="${name}"] .doc-openapi${body}`;
  return (
    `/* ${notice} */\n` +
    roles("light", ':root[data-theme="light"]') +
    `@media (prefers-color-scheme:light){${roles("light", ":root:not([data-theme])")}}` +
    roles("dark", ':root[data-theme="dark"]') +
    `@media (prefers-color-scheme:dark){${roles("dark", ":root:not([data-theme])")}}\n`
  );
}

/**
 * Every theme of the installed tm-themes as `{ name: css }`, or undefined when the package is not
 * installed (a production install without devDependencies: then every site shows the default).
 * Each file names the theme, its licence and its source, as tm-themes' index records them.
 */
export async function buildCodeThemes(root) {
  const directory = `${root}node_modules/tm-themes`;
  if (!existsSync(`${directory}/index.js`)) return undefined;
  const { version } = JSON.parse(readFileSync(`${directory}/package.json`, "utf8"));
  const { themes } = await import(pathToFileURL(`${directory}/index.js`).href);
  const stylesheets = {};
  for (const info of [...themes].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!/^[a-z0-9-]+$/.test(info.name) || !existsSync(`${directory}/themes/${info.name}.json`)) continue;
    const theme = JSON.parse(readFileSync(`${directory}/themes/${info.name}.json`, "utf8"));
    const notice = `${info.displayName} (${info.license ?? "licence unstated"}, ${info.source}), through tm-themes ${version}`.replace(/\*\//g, "");
    stylesheets[info.name] = themeStylesheet(info.name, paletteOf(theme), notice);
  }
  return stylesheets;
}
