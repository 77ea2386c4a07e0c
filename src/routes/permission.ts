import type { ContentAction, OrganizationAction, SiteAction } from "../lib/permissions";
import { contentRequirement, organizationRequirement } from "../lib/permissions";

/**
 * Who may call a /v1 route. Every route declares one (`userRoute` will not build without it); it
 * is written into the route's OpenAPI description and its `x-permission`, and test/http/matrix
 * calls the route as every role and checks that exactly the roles declared here get past the
 * permission check. The requirements themselves come from lib/permissions.ts, the one table.
 */
export type RoutePermission =
  /** An action in the organization of the path (or of the content in it). */
  | { organization: OrganizationAction; note?: string }
  /** An action on the space, collection or change request of the path, at the caller's level on it. */
  | { content: ContentAction; on: "space" | "collection"; note?: string }
  /** A site action on the site of the path: the organization role it needs, or that role given on the site (a grant). */
  | { site: SiteAction; note?: string }
  /** Any caller with a token: the route is about the caller's own things. */
  | { anyUser: string }
  /** Also callers outside the organization: the route is a way in. */
  | { outsiders: string }
  /** Anyone, with no token at all: what the route serves is public (a published site's URL). */
  | { anyone: string };

/** The permission as one sentence of the route's description. */
export function describePermission(permission: RoutePermission): string {
  const note = "note" in permission && permission.note ? ` ${permission.note}` : "";
  if ("organization" in permission) {
    const requirement = organizationRequirement(permission.organization);
    const who = requirement === "member" ? "Any member of the organization (guests included)" : `Members of the organization with the role \`${requirement}\` or higher`;
    return `**Permission:** ${who} (\`${permission.organization}\`).${note}`;
  }
  if ("site" in permission) {
    const requirement = organizationRequirement(permission.site);
    return `**Permission:** Members of the organization with the role \`${requirement}\` or higher, or given it on the site (\`${permission.site}\`).${note}`;
  }
  if ("content" in permission) {
    const level = contentRequirement(permission.content);
    return `**Permission:** the level \`${level}\` or higher on the ${permission.on} (\`${permission.content}\`); it is hidden (404) from members who cannot see it.${note}`;
  }
  if ("anyUser" in permission) return `**Permission:** any authenticated user: ${permission.anyUser}.`;
  if ("anyone" in permission) return `**Permission:** anyone, without a token: ${permission.anyone}.`;
  return `**Permission:** any authenticated user, members or not: ${permission.outsiders}.`;
}
