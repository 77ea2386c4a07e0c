import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext } from "../../context";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
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
import { grantedRankOnSite } from "../sites/access";
import { LruMap } from "../../lib/lru";
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
  /** The rank of the highest role granted to the caller (or a team of theirs) on each candidate site (null: none): it counts as their role there. */
  siteGrants: Array<{ siteId: string; rank: number | null }>;
  /** The hash of each key the URL may carry, to tell which one a share link matched. */
  keyHashes: Map<string, string>;
  /** When each candidate site's customization (its own, and its site spaces') last changed: what the reader's HTML cache keys on. */
  customizationStamps: Array<{ siteId: string; updatedAt: string }>;
}

/** Keys are at most this long; only so many of the URL's first segments are tried as one. */
const MAX_KEY_SEGMENTS = 8;

export async function lookUpUrl(ctx: RequestContext, parsed: ParsedPublishedUrl, apiTokenHash: string | undefined): Promise<UrlLookup> {
  const keys = [...new Set([...(parsed.shareParam ? [parsed.shareParam] : []), ...parsed.segments.slice(0, MAX_KEY_SEGMENTS)])];
  const keyHashes = new Map(await Promise.all(keys.map(async (key) => [await sha256Hex(key), key] as const)));
  const { shape, values } = lookupShape(parsed.candidates, [...keyHashes.keys()], apiTokenHash);
  let statements = lookups.get(shape.key);
  if (!statements) lookups.set(shape.key, (statements = lookupStatements(shape)));
  const results = await runBatch(ctx.db, statements.map((run) => run(ctx.db, values)));
  const [siteRows, organizationRows, groups, sections, siteSpaceRows, auths, shareLinks, siteStamps, siteSpaceStamps, callerRows, memberships, siteGrants] = results as [
    SiteRow[],
    OrganizationRow[],
    SiteSectionGroupRow[],
    SiteSectionRow[],
    SiteSpaceRoute[],
    SitePublishingAuthRow[],
    UrlLookup["shareLinks"],
    UrlLookup["customizationStamps"],
    UrlLookup["customizationStamps"],
    Array<{ id: string }> | undefined,
    UrlLookup["memberships"] | undefined,
    UrlLookup["siteGrants"] | undefined,
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
    siteGrants: siteGrants ?? [],
    keyHashes,
    customizationStamps: [...siteStamps, ...siteSpaceStamps],
  };
}

/**
 * The statements are built once per shape of lookup (the URL's candidate forms, how many proxy
 * origins and keys it may carry, whether a caller came with a token), with placeholders, and each
 * request binds its values (db/prepared.ts): building them with Drizzle on every request was 40%
 * of the Worker's CPU for a cached reader page (docs/performance.md, "Reader"). A URL has a
 * handful of shapes, and a deployment's URLs a few dozen.
 */
interface LookupShape {
  key: string;
  /** The forms of the candidates that are not proxy origins, in order. */
  candidates: ReadonlyArray<Exclude<SiteUrlCandidate["form"], "proxy">>;
  proxies: number;
  keys: number;
  caller: boolean;
}

type Run = (db: Database, values: Record<string, unknown>) => BatchItem<"sqlite">;

const lookups = new LruMap<string, Run[]>(64);

function lookupShape(candidates: readonly SiteUrlCandidate[], keyHashes: readonly string[], apiTokenHash: string | undefined) {
  const values: Record<string, unknown> = {};
  const forms: Array<Exclude<SiteUrlCandidate["form"], "proxy">> = [];
  let proxies = 0;
  for (const candidate of candidates) {
    // Placeholders: `c<n>` and `s<n>` for the n-th candidate that is not a proxy, `p<n>` for the n-th proxy origin.
    const n = forms.length;
    switch (candidate.form) {
      case "proxy":
        values[`p${proxies++}`] = candidate.proxyOrigin.toLowerCase();
        continue;
      case "hostname":
        values[`c${n}`] = candidate.hostname;
        break;
      case "organization-host":
        Object.assign(values, { [`c${n}`]: candidate.organizationHostname, [`s${n}`]: candidate.siteSegment });
        break;
      case "domain":
        Object.assign(values, { [`c${n}`]: candidate.organizationId, [`s${n}`]: candidate.siteSegment });
        break;
      case "api-origin":
        Object.assign(values, { [`c${n}`]: candidate.organization, [`s${n}`]: candidate.siteSegment });
        break;
    }
    forms.push(candidate.form);
  }
  keyHashes.forEach((hash, index) => (values[`k${index}`] = hash));
  const caller = apiTokenHash !== undefined;
  if (caller) values.tokenHash = apiTokenHash;
  const key = `${candidates.map((candidate) => candidate.form).join(",")}|${keyHashes.length}|${caller}`;
  const shape: LookupShape = { key, candidates: forms, proxies, keys: keyHashes.length, caller };
  return { shape, values };
}

