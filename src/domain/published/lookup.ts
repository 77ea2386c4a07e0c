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
  type MemberRow,
  type OrganizationRow,
  type SiteCustomizationRow,
  type SitePublishingAuthRow,
  type SiteRow,
  type SiteSectionGroupRow,
  type SiteSectionRow,
  type SiteSpaceCustomizationRow,
} from "../../db/schema";
import { grantedRankOnSite } from "../sites/access";
import { LruMap } from "../../lib/lru";
import { sha256Hex } from "../../lib/tokens";
import { selectSiteSpacesWithSpaces, type SiteSpaceWithSpace } from "../sites/structure";
import type { ParsedPublishedUrl, SiteUrlCandidate } from "./url-forms";

/**
 * Everything resolving a published URL needs of D1, in one round trip: the sites the URL could
 * belong to (url-forms.ts), and for each their organization, structure (groups, sections, site
 * spaces with the spaces they publish), customizations, visitor authentication, the share links
 * whose key the URL may carry, and the caller's memberships when an API token came with the
 * request. The structure and customizations are the rows of the site's published profile
 * (`profileReads`), so the reader renders a page from this round trip alone (reader/serve/page.tsx).
 * Every statement selects the candidates through the same subquery (index lookups: a hostname, a
 * proxy origin, an organization's hostname or id with a site's basename or id), so a URL costs the
 * same whatever the deployment holds; a site's structure is tens of rows.
 */

export interface UrlLookup {
  sites: Array<{ site: SiteRow; organization: OrganizationRow }>;
  groups: SiteSectionGroupRow[];
  sections: SiteSectionRow[];
  /** In the structure's order, deleted spaces included (as `structureReads` reads them). */
  siteSpaces: SiteSpaceWithSpace[];
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
  /** Each candidate site's customization (none until set) and its site spaces' overrides. */
  customizations: SiteCustomizationRow[];
  siteSpaceCustomizations: SiteSpaceCustomizationRow[];
}

/** Keys are at most this long; only so many of the URL's first segments are tried as one. */
const MAX_KEY_SEGMENTS = 8;

export async function lookUpUrl(ctx: RequestContext, parsed: ParsedPublishedUrl, apiTokenHash: string | undefined): Promise<UrlLookup> {
  const keys = [...new Set([...(parsed.shareParam ? [parsed.shareParam] : []), ...parsed.segments.slice(0, MAX_KEY_SEGMENTS)])];
  const keyHashes = new Map(await Promise.all(keys.map(async (key) => [await keyHashOf(key), key] as const)));
  const { shape, values } = lookupShape(parsed.candidates, [...keyHashes.keys()], apiTokenHash);
  let statements = lookups.get(shape.key);
  if (!statements) lookups.set(shape.key, (statements = lookupStatements(shape)));
  const results = await runBatch(ctx.db, statements.map((run) => run(ctx.db, values)));
  const [siteRows, organizationRows, groups, sections, siteSpaceRows, auths, shareLinks, customizations, siteSpaceCustomizations, callerRows, memberships, siteGrants] = results as [
    SiteRow[],
    OrganizationRow[],
    SiteSectionGroupRow[],
    SiteSectionRow[],
    SiteSpaceWithSpace[],
    SitePublishingAuthRow[],
    UrlLookup["shareLinks"],
    SiteCustomizationRow[],
    SiteSpaceCustomizationRow[],
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
    customizations,
    siteSpaceCustomizations,
  };
}

/**
 * Any segment of a URL may be a share link's key, so every published URL hashes its first
 * segments: the same few segments (a site's basename, its pages' paths) on every request, whose
 * hashes were 3% of the Worker's busy time for a cached page. Kept per isolate.
 */
const keyHashes = new LruMap<string, string>(4096);
async function keyHashOf(key: string): Promise<string> {
  let hash = keyHashes.get(key);
  if (hash === undefined) keyHashes.set(key, (hash = await sha256Hex(key)));
  return hash;
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
    preparedOnce((db) => selectSiteSpacesWithSpaces(db, inCandidates(siteSpaces.siteId))),
    preparedOnce((db) => db.select().from(sitePublishingAuths).where(inCandidates(sitePublishingAuths.siteId))),
    preparedOnce((db) =>
      db
        .select({ id: siteShareLinks.id, siteId: siteShareLinks.siteId, keyHash: siteShareLinks.keyHash })
        .from(siteShareLinks)
        .where(and(inArray(siteShareLinks.keyHash, keyHashes), eq(siteShareLinks.active, true), inCandidates(siteShareLinks.siteId))),
    ),
    preparedOnce((db) => db.select().from(siteCustomizations).where(inCandidates(siteCustomizations.siteId))),
    preparedOnce((db) => db.select().from(siteSpaceCustomizations).where(inCandidates(siteSpaceCustomizations.siteId))),
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
