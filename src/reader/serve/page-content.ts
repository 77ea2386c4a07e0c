import type { VisitorContext } from "../../context";
import { emptyPageIndex, headPageIndex, hiddenPages } from "../../domain/content-reads/page-index";
import { getReusableContentDocument } from "../../domain/content-reads/reusable-contents";
import { readContent, type ResolvedSource } from "../../domain/content-reads/revision-content";
import { loadLatestSpec } from "../../domain/computed-pages/spec-source";
import { getEmbedInSpace } from "../../domain/embeds/embeds";
import { readStoredSpec } from "../../domain/openapi/parse";
import { readVersionText } from "../../domain/openapi/specs";
import { isFile } from "../../domain/revisions/entries";
import { fileOf, presentFileObject } from "../../domain/revisions/present";
import { conditionHolds } from "../../domain/sites/expression";
import type { DocumentInput } from "../../formats/markdown/document-nodes";
import { signingWindowAt } from "../../lib/signed-urls";
import {
  loadDocumentRenderers,
  openapiOperationData,
  openapiSchemasData,
  type DocumentReferences,
  type DocumentRenderContext,
  type EmbedInfo,
  type FileInfo,
  type OpenAPISource,
} from "../document";
import { loadIcons } from "./icons";
import { safeUrl, SiteLinks, type SpaceLocation } from "./links";

/**
 * Everything a page's document points at, loaded before it is rendered (rendering never waits):
 * the files of its space (signed for the current window), the reusable contents it places, the
 * embeds it shows (through the embed operation, cached per URL), the OpenAPI operations of the
 * organization's specs, the page indexes of the other spaces it links to (only spaces this
 * visitor is shown), the drawings of its inline icons, and the highlighter and KaTeX when it has
 * code or math. Every read goes
 * through the visitor's context: what the site token could not read through the API, the page
 * cannot show.
 */

export interface SiteSpaceOfVisitor {
  spaceId: string;
  revisionId: string;
  /** The site space's root in the form the visitor came by. */
  baseUrl: string;
}

export interface LoadedReferences {
  context: DocumentRenderContext;
  links: SiteLinks;
  /** The page shows what its revision alone does not fix (an OpenAPI spec's latest version): not cached. */
  live: boolean;
}

