import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { VisitorContext } from "../../context";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { organizationMembers, organizations, sitePublishingAuths, siteShareLinks, siteSpaces, sites, spaces, type OrganizationRow, type SiteRow, type SpaceRow } from "../../db/schema";
import { notFound, unauthorized } from "../../lib/errors";
import { canInOrganization, type Membership } from "../../lib/permissions";
import type { Member } from "../organizations/access";
import type { RoleOrGuest } from "../../lib/roles";
import { spaceNotFound } from "../content-tree/access";
import { grantedRankOnSite, raisedOnSite, siteNotFound } from "./access";
import { hashShareKey, selectActiveShareLink, shareKeyNotFound } from "./share-links";

/**
 * What a site token still grants, decided on every request it makes (one round trip, with the
 * read's own statements): the token names a site, the spaces it shows the visitor and how the
 * visitor got in; the rows say whether that still holds. The site must still be published, the
 * space still be one of its site spaces (and not deleted), and the way in still open: the share
 * link still active (share-link sites), the publishing-auth key not regenerated since (visitor-auth
 * sites), or the member still a member who may see the site (by their role or a role given on
 * it). A way in that closed is a 401 (the token no longer authenticates anyone); content the site
 * stopped publishing is a 404.
 */

interface SiteCheckRow {
  site: SiteRow;
  authGeneration: number | null;
  /** SQLite's 1 and 0 (null: no such link). */
  shareLinkActive: number | null;
  memberRole: RoleOrGuest;
  memberDisabled: number | null;
  /** The rank granted to the member on the site (null: none, or no member), which counts as their role there. */
  memberGrantedRank: number | null;
}

/**
 * The statements of every visitor's read (the site's check, its organization, the space), built
 * once (db/prepared.ts): built by Drizzle on every request they were a fifth of the Worker's time
 * for a reader page rendered (docs/performance.md, "Reader: serving pages over HTTP").
 *
 * The site and what decides whether the token's way in is still open. Every column but the site's
 * under a name of its own: D1 keys a batch's rows by column name.
 */
const siteCheck = preparedOnce((db: Database) =>
  db
    .select({
      site: sites,
      authGeneration: sql<number | null>`${sitePublishingAuths.generation}`.as("auth_generation"),
      shareLinkActive: sql<number | null>`${siteShareLinks.active}`.as("share_link_active"),
      memberRole: sql<RoleOrGuest>`${organizationMembers.role}`.as("member_role"),
      memberDisabled: sql<number | null>`${organizationMembers.disabled}`.as("member_disabled"),
      // No member: the placeholder is "", which no grant names.
      memberGrantedRank: sql<number | null>`${grantedRankOnSite(sql`${sql.placeholder("memberId")}`)}`.as("member_granted_rank"),
    })
    .from(sites)
    .leftJoin(sitePublishingAuths, eq(sitePublishingAuths.siteId, sites.id))
    .leftJoin(siteShareLinks, and(eq(siteShareLinks.id, sql.placeholder("shareLinkId")), eq(siteShareLinks.siteId, sites.id)))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, sites.organizationId), eq(organizationMembers.userId, sql.placeholder("memberId"))))
    .where(and(eq(sites.id, sql.placeholder("siteId")), eq(sites.organizationId, sql.placeholder("organizationId"))))
    .limit(1),
);
const selectSiteCheck = ({ db, visitor }: VisitorContext) =>
  siteCheck(db, { siteId: visitor.siteId, organizationId: visitor.organizationId, shareLinkId: visitor.shareLinkId ?? "", memberId: visitor.memberId ?? "" });

const organization = preparedOnce((db: Database) => db.select().from(organizations).where(eq(organizations.id, sql.placeholder("organizationId"))).limit(1));
const selectOrganization = ({ db, visitor }: VisitorContext) => organization(db, { organizationId: visitor.organizationId });

/** A space of the token's organization that one of the site's site spaces publishes (deleted ones excluded). */
const publishedSpace = preparedOnce((db: Database) =>
  db
    .select()
    .from(spaces)
    .where(
      and(
        eq(spaces.id, sql.placeholder("spaceId")),
        eq(spaces.organizationId, sql.placeholder("organizationId")),
        isNull(spaces.deletedAt),
        exists(
          db
            .select({ id: siteSpaces.id })
            .from(siteSpaces)
            .where(and(eq(siteSpaces.siteId, sql.placeholder("siteId")), eq(siteSpaces.spaceId, spaces.id))),
        ),
      ),
    )
    .limit(1),
);
const selectPublishedSpace = ({ db, visitor }: VisitorContext, spaceId: string) => publishedSpace(db, { spaceId, organizationId: visitor.organizationId, siteId: visitor.siteId });

