// Builds the published-site reader's static assets: the stylesheet (src/reader/styles/reader.css
// and its imports) and the islands' one script (src/reader/islands/reader.ts), bundled and
// minified by esbuild, plus KaTeX's stylesheet and fonts (copied from the pinned package, when it
// is installed) for pages with math. They go to public/assets/reader/<hash>/, where <hash> is of
// their content, so every change is a new URL and browsers may cache each one for a year
// (public/_headers); older folders are removed. src/reader/layout/assets.generated.ts names them
// for the server. Both are derived, not committed (public/assets/ and the generated file are
// ignored), like Scalar's bundle (scripts/scalar-assets.mjs).
//
// Run by `postinstall`, `npm run typecheck`, `npm run dev`, `npm run deploy` and the Vitest
// config. Idempotent: files already there are left alone, and the generated module is rewritten
// only when it changes (so wrangler dev does not reload for nothing).
// `node scripts/reader-assets.mjs --watch` rebuilds on every change of the sources.
//
// Also Font Awesome Free's icons (GitBook's section and page icons are Font Awesome names), one
// SVG file each, as the package ships them (with their licence comment), to
// public/assets/icons/fontawesome-free-<version>/<style>/<name>.svg: the Worker reads the few a
// page shows through its ASSETS binding and inlines them (src/reader/serve/icons.ts), so neither
// its bundle nor the client script carries the set.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const assetsDirectory = `${root}public/assets/reader`;
const iconsDirectory = `${root}public/assets/icons`;
const fontAwesomeDirectory = `${root}node_modules/@fortawesome/fontawesome-free`;
const ICON_STYLES = ["solid", "regular", "brands"];
const manifestPath = `${root}src/reader/layout/assets.generated.ts`;
const katexDirectory = `${root}node_modules/katex/dist`;
/** Browsers the output must work in (CSS nesting, newer syntax lowered for them). */
const TARGETS = ["chrome109", "edge109", "firefox115", "safari15.4"];

async function bundle(entry, options) {
  const result = await esbuild.build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    minify: true,
    write: false,
    legalComments: "none",
    target: TARGETS,
    logLevel: "silent",
    ...options,
  });
  return result.outputFiles[0].text;
}

/** KaTeX's stylesheet with only its WOFF2 fonts (every browser the reader targets has WOFF2), or undefined when katex is not installed. */
function katexFiles() {
  if (!existsSync(`${katexDirectory}/katex.min.css`)) return undefined;
  const css = readFileSync(`${katexDirectory}/katex.min.css`, "utf8").replace(/,\s*url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, "");
  const fonts = readdirSync(`${katexDirectory}/fonts`).filter((name) => name.endsWith(".woff2"));
  return { css, fonts };
}

/** Font Awesome Free's SVGs, copied once per version; the path they are served under, or undefined when the package is not installed. */
function copyIcons() {
  if (!existsSync(`${fontAwesomeDirectory}/svgs`)) return undefined;
  const { version } = JSON.parse(readFileSync(`${fontAwesomeDirectory}/package.json`, "utf8"));
  const folder = `fontawesome-free-${version}`;
  const directory = `${iconsDirectory}/${folder}`;
  if (!existsSync(`${directory}/complete`)) {
    for (const style of ICON_STYLES) {
      mkdirSync(`${directory}/${style}`, { recursive: true });
      for (const name of readdirSync(`${fontAwesomeDirectory}/svgs/${style}`)) copyFileSync(`${fontAwesomeDirectory}/svgs/${style}/${name}`, `${directory}/${style}/${name}`);
    }
    // Written last: its presence says the folder is complete.
    writeFileSync(`${directory}/complete`, "");
  }
  for (const entry of readdirSync(iconsDirectory)) {
    if (entry !== folder) rmSync(`${iconsDirectory}/${entry}`, { recursive: true, force: true });
  }
  return `/assets/icons/${folder}`;
}

export async function buildReaderAssets() {
  const [css, js] = await Promise.all([
    bundle("src/reader/styles/reader.css", { loader: { ".css": "css" } }),
    bundle("src/reader/islands/reader.ts", { format: "esm", tsconfig: `${root}src/reader/islands/tsconfig.json` }),
  ]);
  const katex = katexFiles();
  const hash = createHash("sha256").update(css).update("\0").update(js).update("\0").update(katex?.css ?? "").digest("hex").slice(0, 12);
  const directory = `${assetsDirectory}/${hash}`;
  if (!existsSync(`${directory}/reader.js`)) {
    mkdirSync(directory, { recursive: true });
    writeFileSync(`${directory}/reader.css`, css);
    if (katex) {
      mkdirSync(`${directory}/katex/fonts`, { recursive: true });
      writeFileSync(`${directory}/katex/katex.css`, katex.css);
      for (const font of katex.fonts) writeFileSync(`${directory}/katex/fonts/${font}`, readFileSync(`${katexDirectory}/fonts/${font}`));
    }
    // Written last: its presence says the folder is complete.
    writeFileSync(`${directory}/reader.js`, js);
  }
  for (const entry of readdirSync(assetsDirectory)) {
    if (entry !== hash) rmSync(`${assetsDirectory}/${entry}`, { recursive: true, force: true });
  }
  const icons = copyIcons();
  const base = `/assets/reader/${hash}`;
  const manifest = {
    version: hash,
    stylesheet: `${base}/reader.css`,
    script: `${base}/reader.js`,
    ...(katex ? { katexStylesheet: `${base}/katex/katex.css` } : {}),
    ...(icons ? { icons } : {}),
  };
  const module =
    "// Generated by scripts/reader-assets.mjs from src/reader/styles and src/reader/islands: do not edit.\n" +
    `export const READER_ASSET_MANIFEST: { version: string; stylesheet: string; script: string; katexStylesheet?: string; icons?: string } = ${JSON.stringify(manifest, null, 2)};\n`;
  if (!existsSync(manifestPath) || readFileSync(manifestPath, "utf8") !== module) writeFileSync(manifestPath, module);
  return { hash, css, js };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildReaderAssets();
  if (process.argv.includes("--watch")) {
    let timer;
    const rebuild = () => {
      clearTimeout(timer);
      timer = setTimeout(() => buildReaderAssets().then(({ hash }) => console.log(`Reader assets rebuilt: ${hash}`), (error) => console.error(error.message)), 100);
    };
    for (const folder of ["src/reader/styles", "src/reader/islands", "src/reader/highlight.ts"]) watch(`${root}${folder}`, { recursive: true }, rebuild);
    console.log("Watching the reader's styles and islands.");
  }
}