export async function loadReferences(
  ctx: VisitorContext,
  resolved: ResolvedSource,
  current: SpaceLocation,
  siteSpaces: readonly SiteSpaceOfVisitor[],
  references: DocumentReferences,
  /** The customization's `styling` (its `icons` style), for inline icons. */
  styling?: unknown,
): Promise<LoadedReferences> {
  const organizationId = resolved.space.organizationId;
  const claims = ctx.visitor.claims;
  const linkedSpaces = new Set([...references.otherSpaces.keys(), ...references.spaces]);
  const [files, reusable, embeds, specs, others, renderers, icons] = await Promise.all([
    references.files.size > 0 ? filesOf(ctx, resolved, references.files) : new Map<string, FileInfo>(),
    Promise.all([...references.reusableContents].map(async (id) => [id, await reusableDocument(ctx, resolved, id)] as const)),
    Promise.all([...references.embeds].map(async (url) => [url, await embedOf(ctx, resolved.space.id, url)] as const)),
    Promise.all([...references.openapiSpecs].map(async (slug) => [slug, await specDocument(ctx, organizationId, slug)] as const)),
    Promise.all(
      siteSpaces
        .filter((siteSpace) => siteSpace.spaceId !== resolved.space.id && linkedSpaces.has(siteSpace.spaceId))
        .map(async (siteSpace): Promise<[string, SpaceLocation]> => {
          const index = await headPageIndex(ctx, { id: siteSpace.spaceId, organizationId }, siteSpace.revisionId);
          return [siteSpace.spaceId, { baseUrl: siteSpace.baseUrl, index, hidden: hiddenPages(index, claims) }];
        }),
    ),
    loadDocumentRenderers(references),
    loadIcons(ctx.env.ASSETS, references.icons, styling),
  ]);
  const locations = new Map<string, SpaceLocation>([[resolved.space.id, current], ...others]);
  // A space of the site without a page index read (linked as a whole only) still has its root.
  for (const siteSpace of siteSpaces) {
    if (!locations.has(siteSpace.spaceId) && linkedSpaces.has(siteSpace.spaceId)) locations.set(siteSpace.spaceId, { baseUrl: siteSpace.baseUrl, index: emptyPageIndex(siteSpace.revisionId), hidden: new Set() });
  }
  const links = new SiteLinks(resolved.space.id, locations, (id) => files.get(id)?.url ?? null);
  const reusableById = new Map(reusable);
  const embedByUrl = new Map(embeds);
  const specBySlug = new Map(specs);
  const specOf = (source: OpenAPISource) => (source.kind === "openapi" ? specBySlug.get(source.spec) : undefined);

  const context: DocumentRenderContext = {
    pageUrl: (target) => (target.page ? links.pageUrl(target.page, target.space ?? resolved.space.id) : links.spaceUrl(target.space ?? resolved.space.id)),
    file: (id, space) => (space && space !== resolved.space.id ? null : (files.get(id) ?? null)),
    embed: (url) => embedByUrl.get(url) ?? null,
    reusableContent: (id, space) => (space && space !== resolved.space.id ? null : (reusableById.get(id) ?? null)),
    openapiOperation: (ref) => {
      const spec = specOf(ref.source);
      return spec ? openapiOperationData(spec, ref.method, ref.path, ref.webhook) : null;
    },
    openapiSchemas: (ref) => {
      const spec = specOf(ref.source);
      return spec ? openapiSchemasData(spec, ref.schemas) : null;
    },
    urlOf: safeUrl,
    condition: (expression) => conditionHolds(expression, claims),
    icon: (name) => icons[name] ?? null,
    renderers,
    locale: resolved.space.language ?? "en",
  };
  return { context, links, live: references.openapiSpecs.size > 0 };
}

async function filesOf(ctx: VisitorContext, resolved: ResolvedSource, ids: ReadonlySet<string>): Promise<Map<string, FileInfo>> {
  const content = await readContent(ctx, resolved, {});
  const signedAt = signingWindowAt().start;
  const found = [...ids].flatMap((id) => {
    const entry = content.entries.get(`file:${id}`);
    return entry && isFile(entry) ? [entry] : [];
  });
  const presented = await Promise.all(found.map((entry) => presentFileObject(ctx, fileOf(entry), signedAt)));
  return new Map(
    presented.map((file) => [
      file.id,
      {
        url: file.downloadURL,
        name: file.name,
        contentType: file.contentType,
        size: file.size,
        ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
      },
    ]),
  );
}

async function reusableDocument(ctx: VisitorContext, resolved: ResolvedSource, id: string): Promise<DocumentInput | null> {
  try {
    return (await getReusableContentDocument(ctx, resolved, id, false)).value;
  } catch {
    return null;
  }
}

/** The embed card's metadata (never its markup); null when the URL cannot be embedded. */
async function embedOf(ctx: VisitorContext, spaceId: string, url: string): Promise<EmbedInfo | null> {
  try {
    const embed = await getEmbedInSpace(ctx, spaceId, url);
    const { title, site, description, icon, thumbnail } = embed as Record<string, string | undefined>;
    return { ...(title ? { title } : {}), ...(site ? { site } : {}), ...(description ? { description } : {}), ...(icon ? { icon } : {}), ...(thumbnail ? { thumbnail } : {}) };
  } catch {
    return null;
  }
}

async function specDocument(ctx: VisitorContext, organizationId: string, slug: string): Promise<Record<string, any> | undefined> {
  const latest = await loadLatestSpec(ctx, organizationId, slug);
  if (!latest?.version) return undefined;
  return readStoredSpec(await readVersionText(ctx.env.BLOBS, latest.version), latest.version.format) as Record<string, any>;
}


