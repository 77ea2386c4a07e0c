export { documentToMarkdown, markdownToDocument } from "./document";
export { parseMarkdownPage, type PageMetadataFromMarkdown, type ParsedMarkdownPage } from "./frontmatter";
export { extractLinks, resolveBatchRefs, type ExtractedLink, type LinkTarget } from "./links";
