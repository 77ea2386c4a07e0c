import type { Bindings } from "../../context";
import type { OrganizationRow, SiteRow } from "../../db/schema";
import type { Urls } from "../../lib/urls";

/**
 * Where a site is served once published (`urls.published`), in order of precedence:
 *
 * 1. its `proxy`: `https://<proxy origin>/` (visitors go there; the proxy forwards to what the
 *    next rules give, the proxy's `target`);
 * 2. its custom `hostname`: `https://<hostname>/`;
 * 3. under the deployment's published-sites domain (`PUBLISHED_SITES_DOMAIN` in wrangler.toml):
 *    `https://<organization hostname>.<domain>/<basename or site id>/` when the organization has a
 *    hostname, else `https://<domain>/o/<organization id>/<basename or site id>/`;
 * 4. with no such domain configured, under the API's own origin: `<origin>/sites/<organization
 *    hostname or id>/<basename or site id>/`.
 *
 * A share key (share-link sites) is the first path segment under that base (`siteRootFor`), as in
 * GitBook's share links: it survives where a query string is dropped (GitBook's renderer drops it
 * before resolving a URL). `?share=<key>` is understood too (domain/published/resolve.ts).
 */
export function sitePublishedBase(env: Pick<Bindings, "PUBLISHED_SITES_DOMAIN">, urls: Urls, organization: OrganizationRow, site: SiteRow): string {
  if (site.proxyOrigin) return `https://${site.proxyOrigin}/`;
  if (site.hostname) return `https://${site.hostname}/`;
  const segment = encodeURIComponent(site.basename ?? site.id);
  const domain = (env.PUBLISHED_SITES_DOMAIN ?? "").trim().toLowerCase();
  if (domain) {
    return organization.hostname ? `https://${organization.hostname}.${domain}/${segment}/` : `https://${domain}/o/${organization.id}/${segment}/`;
  }
  return `${urls.origin}/sites/${encodeURIComponent(organization.hostname ?? organization.id)}/${segment}/`;
}

/** A URL under the site's published base: `path` is relative (no leading '/'), e.g. a section's path. */
export function publishedUrl(base: string, path: string): string {
  return new URL(path.split("/").map(encodeURIComponent).join("/"), base).toString();
}

/** Where a visitor opens the site: its base, or with a share key, the key's segment under it. */
export function siteRootFor(base: string, shareKey?: string): string {
  return shareKey ? publishedUrl(base, `${shareKey}/`) : base;
}
