import { READER_ASSET_MANIFEST } from "./assets.generated";

/**
 * The versioned URLs of the reader's stylesheet and island bundle. scripts/reader-assets.mjs
 * builds them (esbuild, minified) into public/assets/reader/<content hash>/, served by Workers
 * static assets with a year-long immutable cache (public/_headers), and writes
 * assets.generated.ts (not in Git, like the files) with their paths; it runs on install, and
 * before typecheck, tests, dev and deploy. The version changes whenever a byte of either changes:
 * a cache of rendered HTML must include it in its key, or a page cached before a deploy would
 * name files that are gone.
 */
export const READER_ASSETS = READER_ASSET_MANIFEST;

/**
 * The stylesheet and script URLs a page's head needs, under `base` (the origin or path prefix the
 * site is served from when it is not the Worker's own root, e.g. behind a proxy at a sub-path;
 * empty for the Worker's origin). A page with math (the document's references say so) also gets
 * KaTeX's stylesheet, which loads its fonts from beside it.
 */
export function readerAssetUrls(base = "", options: { math?: boolean } = {}): { stylesheets: string[]; scripts: string[] } {
  const prefix = base.replace(/\/+$/, "");
  const katex = options.math && READER_ASSETS.katexStylesheet ? [`${prefix}${READER_ASSETS.katexStylesheet}`] : [];
  return { stylesheets: [`${prefix}${READER_ASSETS.stylesheet}`, ...katex], scripts: [`${prefix}${READER_ASSETS.script}`] };
}
