/*
 * The renderer's contract with its caller (the reader's page view): what a document points at
 * (DocumentReferences, so the caller loads it all in one batch before rendering), and the
 * synchronous lookups over what it loaded (DocumentRenderContext). Rendering never awaits: the
 * caller has everything in memory, so a page renders in one pass and can be cached as a string.
 */
import type { DocumentInput } from "../../formats/markdown/document-nodes";

export type { DocumentInput };

/** A page of this space or another (`space`), or, without `page`, a whole space. */
export interface PageTarget {
  page?: string;
  space?: string;
}

/** A file as a reader may fetch it: its published (signed or public) URL and what it is. */
export interface FileInfo {
  url: string;
  name: string;
  contentType: string;
  width?: number;
  height?: number;
  /** Bytes, shown on file cards. */
  size?: number;
}

/**
 * What an embed card shows of a URL (the embed operation's answer without its markup: the
 * provider's HTML is never placed in a page).
 */
export interface EmbedInfo {
  title?: string;
  /** The site's or provider's name. */
  site?: string;
  description?: string;
  /** Absolute URLs of the site's icon and of a preview image. */
  icon?: string;
  thumbnail?: string;
}

/** What a page, space, collection or user is called, for mentions, cards and table cells. */
export interface RefSummary {
  title: string;
  description?: string;
  /** An emoji as GitBook stores it (hex code points joined by "-"), or the character itself. */
  emoji?: string;
}

/** Refs titleOf is asked about: the ContentRef kinds that name something with a title. */
export type NamedRef =
  | { kind: "page"; page: string; space?: string }
  | { kind: "space"; space: string }
  | { kind: "collection"; collection: string }
  | { kind: "user"; user: string };

/** Where an OpenAPI block's spec is: an organization spec by slug, or (legacy `swagger` blocks) a file or a URL. */
export type OpenAPISource = { kind: "openapi"; spec: string } | { kind: "file"; file: string; space?: string } | { kind: "url"; url: string };

/** One operation (or, with `webhook`, a webhook named `path`) of a spec. */
export interface OpenAPIOperationRef {
  source: OpenAPISource;
  method: string;
  path: string;
  webhook?: boolean;
}

/** Schemas of a spec named by an `openapi-schemas` block. */
export interface OpenAPISchemasRef {
  source: OpenAPISource;
  schemas: string[];
}

export interface OpenAPIProperty {
  name: string;
  /** A short type ("string (uuid)", "array of Pet"). */
  type?: string;
  required?: boolean;
  deprecated?: boolean;
  /** Markdown (CommonMark), rendered without raw HTML. */
  description?: string;
}

export interface OpenAPIParameter extends OpenAPIProperty {
  /** path, query, header or cookie. */
  in: string;
}

export interface OpenAPIMediaType {
  mediaType: string;
  type?: string;
  properties?: OpenAPIProperty[];
  /** An example body, already serialized (JSON pretty-printed), shown as a code block. */
  example?: string;
}

export interface OpenAPIResponse {
  status: string;
  description?: string;
  contents: OpenAPIMediaType[];
}

/** What an API reference block shows of an operation (openapi/operation-data.ts builds it from a spec). */
export interface OpenAPIOperationData {
  method: string;
  path: string;
  summary?: string;
  /** Markdown (CommonMark), rendered without raw HTML. */
  description?: string;
  deprecated?: boolean;
  /** Base URLs of the API (OpenAPI `servers`, Swagger host + basePath). */
  servers?: string[];
  parameters: OpenAPIParameter[];
  requestBody?: { required?: boolean; description?: string; contents: OpenAPIMediaType[] };
  responses: OpenAPIResponse[];
}

export interface OpenAPISchemaData {
  name: string;
  description?: string;
  type?: string;
  properties: OpenAPIProperty[];
}

/**
 * An icon to inline: its viewBox and what goes inside the <svg> (for the reader, a Font Awesome
 * file's licence comment and paths, checked to be nothing else by reader/serve/icons.ts).
 */
