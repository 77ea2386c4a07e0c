import { LruMap } from "../../lib/lru";
import { isIconDrawing } from "../document/icon-drawing";
import { READER_ASSETS } from "../layout/assets";
import type { ReaderIcon, ReaderSectionEntry, ReaderTreeItem } from "../model";

/**
 * GitBook's section, section group and page icons are Font Awesome names ("rocket", "book-open",
 * "github"). Font Awesome Free's SVGs are static assets (scripts/reader-assets.mjs copies them,
 * one file per icon and alias); a page reads the few it shows through the ASSETS binding before
 * it is rendered, and the layout inlines them: nothing in the Worker's bundle, no icon font, no
 * client script, no request from the browser. Free has three styles: the customization's
 * `styling.icons` picks solid or regular (GitBook's light, thin and duotone are Pro styles: the
 * nearest Free one), then the other, then brands. A name Free does not have draws nothing.
 */

/** Font Awesome names: lower-case words joined by dashes (anything else is no file to look up). */
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+){0,7}$/;

/** An icon file as the package ships it: an <svg> with a viewBox around its drawing (isIconDrawing says what may be in it). */
const SVG_FILE = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="([^"]*)">(.*)<\/svg>\s*$/s;

/** What an isolate has read (null: no such icon), by style and name: icons are immutable for a deploy. */
const known = new LruMap<string, ReaderIcon | null>(1_000);

/** The drawings of `names` (emoji and unknown names are left out), read in parallel. */
export async function loadIcons(assets: Fetcher | undefined, names: Iterable<string>, styling: unknown): Promise<Record<string, ReaderIcon>> {
  const base = READER_ASSETS.icons;
  if (!assets || !base) return {};
  const order = stylesFor(styling);
  const wanted = [...new Set(names)].filter((name) => ICON_NAME.test(name));
  const drawn = await Promise.all(wanted.map(async (name) => [name, await iconIn(assets, base, order, name)] as const));
  return Object.fromEntries(drawn.filter((entry): entry is readonly [string, ReaderIcon] => entry[1] !== null));
}

function stylesFor(styling: unknown): string[] {
  const style = (styling as { icons?: unknown } | undefined)?.icons;
  return style === "solid" || style === "duotone" ? ["solid", "regular", "brands"] : ["regular", "solid", "brands"];
}

async function iconIn(assets: Fetcher, base: string, styles: string[], name: string): Promise<ReaderIcon | null> {
  const key = `${styles[0]}:${name}`;
  const remembered = known.get(key);
  if (remembered !== undefined) return remembered;
  let icon: ReaderIcon | null = null;
  for (const style of styles) {
    icon = await readIcon(assets, `${base}/${style}/${name}.svg`);
    if (icon) break;
  }
  known.set(key, icon);
  return icon;
}

async function readIcon(assets: Fetcher, path: string): Promise<ReaderIcon | null> {
  // The binding serves by path; the host is not looked at.
  const response = await assets.fetch(new Request(`https://assets.invalid${path}`));
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  // Only the exact shape the package ships is inlined: it cannot carry anything but paths.
  const match = SVG_FILE.exec(await response.text());
  const drawing = match ? { viewBox: match[1]!, markup: match[2]! } : null;
  return drawing && isIconDrawing(drawing) ? drawing : null;
}

/** The icon names sections, section groups and the tree's pages show (emoji and names alike: loadIcons keeps the names). */
export function iconNamesOf(sections: readonly ReaderSectionEntry[], tree: readonly ReaderTreeItem[]): string[] {
  const names: string[] = [];
  const inSections = (entries: readonly ReaderSectionEntry[]): void => {
    for (const entry of entries) {
      if (entry.icon) names.push(entry.icon);
      if (entry.kind === "group") inSections(entry.children);
    }
  };
  const inTree = (items: readonly ReaderTreeItem[]): void => {
    for (const item of items) {
      if (item.icon) names.push(item.icon);
      inTree(item.children);
    }
  };
  inSections(sections);
  inTree(tree);
  return names;
}
