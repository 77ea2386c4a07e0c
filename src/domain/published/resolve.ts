import type { RequestContext } from "../../context";
import type { OrganizationRow, SiteRow, SiteSectionRow, SpaceRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { canInOrganization } from "../../lib/permissions";
import { headPageIndex, hiddenPages, type PageIndex } from "../content-reads/page-index";
import { fnv1a } from "../../lib/hash";
import { sectionPublishedUrl, siteSpacePublishedUrl, SiteStructure, type SiteSpaceWithSpace } from "../sites/structure";
import { raisedOnSite } from "../sites/access";
import { sitePublishedBase, siteRootFor } from "../sites/urls";
import { structureSeenBy } from "../sites/visible-structure";
import { invalidApiToken } from "../users/callers";
import { lookUpUrl, type UrlLookup } from "./lookup";
import { redirectForMissingPath } from "./missing-paths";
import { PREVIEW_SEGMENT, verifyPreviewToken } from "./preview-token";
import { mintSiteToken, type SiteTokenGrant } from "./site-token";
import { parsePublishedUrl, siteOfUrl } from "./url-forms";
import { signedClaimsOf, visitorClaims, type VisitorPayload } from "./visitor-claims";

/**
 * GitBook's `resolvePublishedContentByUrl`: a URL of a published site, in any form the project
 * gives sites (url-forms.ts), to the content it shows: the site, its section and site space, the
 * space and its published revision, the page path left, and a site token (`apiToken`) that reads
 * what the site publishes to this visitor (site-token.ts). One round trip (lookup.ts) when the
 * space's page index is in this isolate's memory; a path that is no page costs one more, to find
 * where it went (missing-paths.ts). The reader (src/reader) resolves its URLs through this very
 * function, so the HTML reader and GitBook's renderer always agree.
 *
 * Who gets in: anyone on a public or unlisted site; on a share-link site, whoever brings an active
 * link's key (`?share=` or the first segment under the site's root); on a visitor-auth site,
 * whoever brings a visitor token signed with the site's key (else: its fallback URL, as a redirect);
 * and on any of them a member of the organization who may see that site (by their role, or a role
 * given on the site), by their API token, or whoever has a preview URL of it (preview-token.ts),
 * published or not yet. Sections and site spaces whose condition fails the visitor's claims do not
 * resolve (nor do pages).
 */

export interface ResolveRequest {
  url: string;
  visitor?: VisitorPayload;
  /** The SHA-256 of the caller's API token, when the request came with one. */
  apiTokenHash?: string;
}

export interface PublishedSiteContent {
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  revision: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  apiToken: string;
  organization: string;
  shareKey?: string;
  complete: boolean;
  canonicalUrl: string;
}

export interface PublishedRedirect {
  target: "application" | "content" | "external";
  redirect: string;
  site?: string;
}

export type PublishedLookup = PublishedSiteContent | PublishedRedirect;

/** What a URL resolved to: where to go instead, or the content (what the reader renders with it). */
export type Resolution = { redirect: PublishedRedirect; content?: undefined } | { content: ResolvedPublishedContent; redirect?: undefined };

export interface ResolvedPublishedContent {
  /** The API's answer but its site token, which `grant` is what of. */
  answer: Omit<PublishedSiteContent, "apiToken">;
  grant: Omit<SiteTokenGrant, "expiresAt">;
  claims: Record<string, unknown>;
  /** Whether the path names a page the visitor sees (false: the renderer shows its not-found page). */
  pageId: string | null;
  /** The site space's page index at the revision, and the pages the visitor's claims hide. */
  index: PageIndex;
  hidden: ReadonlySet<string>;
  /**
   * Changes whenever what the site shows around its content changes: the site, its structure
   * (groups, sections, site spaces and their spaces' revisions) or a customization. With the
   * revision and the visitor's claims it names a rendered page (the reader's HTML cache).
   */
  siteVersion: string;
  /**
   * What the lookup read of the site, as its published profile reads it: the site and its
   * organization, the results of `profileReads` in their order (customization, site spaces'
   * overrides, groups, sections, site spaces with their spaces), and the space resolved to. The
   * reader presents the site from them (published-page.ts), in no round trip
   * of its own.
   */
  siteRows: { site: SiteRow; organization: OrganizationRow; profileResults: unknown[]; space: SpaceRow };
}

export const publishedUrlNotFound = (url: string) => notFound(`Published content at '${url}'`);

/** GitBook's answer (`POST /v1/urls/published`): where to go instead, or the content with a site token minted for this visitor. */
export async function resolvePublishedUrl(ctx: RequestContext, request: ResolveRequest): Promise<PublishedLookup> {
  const { redirect, content } = await resolvePublishedContent(ctx, request);
  if (redirect) return redirect;
  const { token } = await mintSiteToken(ctx.env, content.grant);
  return { ...content.answer, apiToken: token };
}

/**
 * The resolution itself, the token not minted: the reader reads as the grant's visitor in the same
 * request (`grantedNow`), and signing a token only to verify it at once cost a cached page a tenth
 * of the Worker's time (docs/performance.md, "Reader: serving pages over HTTP").
 */
export async function resolvePublishedContent(ctx: RequestContext, request: ResolveRequest): Promise<Resolution> {
  const parsed = parsePublishedUrl(request.url, { domain: ctx.env.PUBLISHED_SITES_DOMAIN ?? "", apiOrigin: ctx.urls.origin });
  const found = await lookUpUrl(ctx, parsed, request.apiTokenHash);
  if (found.callerId === null) throw invalidApiToken();
  const match = siteOfUrl(parsed, found.sites);
  if (!match) throw publishedUrlNotFound(request.url);
  const { site, organization } = match.row;
  const asMember = memberMaySeeSite(found, organization.id, site.id);
  let rest = parsed.segments.slice(match.rootSegments);
  let siteSegments = match.rootSegments;

  // A preview URL (`~preview/<token>` under the root) opens the site as published, with its claims.
  const preview = rest[0] === PREVIEW_SEGMENT && rest[1] ? await verifyPreviewToken(ctx.env, rest[1], site.id) : null;
  if (preview) {
    rest = rest.slice(2);
    siteSegments += 2;
  }
  if (!site.published && !preview) throw publishedUrlNotFound(request.url);

  // The way in: a share link's key (as the parameter, or the first segment under the root).
  let shareLink: { id: string; key: string } | null = null;
  if (site.visibility === "share-link" && !preview) {
    const fromParameter = parsed.shareParam === null ? undefined : activeLink(found, site.id, parsed.shareParam);
    const fromSegment = fromParameter || rest[0] === undefined ? undefined : activeLink(found, site.id, rest[0]);
    if (fromSegment) {
      rest = rest.slice(1);
      siteSegments += 1;
    }
    shareLink = fromParameter ?? fromSegment ?? null;
    if (!shareLink && !asMember) throw publishedUrlNotFound(request.url);
  }
  // ...or a visitor token signed with the site's key.
  const auth = found.auths.find((row) => row.siteId === site.id);
  const signed = request.visitor?.jwtToken ? await signedClaimsOf(request.visitor.jwtToken, auth) : null;
  if (site.visibility === "visitor-auth" && !signed && !asMember && !preview) {
    if (!auth?.fallbackUrl) throw publishedUrlNotFound(request.url);
    const fallback = new URL(auth.fallbackUrl);
    fallback.searchParams.set("location", rest.join("/"));
    return { redirect: { target: "external", site: site.id, redirect: fallback.toString() } };
  }
  const claims = preview ? preview.claims : visitorClaims(signed, request.visitor?.unsignedClaims);

  const seen = structureSeenBy(structureOf(found, site.id), claims);
  const route = routeIn(seen, rest);
  if (!route) throw publishedUrlNotFound(request.url);
  rest = rest.slice(route.consumed);
  const { siteSpace, space: spaceRow } = route.target;
  const revisionId = spaceRow.revisionId;
  const space = { id: siteSpace.spaceId, organizationId: organization.id };

  const index = await headPageIndex(ctx, space, revisionId);
  const hidden = hiddenPages(index, claims);
  const pathname = rest.join("/");
  const atPath = pathname === "" ? undefined : index.byPath.get(pathname);
  const pageId = atPath !== undefined && !hidden.has(atPath) ? atPath : null;

  // Canonical URLs are the site's own; the visitor's carry the share key they came with.
  const base = sitePublishedBase(ctx.env, ctx.urls, organization, site);
  const siteSpaceUrlUnder = (root: string) => siteSpacePublishedUrl(sectionPublishedUrl(root, route.section ?? undefined), siteSpace)!;
  const siteSpaceUrl = siteSpaceUrlUnder(base);
  if (pathname !== "" && pageId === null) {
    const visitorsUrl = siteSpaceUrlUnder(siteRootFor(base, shareLink?.key));
    const redirect = await redirectForMissingPath(ctx, { site, spaceId: space.id, index, hidden, siteSpaceUrl: visitorsUrl, shareKey: shareLink?.key, sitePath: parsed.segments.slice(siteSegments).join("/"), pathname });
    if (redirect) return { redirect: { target: "content", redirect } };
  }

  const spaceIds = [...new Set([...seen.siteSpaces.values()].map((item) => item.siteSpace.spaceId))];
  const grant = {
    organizationId: organization.id,
    siteId: site.id,
    siteSpaceId: siteSpace.id,
    siteSectionId: route.section?.id ?? null,
    spaceId: space.id,
    spaceIds,
    claims,
    shareLinkId: shareLink?.id ?? null,
    authGeneration: signed && auth ? auth.generation : null,
    memberId: asMember && !preview && !shareLink && !signed && site.visibility !== "public" && site.visibility !== "unlisted" ? found.callerId! : null,
    sitePreview: preview !== null,
    preview: null,
    revisionId,
    visitorType: request.visitor?.type === "agent" ? ("agent" as const) : ("human" as const),
  };
  const pathOf = (count: number) => (count === 0 ? "/" : `/${parsed.segments.slice(0, count).map(encodeURIComponent).join("/")}/`);
  const answer: ResolvedPublishedContent["answer"] = {
    site: site.id,
    ...(route.section ? { siteSection: route.section.id } : {}),
    siteSpace: siteSpace.id,
    space: space.id,
    revision: revisionId,
    pathname,
    basePath: pathOf(siteSegments + route.consumed),
    siteBasePath: pathOf(siteSegments),
    organization: organization.id,
    ...(shareLink ? { shareKey: shareLink.key } : {}),
    complete: route.complete || rest.length > 0,
    canonicalUrl: pathname === "" ? siteSpaceUrl : new URL(pathname.split("/").map(encodeURIComponent).join("/"), siteSpaceUrl).toString(),
  };
  const siteRows = { site, organization, profileResults: profileResultsOf(found, site.id), space: spaceRow };
  return { content: { answer, grant, claims, pageId, index, hidden, siteVersion: siteVersionOf(found, site), siteRows } };
}

const rowsOfSite = <Row extends { siteId: string }>(rows: readonly Row[], siteId: string) => rows.filter((row) => row.siteId === siteId);
const siteSpacesOfSite = (found: UrlLookup, siteId: string) => found.siteSpaces.filter((row) => row.siteSpace.siteId === siteId);

/** The site's rows in the order of `profileReads`' results (its customization is at most one row). */
function profileResultsOf(found: UrlLookup, siteId: string): unknown[] {
  const { customizations, siteSpaceCustomizations, groups, sections } = found;
  return [rowsOfSite(customizations, siteId), rowsOfSite(siteSpaceCustomizations, siteId), rowsOfSite(groups, siteId), rowsOfSite(sections, siteId), siteSpacesOfSite(found, siteId)];
}

function siteVersionOf(found: UrlLookup, site: { id: string; updatedAt: string }): string {
  const ofSite = <Row extends { siteId: string }>(rows: readonly Row[]) => rowsOfSite(rows, site.id);
  const stamp = ({ siteId, updatedAt }: { siteId: string; updatedAt: string }) => ({ siteId, updatedAt });
  return fnv1a(
    JSON.stringify([
      site,
      ofSite(found.groups),
      ofSite(found.sections),
      siteSpacesOfSite(found, site.id).map(({ siteSpace, space }) => ({ siteSpace, revisionId: space.revisionId, deletedAt: space.deletedAt })),
      [...ofSite(found.customizations), ...ofSite(found.siteSpaceCustomizations)].map(stamp),
    ]),
  );
}

/** Whether the caller is an active member who may see this site: by their organization role, or a role given on the site (a guest's included). */
function memberMaySeeSite(found: UrlLookup, organizationId: string, siteId: string): boolean {
  const membership = found.memberships.find((row) => row.organizationId === organizationId);
  if (membership === undefined || membership.disabled) return false;
  const granted = found.siteGrants.find((row) => row.siteId === siteId)?.rank ?? null;
  return canInOrganization(raisedOnSite({ role: membership.role, ownsTeam: false }, granted), "viewSites");
}

function activeLink(found: UrlLookup, siteId: string, key: string): { id: string; key: string } | undefined {
  const link = found.shareLinks.find((row) => row.siteId === siteId && found.keyHashes.get(row.keyHash) === key);
  return link && { id: link.id, key };
}

function structureOf(found: UrlLookup, siteId: string): SiteStructure {
  return new SiteStructure(
    rowsOfSite(found.groups, siteId),
    rowsOfSite(found.sections, siteId),
    siteSpacesOfSite(found, siteId).filter((row) => row.space.deletedAt === null),
  );
}

interface Route {
  section: SiteSectionRow | null;
  target: SiteSpaceWithSpace;
  /** How many of the path's segments named the section and the site space. */
  consumed: number;
  /** No further segment could name a section or a site space: what follows is a page's path. */
  complete: boolean;
}

/**
 * The section (a segment naming one, else the default, else the first) and its site space (a
 * segment naming one, else the default, else the first), among those the visitor sees.
 */
function routeIn(structure: SiteStructure, segments: readonly string[]): Route | null {
  let consumed = 0;
  let section: SiteSectionRow | null = null;
  let sectionNamed = structure.sections.size === 0;
  if (!sectionNamed) {
    const sections = structure.sectionsInOrder().filter((row) => structure.siteSpacesIn(row.id).length > 0);
    const named = segments[0] === undefined ? undefined : sections.find((row) => row.path === segments[0]);
    section = named ?? sections.find((row) => row.isDefault) ?? sections[0] ?? null;
    if (!section) return null;
    if (named) consumed = 1;
    sectionNamed = named !== undefined || sections.length === 1;
  }
  const scope = structure.siteSpacesIn(section?.id ?? null);
  const next = segments[consumed];
  const named = next === undefined ? undefined : scope.find((item) => item.siteSpace.path === next);
  const target = named ?? scope.find((item) => item.siteSpace.isDefault) ?? scope[0];
  if (!target) return null;
  if (named) consumed += 1;
  return { section, target, consumed, complete: sectionNamed && (named !== undefined || scope.length === 1) };
}