export interface IconDrawing {
  viewBox: string;
  markup: string;
}

/** Server-side renderers of code and math, loaded on demand (renderers.ts). */
export interface DocumentRenderers {
  /** Highlighted HTML of `code` (hljs spans over escaped text), or null for a language it does not know. */
  highlight?(code: string, language: string): string | null;
  /** KaTeX's HTML (with MathML) for a formula, or null when it cannot be rendered. */
  math?(formula: string, display: boolean): string | null;
}

/**
 * Synchronous lookups over what the caller preloaded from referencesOf. Null from a lookup
 * means "not visible to this reader": the renderer shows no link and no trace of the target.
 */
export interface DocumentRenderContext {
  /** The published URL of a page (or of a space's first page when `page` is absent); null: not published to this reader. */
  pageUrl(target: PageTarget): string | null;
  file(id: string, space?: string): FileInfo | null;
  /** What an embed block shows for its URL; null: a card with the URL alone. */
  embed(url: string): EmbedInfo | null;
  /** A reusable content's document, rendered where it is placed. */
  reusableContent(id: string, space?: string): DocumentInput | null;
  openapiOperation(ref: OpenAPIOperationRef): OpenAPIOperationData | null;
  /**
   * An external URL as the page should use it (rewritten, e.g. through a proxy), or null to drop
   * it. Called only with URLs the renderer already accepts (http, https, mailto or relative).
   */
  urlOf(url: string): string | null;

  /** Titles for mentions, cards and user cells; without it, a mention shows nothing it can't name. */
  titleOf?(ref: NamedRef): RefSummary | null;
  openapiSchemas?(ref: OpenAPISchemasRef): OpenAPISchemaData[] | null;
  /** Whether an `if` block's condition holds for this visitor; absent: the block is left out. */
  condition?(expression: string): boolean;
  /** The value of an inline expression for this visitor; absent or null: nothing is shown. */
  expression?(expression: string): string | null;
  /** The URL of the site's search for a query (inline buttons with a search action). */
  searchUrl?(query: string): string | null;
  /** The drawing of an icon name (GitBook's are Font Awesome names); absent or null: an empty, decorative span. */
  icon?(name: string): IconDrawing | null;
  /** From loadDocumentRenderers; without it code is plain and math shows its TeX source. */
  renderers?: DocumentRenderers;
  /** BCP 47 language of the page, for dates of update blocks ("en" when absent). */
  locale?: string;
}

/** What a document points at within one space. */
export interface SpaceReferences {
  pages: Set<string>;
  files: Set<string>;
  reusableContents: Set<string>;
  /** Anchors linked to, by page id ("" for the page being rendered). */
  anchors: Map<string, Set<string>>;
}

/** Everything a document points at, deduplicated, for the caller to load in one batch. */
export interface DocumentReferences extends SpaceReferences {
  /** Refs into other spaces, by space id. */
  otherSpaces: Map<string, SpaceReferences>;
  /** Spaces linked or mentioned as a whole (`space` refs). */
  spaces: Set<string>;
  collections: Set<string>;
  users: Set<string>;
  /** URLs of embed blocks (and of integration blocks unfurled from a URL). */
  embeds: Set<string>;
  /** Slugs of the organization's OpenAPI specs the document uses. */
  openapiSpecs: Set<string>;
  /** Operations and webhooks of OpenAPI blocks, deduplicated. */
  openapiOperations: OpenAPIOperationRef[];
  openapiSchemas: OpenAPISchemasRef[];
  /** Languages of code blocks ("" for none): what loadDocumentRenderers needs. */
  codeLanguages: Set<string>;
  /** Whether the document holds math (block or inline). */
  math: boolean;
  /** Conditions of `if` blocks and inline expressions, to evaluate for the visitor. */
  expressions: Set<string>;
  /** Names of inline icons. */
  icons: Set<string>;
}
