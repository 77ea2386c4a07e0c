import type { RequestContext } from "../../context";
import type { OrganizationRow, SiteRow } from "../../db/schema";
import { sitePermissions, type Membership } from "../../lib/permissions";
import type { SiteObject } from "../../schemas/site";
import type { SiteAccess } from "./access";
import { sitePublishedBase, siteRootFor } from "./urls";

export interface SitePresentation {
  organization: OrganizationRow;
  /** The caller's membership as it counts on the site (`SiteAccess.siteMembership`): the Site's `permissions` come from it. */
  membership: Membership;
  /** `Site.siteSpaces`: counted in the read that fetched the row. */
  siteSpaceCount: number;
  /** A share link's key the caller gave (already checked): published URLs carry it. */
  shareKey?: string;
}

export function presentSite(ctx: RequestContext, site: SiteRow, { organization, membership, siteSpaceCount, shareKey }: SitePresentation): SiteObject {
  const base = sitePublishedBase(ctx.env, ctx.urls, organization, site);
  return {
    object: "site",
    id: site.id,
    type: site.type,
    // Plans are not enforced by this deployment: no site is ever frozen to another type.
    appliedType: site.type,
    title: site.title,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxyOrigin ? { proxy: { origin: site.proxyOrigin, target: sitePublishedBase(ctx.env, ctx.urls, organization, { ...site, proxyOrigin: null }) } } : {}),
    visibility: site.visibility,
    defaultLevel: "inherit",
    permissions: sitePermissions(membership),
    published: site.published,
    siteSpaces: siteSpaceCount,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    features: [],
    urls: {
      location: ctx.urls.api(`/orgs/${organization.id}/sites/${site.id}`),
      app: ctx.urls.app(`/o/${organization.id}/sites/${site.id}`),
      ...(site.published ? { published: siteRootFor(base, shareKey) } : {}),
      preview: ctx.urls.app(`/o/${organization.id}/sites/${site.id}/preview`),
    },
  };
}

/** A site's access as its presentation takes it: the membership that counts on the site. */
export const seenOnSite = <Access extends SiteAccess>(access: Access): Access => ({ ...access, membership: access.siteMembership });
