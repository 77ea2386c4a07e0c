// Puts what KaTeX's math needs in the reader's pages where Workers static assets serve it: its
// stylesheet and fonts, copied from the pinned katex package (node_modules) to
// public/assets/reader/katex/<version>/ (katex.min.css, fonts/), so a page with math loads nothing
// from another origin. src/reader/document/katex-assets.ts names the stylesheet's path; the two
// agree on the version through a test (test/reader/document/katex-assets.test.ts).
//
// Derived, not committed (public/assets/ is ignored), like Scalar's bundle (scalar-assets.mjs), and
// run from the same places: `postinstall`, `npm run dev`, `npm run deploy` and the Vitest config.
// Idempotent and quick: files already there with the same size are not copied again; other
// versions' folders are removed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const packageDirectory = `${root}node_modules/katex`;
const assetsDirectory = `${root}public/assets/reader/katex`;

const { version } = JSON.parse(readFileSync(`${packageDirectory}/package.json`, "utf8"));
const target = `${assetsDirectory}/${version}`;

const files = [
  ["dist/katex.min.css", "katex.min.css"],
  ...readdirSync(`${packageDirectory}/dist/fonts`).map((font) => [`dist/fonts/${font}`, `fonts/${font}`]),
];
let copied = 0;
mkdirSync(`${target}/fonts`, { recursive: true });
for (const [from, to] of files) {
  const source = `${packageDirectory}/${from}`;
  const destination = `${target}/${to}`;
  if (existsSync(destination) && statSync(destination).size === statSync(source).size) continue;
  copyFileSync(source, destination);
  copied += 1;
}
if (copied > 0) console.log(`Copied KaTeX ${version}'s stylesheet and fonts (${copied} files) to public/assets/reader/katex/${version}/.`);
for (const entry of readdirSync(assetsDirectory)) {
  if (entry !== version) rmSync(`${assetsDirectory}/${entry}`, { recursive: true, force: true });
}
