/*
 * Where the reader's pages find KaTeX's stylesheet (and, relative to it, its fonts): a static
 * asset copied from the pinned package by scripts/katex-assets.mjs. The version is in the path,
 * so the file is cached for a year (public/_headers) and a KaTeX upgrade is a new URL.
 * Kept as a constant rather than read from katex's package.json, which would put the package's
 * manifest in the Worker; test/reader/document/katex-assets.test.ts checks the two agree.
 */
export const KATEX_VERSION = "0.19.1";

/** The <link rel="stylesheet"> href a page holding math needs (referencesOf(...).math). */
export const KATEX_STYLESHEET = `/assets/reader/katex/${KATEX_VERSION}/katex.min.css`;
