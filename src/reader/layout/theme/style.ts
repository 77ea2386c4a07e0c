import { LruMap } from "../../../lib/lru";
import { layoutSettings, type LayoutSettings } from "../settings";
import { fontStack } from "./fonts";
import { paletteVariables, type Mode } from "./palette";

/**
 * The site's theme as the CSS of one `<style nonce>` in the page's head: custom properties the
 * static stylesheet (src/reader/styles/) reads, for the light theme on `:root`, the dark one on
 * `[data-theme=dark]` (set by the server for a dark default, or by the head script from the
 * reader's choice) and, for readers whose system prefers dark and who have not chosen (no
 * `data-theme`: the `system` default, even with JavaScript off), under the media query.
 * Everything interpolated is a colour this module computed or a sanitized font name, so nothing a
 * customization holds can close the <style> element.
 */
export function themeStyle(customization: Record<string, unknown>): string {
  const settings = layoutSettings(customization);
  const key = JSON.stringify(settings);
  let style = styles.get(key);
  if (style === undefined) styles.set(key, (style = styleOf(settings)));
  return style;
}

/**
 * The palettes are colour arithmetic (OKLCH conversions, contrast searches): a few percent of a
 * page's rendering (docs/performance.md, "Reader"), the same for every page of a site. So the CSS
 * is kept per settings, for the sites this isolate serves.
 */
const styles = new LruMap<string, string>(64);

function styleOf(settings: LayoutSettings): string {
  const light = declarations(paletteVariables(settings, "light"));
  const dark = declarations(paletteVariables(settings, "dark"));
  return (
    `:root{${declarations(shapeVariables(settings))};${light}}` +
    `:root[data-theme=dark]{${dark}}` +
    `@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark}}}`
  );
}

/** `{bg: "#fff"}` → `--bg:#fff` (`color-scheme` stays a property: it is what the browser reads for form controls and scrollbars). */
function declarations(variables: Record<string, string>): string {
  return Object.entries(variables)
    .map(([name, value]) => (name === "color-scheme" ? `color-scheme:${value as Mode}` : `--${name}:${value}`))
    .join(";");
}

const RADII: Record<LayoutSettings["corners"], { radius: string; small: string; control: string }> = {
  straight: { radius: "0", small: "0", control: "0" },
  rounded: { radius: "0.5rem", small: "0.25rem", control: "0.5rem" },
  circular: { radius: "1rem", small: "0.5rem", control: "999px" },
};

/** Fonts, corners, depth and link style: the same in both themes. */
function shapeVariables(settings: LayoutSettings): Record<string, string> {
  const body = fontStack(settings.font, "sans");
  const corners = RADII[settings.corners];
  return {
    "font-body": body,
    "font-heading": settings.headingFont ? fontStack(settings.headingFont, "sans") : body,
    "font-mono": fontStack(settings.monospaceFont, "mono"),
    radius: corners.radius,
    "radius-sm": corners.small,
    "radius-control": corners.control,
    shadow: settings.depth === "flat" ? "none" : "0 1px 2px rgb(0 0 0 / 6%),0 4px 16px rgb(0 0 0 / 8%)",
    // Links in text stay underlined either way (colour alone must not tell them from text):
    // `default` keeps the text's colour with a primary underline, `accent` colours the link.
    "link-color": settings.links === "accent" ? "var(--primary-text)" : "var(--text)",
  };
}
