import type { Themed } from "../../model";
import { READER_ASSETS } from "../assets";

/**
 * The customization's `styling.codeTheme`: a theme name for code blocks in each mode, and one for
 * the OpenAPI blocks' examples. The names are GitBook's (shiki's themes, plus its own `default-*`
 * and `monochrome-*`).
 */
export interface CodeThemeSetting {
  default: Themed<string>;
  openapi: Themed<string>;
}

/** What a page's <html> and <head> carry for its code themes: the role attributes and the stylesheets they need. */
export interface CodeThemeAssets {
  attributes: Record<string, string>;
  stylesheets: string[];
}

/** The themes scripts/code-themes.mjs generated a stylesheet for (none when tm-themes was not installed). */
const GENERATED = new Set(READER_ASSETS.codeThemes?.names ?? []);

/**
 * A page links only its site's themes (at most four files, usually two; each about 0.6 KB
 * gzipped, cached for a year) and marks <html> with the role each fills, which the files' rules
 * select on (so the light theme shows in light mode, the dark one in dark mode, and the switch
 * needs no script). A name with no generated stylesheet (`default-*`, `monochrome-*`, or one this
 * build does not know) gets no attribute: the reader's own palette (code.css) shows.
 */
export function codeThemeAssets(setting: CodeThemeSetting, base = ""): CodeThemeAssets {
  const prefix = base.replace(/\/+$/, "");
  const roles = {
    "data-code-light": setting.default.light,
    "data-code-dark": setting.default.dark,
    "data-openapi-light": setting.openapi.light,
    "data-openapi-dark": setting.openapi.dark,
  };
  const attributes = Object.fromEntries(Object.entries(roles).filter(([, name]) => GENERATED.has(name)));
  const names = [...new Set(Object.values(attributes))];
  return { attributes, stylesheets: names.map((name) => `${prefix}${READER_ASSETS.codeThemes!.path}/${name}.css`) };
}
