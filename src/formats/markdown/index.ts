/*
 * Markdown pages <-> GitBook documents, and the links in markdown bodies: a pure format module.
 *
 * It imports npm parsers and nothing of the API (no domain, db, routes or schemas), so Git sync's
 * import (markdown files -> pages) and export (pages -> markdown files) can both build on it, and
 * it is tested on its own (test/formats/markdown). One file per direction; see each file's top.
 */
export type { DocumentInput, GitBookDocument } from "./document-nodes";
export { documentToMarkdown } from "./document-to-markdown";
export { markdownToDocument, type DocumentOptions } from "./markdown-to-document";
export { markdownNestingProblem } from "./mdast";
export { parseMarkdownPage, type PageMetadataFromMarkdown, type ParsedMarkdownPage } from "./frontmatter";
export {
  expandReusableContents,
  placedReusableContents,
  reusableContentInclude,
  reusableContentOfTarget,
  rewriteIncludeTargets,
  type PlacedReusableContent,
} from "./includes";
export { extractLinks, resolveBatchRefs, rewriteLinkUrls, type ExtractedLink, type LinkTarget } from "./links";
export { markdownSections, slugOfHeading, type TextSection } from "./sections";
export { planMarkdownTranslation, type MarkdownTranslationPlan } from "./translatable";
