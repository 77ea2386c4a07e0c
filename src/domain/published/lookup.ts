import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { runBatch } from "../../db/batch";
import { rawAll } from "../../db/raw";
import {
  apiTokens,
  organizationMembers,
  organizations,
  siteSectionGroups,
  siteSections,
  sitePublishingAuths,
  siteShareLinks,
  siteCustomizations,
  siteSpaceCustomizations,
  siteSpaces,
  sites,
  spaces,
  type MemberRow,
  type OrganizationRow,
  type SitePublishingAuthRow,
  type SiteRow,
  type SiteSectionGroupRow,
  type SiteSectionRow,
  type SiteSpaceRow,
} from "../../db/schema";
import { sha256Hex } from "../../lib/tokens";
import type { ParsedPublishedUrl, SiteUrlCandidate } from "./url-forms";

/**
 * Everything resolving a published URL needs of D1, in one round trip: the sites the URL could
 * belong to (url-forms.ts), and for each their organization, structure (groups, sections, site
 * spaces with their space's published revision), visitor authentication, the share links whose
 * key the URL may carry, and the caller's memberships when an API token came with the request.
 * Every statement selects the candidates through the same subquery (index lookups: a hostname, a
 * proxy origin, an organization's hostname or id with a site's basename or id), so a URL costs the
 * same whatever the deployment holds; a site's structure is tens of rows.
 */

export interface SiteSpaceRoute {
  siteSpace: SiteSpaceRow;
  revisionId: string;
  deletedAt: string | null;
}

export interface UrlLookup {
  sites: Array<{ site: SiteRow; organization: OrganizationRow }>;
  groups: SiteSectionGroupRow[];
  sections: SiteSectionRow[];
  siteSpaces: SiteSpaceRoute[];
  auths: SitePublishingAuthRow[];
  /** Active share links (of the candidate sites) whose key is the `share` parameter or one of the URL's segments. */
  shareLinks: Array<{ id: string; siteId: string; keyHash: string }>;
  /** The caller's user id (undefined: no API token given; null: a token that authenticates no one). */
  callerId: string | null | undefined;
  memberships: Array<Pick<MemberRow, "organizationId" | "role" | "disabled">>;
  /** The hash of each key the URL may carry, to tell which one a share link matched. */
  keyHashes: Map<string, string>;
  /** When each candidate site's customization (its own, and its site spaces') last changed: what the reader's HTML cache keys on. */
  customizationStamps: Array<{ siteId: string; updatedAt: string }>;
}

/** Keys are at most this long; only so many of the URL's first segments are tried as one. */
const MAX_KEY_SEGMENTS = 8;

