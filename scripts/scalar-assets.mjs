// Puts the API reference page's one script where Workers static assets serve it: Scalar's
// standalone bundle, copied from the pinned @scalar/api-reference package (node_modules) to
// public/assets/scalar/<version>/standalone.js, so /v1/reference loads nothing from another origin.
//
// The file is derived, not committed (public/assets/ is ignored): the lockfile's integrity hash
// already vouches for it, and an upgrade is one version bump, not 4 MB more in the history. Run by
// `postinstall`, and again by everything that serves the assets (`npm run dev`, `npm run deploy`,
// the Vitest config), so an install made with --ignore-scripts still works. Idempotent and quick:
// nothing is copied when the file is already there; other versions' folders are removed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const packageDirectory = `${root}node_modules/@scalar/api-reference`;
const assetsDirectory = `${root}public/assets/scalar`;

const { version } = JSON.parse(readFileSync(`${packageDirectory}/package.json`, "utf8"));
const source = `${packageDirectory}/dist/browser/standalone.js`;
const target = `${assetsDirectory}/${version}/standalone.js`;

if (!existsSync(target) || statSync(target).size !== statSync(source).size) {
  mkdirSync(`${assetsDirectory}/${version}`, { recursive: true });
  copyFileSync(source, target);
  console.log(`Copied Scalar ${version}'s standalone bundle to public/assets/scalar/${version}/standalone.js.`);
}
for (const entry of readdirSync(assetsDirectory)) {
  if (entry !== version) rmSync(`${assetsDirectory}/${entry}`, { recursive: true, force: true });
}
