import type { Entry } from "../../../src/domain/revisions/entries";
import type { RepoFile } from "../../../src/domain/git-sync/format";

/** Repository trees for the format tests: path -> text (or bytes), as a Git checkout has them. */
export type Tree = Record<string, string | Uint8Array>;

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
export const OTHER_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9]);

export function repoFiles(tree: Tree): Map<string, RepoFile> {
  const encoder = new TextEncoder();
  return new Map(Object.entries(tree).map(([path, content]) => [path, { path, bytes: typeof content === "string" ? encoder.encode(content) : content }]));
}

export function textOf(files: ReadonlyMap<string, Uint8Array>): Record<string, string> {
  const decoder = new TextDecoder();
  return Object.fromEntries([...files].map(([path, bytes]) => [path, decoder.decode(bytes)]));
}

/** Entries as the space holds them after an import (by entryKey), with the bodies the export reads. */
export function asSpace(entries: readonly Entry[], documents: ReadonlyArray<{ id: string; markdown: string }>): Map<string, Entry> {
  const bodies = new Map(documents.map((document) => [document.id, document.markdown]));
  return new Map(entries.map((entry) => [`${entry.kind}:${entry.id}`, entry.documentId ? { ...entry, markdown: bodies.get(entry.documentId) ?? "" } : entry]));
}

/**
 * A GitBook-format repository in a project directory (`docs/`) whose `.gitbook.yaml` moves the
 * root to `content/`: SUMMARY.md with a top-level page, nesting, link titles and two groups,
 * front matter, a folder page, relative links, an image in `.gitbook/assets/` used by markdown and
 * by an HTML figure, and files outside the project directory that are not part of the space.
 * The files are written as the exporter writes them, so they come back byte for byte.
 */
export const GITBOOK_REPO: Tree = {
  "package.json": "{}\n",
  "docs/.gitbook.yaml": "root: ./content/\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n",
  "docs/content/SUMMARY.md": [
    "# Table of contents",
    "",
    "* [Welcome](README.md)",
    "* [Quick start](quick-start.md \"Start\")",
    "",
    "## Guides",
    "",
    "* [Installing](guides/README.md)",
    "  * [On Linux](guides/linux.md)",
    "    * [Debian](guides/linux/debian.md)",
    "  * [On macOS](guides/macos.md)",
    "",
    "## Reference",
    "",
    "* [API](reference/api.md)",
    "",
  ].join("\n"),
  "docs/content/README.md": "---\ndescription: Start here\nicon: house\n---\n\n# Welcome\n\nRead the [quick start](quick-start.md#first-steps) first.\n\n![Logo](.gitbook/assets/logo.png)\n",
  "docs/content/quick-start.md": "# Quick start\n\n## First steps\n\nGo to [Linux](guides/linux.md) or [the guides](guides/README.md).\n",
  "docs/content/guides/README.md":
    "---\nhidden: true\nif: visitor.claims.beta\nlayout:\n  width: wide\n  title:\n    visible: true\n  outline:\n    visible: false\n---\n\n# Installing\n\nPick a system.\n",
  "docs/content/guides/linux.md": "---\nnoIndex: true\nnoRobotsIndex: true\n---\n\n# On Linux\n\nBack to [the start](../README.md).\n",
  "docs/content/guides/linux/debian.md":
    '# Debian\n\n<figure><img src="../../.gitbook/assets/logo.png" alt=""><figcaption><p>Logo</p></figcaption></figure>\n\nSee [API](../../reference/api.md).\n',
  "docs/content/guides/macos.md": "---\ncover: ../.gitbook/assets/logo.png\ncoverY: 12\n---\n\n# On macOS\n\nNothing to do.\n",
  "docs/content/reference/api.md": "# API\n\nThe API, with an [example](../.gitbook/assets/example.json).\n",
  "docs/content/.gitbook/assets/logo.png": PNG,
  "docs/content/.gitbook/assets/example.json": '{"a":1}\n',
};