/** Whether the token's way into the site is still open (a 401 when it closed), and the site published (404). */
function checkSite(ctx: VisitorContext, row: SiteCheckRow | undefined): SiteCheckRow {
  const { visitor } = ctx;
  if (!row || (!row.site.published && !visitor.sitePreview)) throw siteNotFound(visitor.siteId);
  // A preview URL (made by a member who may see sites, for an hour) opens the site whatever its visibility.
  if (visitor.sitePreview) return row;
  const asMember =
    visitor.memberId !== null &&
    row.memberDisabled === 0 &&
    canInOrganization(raisedOnSite({ role: row.memberRole, ownsTeam: false }, row.memberGrantedRank), "viewSites");
  if (visitor.memberId !== null && !asMember) throw unauthorized("The member this site token was minted for may no longer see the site");
  if (row.site.visibility === "share-link" && !asMember && !(visitor.shareLinkId !== null && row.shareLinkActive === 1)) {
    throw unauthorized("The share link this site token was opened with is no longer active");
  }
  if (row.site.visibility === "visitor-auth" && !asMember && (visitor.authGeneration === null || visitor.authGeneration !== row.authGeneration)) {
    throw unauthorized("The site's visitor authentication key changed since this site token was minted");
  }
  return row;
}

/** How a visitor is presented where a membership decides `permissions`: as no role at all (every permission false). */
export const VISITOR_MEMBERSHIP: Membership = { role: null, ownsTeam: false };

/** A visitor where a presenter wants a member (their level on a published space is `read`, as a guest's fallback). */
export const visitorAsMember = (organizationId: string): Member => ({ organizationId, userId: "", role: null, disabled: false, lastSeenAt: "" });

export interface VisitorSite {
  site: SiteRow;
  organization: OrganizationRow;
}

/**
 * The token's site, when the token is for `siteId` of `organizationId` and still opens it, with
 * the statements `alongside` in the same round trip. A `shareKey` (URLs then carry it) must be an
 * active share link of the site, as for a member (404 otherwise).
 */
export async function loadVisitorSite(
  ctx: VisitorContext,
  organizationId: string,
  siteId: string,
  alongside: readonly BatchItem<"sqlite">[] = [],
  shareKey?: string,
): Promise<[VisitorSite, unknown[]]> {
  if (organizationId !== ctx.visitor.organizationId || siteId !== ctx.visitor.siteId) throw siteNotFound(siteId);
  const shareLink = shareKey === undefined ? [] : [selectActiveShareLink(ctx.db, siteId, await hashShareKey(shareKey))];
  const [rows, organizations, ...others] = await runBatch(ctx.db, [selectSiteCheck(ctx), selectOrganization(ctx), ...shareLink, ...alongside]);
  const { site } = checkSite(ctx, (rows as SiteCheckRow[])[0]);
  if (shareKey !== undefined && (others.shift() as unknown[]).length === 0) throw shareKeyNotFound();
  return [{ site, organization: (organizations as OrganizationRow[])[0]! }, others];
}

export interface VisitorSpace extends VisitorSite {
  space: SpaceRow;
}

/**
 * A space as the token's visitor may read it: one of the spaces the token names, still published
 * by the site. The statements `alongside` ride in the same round trip (a read's own).
 */
export async function loadVisitorSpace(ctx: VisitorContext, spaceId: string, alongside: readonly BatchItem<"sqlite">[] = []): Promise<[VisitorSpace, unknown[]]> {
  if (!ctx.visitor.spaceIds.includes(spaceId)) throw spaceNotFound(spaceId);
  const [siteRows, organizations, spaceRows, ...others] = await runBatch(ctx.db, [selectSiteCheck(ctx), selectOrganization(ctx), selectPublishedSpace(ctx, spaceId), ...alongside]);
  const { site } = checkSite(ctx, (siteRows as SiteCheckRow[])[0]);
  const space = (spaceRows as SpaceRow[])[0];
  if (!space) throw spaceNotFound(spaceId);
  return [{ site, organization: (organizations as OrganizationRow[])[0]!, space }, others];
}

/** A revision a visitor may read of a space: the one published now, or the one the token was minted with (or previews). */
export function visitorMayReadRevision(ctx: VisitorContext, space: SpaceRow, revisionId: string): boolean {
  const { visitor } = ctx;
  if (revisionId === space.revisionId) return true;
  if (space.id !== visitor.spaceId) return false;
  return revisionId === visitor.revisionId || revisionId === visitor.preview?.revisionId;
}

export const revisionNotPublished = (revisionId: string) => notFound(`Revision '${revisionId}'`);