export async function lookUpUrl(ctx: RequestContext, parsed: ParsedPublishedUrl, apiTokenHash: string | undefined): Promise<UrlLookup> {
  const candidates = candidateSites(parsed.candidates);
  const inCandidates = (column: AnyColumn) => sql`${column} IN (${candidates})`;
  const keys = [...new Set([...(parsed.shareParam ? [parsed.shareParam] : []), ...parsed.segments.slice(0, MAX_KEY_SEGMENTS)])];
  const keyHashes = new Map(await Promise.all(keys.map(async (key) => [await sha256Hex(key), key] as const)));
  const callerId = apiTokenHash === undefined ? undefined : sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${apiTokens.tokenHash} = ${apiTokenHash})`;

  const results = await runBatch(ctx.db, [
    ctx.db.select().from(sites).where(inCandidates(sites.id)),
    ctx.db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, ctx.db.select({ id: sites.organizationId }).from(sites).where(inCandidates(sites.id)))),
    ctx.db.select().from(siteSectionGroups).where(inCandidates(siteSectionGroups.siteId)),
    ctx.db.select().from(siteSections).where(inCandidates(siteSections.siteId)),
    // Site spaces' own columns first, then the two of their space's this read needs (names site_spaces lacks).
    ctx.db
      .select({ siteSpace: siteSpaces, revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
      .from(siteSpaces)
      .innerJoin(spaces, eq(spaces.id, siteSpaces.spaceId))
      .where(inCandidates(siteSpaces.siteId)),
    ctx.db.select().from(sitePublishingAuths).where(inCandidates(sitePublishingAuths.siteId)),
    ctx.db
      .select({ id: siteShareLinks.id, siteId: siteShareLinks.siteId, keyHash: siteShareLinks.keyHash })
      .from(siteShareLinks)
      .where(and(inArray(siteShareLinks.keyHash, keyHashes.size > 0 ? [...keyHashes.keys()] : [""]), eq(siteShareLinks.active, true), inCandidates(siteShareLinks.siteId))),
    rawAll<{ siteId: string; updatedAt: string }>(
      ctx.db,
      sql`SELECT ${siteCustomizations.siteId} AS siteId, ${siteCustomizations.updatedAt} AS updatedAt FROM ${siteCustomizations} WHERE ${inCandidates(siteCustomizations.siteId)}
          UNION ALL SELECT ${siteSpaceCustomizations.siteId}, ${siteSpaceCustomizations.updatedAt} FROM ${siteSpaceCustomizations} WHERE ${inCandidates(siteSpaceCustomizations.siteId)}`,
    ),
    ...(callerId
      ? [
          rawAll<{ id: string | null }>(ctx.db, sql`SELECT ${callerId} AS id`),
          ctx.db
            .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role, disabled: organizationMembers.disabled })
            .from(organizationMembers)
            .where(
              and(
                eq(organizationMembers.userId, callerId),
                inArray(organizationMembers.organizationId, ctx.db.select({ id: sites.organizationId }).from(sites).where(inCandidates(sites.id))),
              ),
            ),
        ]
      : []),
  ]);
  const [siteRows, organizationRows, groups, sections, siteSpaceRows, auths, shareLinks, customizationStamps, callerRows, memberships] = results as [
    SiteRow[],
    OrganizationRow[],
    SiteSectionGroupRow[],
    SiteSectionRow[],
    SiteSpaceRoute[],
    SitePublishingAuthRow[],
    UrlLookup["shareLinks"],
    UrlLookup["customizationStamps"],
    Array<{ id: string | null }> | undefined,
    UrlLookup["memberships"] | undefined,
  ];
  const organizationsById = new Map(organizationRows.map((row) => [row.id, row]));
  return {
    sites: siteRows.flatMap((site) => {
      const organization = organizationsById.get(site.organizationId);
      return organization ? [{ site, organization }] : [];
    }),
    groups,
    sections,
    siteSpaces: siteSpaceRows,
    auths,
    shareLinks,
    callerId: callerRows === undefined ? undefined : (callerRows[0]?.id ?? null),
    memberships: memberships ?? [],
    keyHashes,
    customizationStamps,
  };
}

/** The ids of the sites the URL's forms could name, as one subquery (a union of index lookups). */
function candidateSites(candidates: readonly SiteUrlCandidate[]): SQL {
  const bySegment = (segment: string) => sql`(${sites.basename} = ${segment} OR (${sites.basename} IS NULL AND ${sites.id} = ${segment}))`;
  const parts: SQL[] = [];
  const proxies: string[] = [];
  for (const candidate of candidates) {
    switch (candidate.form) {
      case "hostname":
        parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE ${sites.hostname} = ${candidate.hostname}`);
        break;
      case "proxy":
        proxies.push(candidate.proxyOrigin.toLowerCase());
        break;
      case "organization-host":
        parts.push(
          sql`SELECT ${sites.id} FROM ${sites} JOIN ${organizations} ON ${organizations.id} = ${sites.organizationId} WHERE ${organizations.hostname} = ${candidate.organizationHostname} AND ${bySegment(candidate.siteSegment)}`,
        );
        break;
      case "domain":
        parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE ${sites.organizationId} = ${candidate.organizationId} AND ${bySegment(candidate.siteSegment)}`);
        break;
      case "api-origin":
        parts.push(
          sql`SELECT ${sites.id} FROM ${sites} JOIN ${organizations} ON ${organizations.id} = ${sites.organizationId} WHERE (${organizations.hostname} = ${candidate.organization} OR ${organizations.id} = ${candidate.organization}) AND ${bySegment(candidate.siteSegment)}`,
        );
        break;
    }
  }
  if (proxies.length > 0) parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE lower(${sites.proxyOrigin}) IN (${sql.join(proxies.map((origin) => sql`${origin}`), sql`, `)})`);
  return sql.join(parts, sql` UNION `);
}
