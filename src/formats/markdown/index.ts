export { documentToMarkdown, markdownToDocument } from "./document";
export { parseMarkdownPage, type PageMetadataFromMarkdown, type ParsedMarkdownPage } from "./frontmatter";
export { extractLinks, resolveBatchRefs, rewriteLinkUrls, type ExtractedLink, type LinkTarget } from "./links";