function lookupStatements(shape: LookupShape): Run[] {
  const candidates = candidateSites(shape);
  const inCandidates = (column: AnyColumn) => sql`${column} IN (${candidates})`;
  const keyHashes = shape.keys > 0 ? Array.from({ length: shape.keys }, (_, index) => sql.placeholder(`k${index}`)) : [""];
  const callerId = sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${apiTokens.tokenHash} = ${sql.placeholder("tokenHash")})`;
  const candidateOrganizations = (db: Database) => db.select({ id: sites.organizationId }).from(sites).where(inCandidates(sites.id));
  const statements: Run[] = [
    preparedOnce((db) => db.select().from(sites).where(inCandidates(sites.id))),
    preparedOnce((db) => db.select().from(organizations).where(inArray(organizations.id, candidateOrganizations(db)))),
    preparedOnce((db) => db.select().from(siteSectionGroups).where(inCandidates(siteSectionGroups.siteId))),
    preparedOnce((db) => db.select().from(siteSections).where(inCandidates(siteSections.siteId))),
    // Site spaces' own columns first, then the two of their space's this read needs (names site_spaces lacks).
    preparedOnce((db) =>
      db
        .select({ siteSpace: siteSpaces, revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
        .from(siteSpaces)
        .innerJoin(spaces, eq(spaces.id, siteSpaces.spaceId))
        .where(inCandidates(siteSpaces.siteId)),
    ),
    preparedOnce((db) => db.select().from(sitePublishingAuths).where(inCandidates(sitePublishingAuths.siteId))),
    preparedOnce((db) =>
      db
        .select({ id: siteShareLinks.id, siteId: siteShareLinks.siteId, keyHash: siteShareLinks.keyHash })
        .from(siteShareLinks)
        .where(and(inArray(siteShareLinks.keyHash, keyHashes), eq(siteShareLinks.active, true), inCandidates(siteShareLinks.siteId))),
    ),
    preparedOnce((db) => db.select({ siteId: siteCustomizations.siteId, updatedAt: siteCustomizations.updatedAt }).from(siteCustomizations).where(inCandidates(siteCustomizations.siteId))),
    preparedOnce((db) =>
      db.select({ siteId: siteSpaceCustomizations.siteId, updatedAt: siteSpaceCustomizations.updatedAt }).from(siteSpaceCustomizations).where(inCandidates(siteSpaceCustomizations.siteId)),
    ),
  ];
  if (shape.caller) {
    statements.push(
      preparedOnce((db) => db.select({ id: apiTokens.userId }).from(apiTokens).where(eq(apiTokens.tokenHash, sql.placeholder("tokenHash"))).limit(1)),
      preparedOnce((db) =>
        db
          .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role, disabled: organizationMembers.disabled })
          .from(organizationMembers)
          .where(and(eq(organizationMembers.userId, callerId), inArray(organizationMembers.organizationId, candidateOrganizations(db)))),
      ),
      // What is granted to the caller on each candidate site: a primary-key lookup per site, for them and each team of theirs.
      preparedOnce((db) => db.select({ siteId: sites.id, rank: sql<number | null>`${grantedRankOnSite(callerId)}`.as("granted_rank") }).from(sites).where(inCandidates(sites.id))),
    );
  }
  return statements;
}

/** The ids of the sites the URL's forms could name, as one subquery (a union of index lookups), with placeholders for its values. */
function candidateSites(shape: LookupShape): SQL {
  const bySegment = (index: number) => {
    const segment = sql.placeholder(`s${index}`);
    return sql`(${sites.basename} = ${segment} OR (${sites.basename} IS NULL AND ${sites.id} = ${segment}))`;
  };
  const parts: SQL[] = [];
  shape.candidates.forEach((form, index) => {
    const value = sql.placeholder(`c${index}`);
    switch (form) {
      case "hostname":
        parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE ${sites.hostname} = ${value}`);
        break;
      case "organization-host":
        parts.push(sql`SELECT ${sites.id} FROM ${sites} JOIN ${organizations} ON ${organizations.id} = ${sites.organizationId} WHERE ${organizations.hostname} = ${value} AND ${bySegment(index)}`);
        break;
      case "domain":
        parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE ${sites.organizationId} = ${value} AND ${bySegment(index)}`);
        break;
      case "api-origin":
        parts.push(
          sql`SELECT ${sites.id} FROM ${sites} JOIN ${organizations} ON ${organizations.id} = ${sites.organizationId} WHERE (${organizations.hostname} = ${value} OR ${organizations.id} = ${value}) AND ${bySegment(index)}`,
        );
        break;
    }
  });
  if (shape.proxies > 0) {
    const origins = Array.from({ length: shape.proxies }, (_, proxy) => sql`${sql.placeholder(`p${proxy}`)}`);
    parts.push(sql`SELECT ${sites.id} FROM ${sites} WHERE lower(${sites.proxyOrigin}) IN (${sql.join(origins, sql`, `)})`);
  }
  return sql.join(parts, sql` UNION `);
}
