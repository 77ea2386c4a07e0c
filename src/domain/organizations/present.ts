import type { OrganizationRow } from "../../db/schema";
import { organizationPermissions, type Membership } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import type { OrganizationObject } from "../../schemas/organization";

/**
 * A self-hosted deployment has no billing: every organization gets every feature, which GitBook's
 * clients read from the top plan. See docs/decisions.md.
 */
const SELF_HOSTED_PLAN = "enterprise_2024";

/** `membership` null: the caller is not a member (the email-domain lookup); every permission is false. */
export function presentOrganization(
  organization: OrganizationRow,
  membership: Membership | null,
  urls: Urls,
): OrganizationObject {
  const permissions = membership
    ? organizationPermissions(membership)
    : mapValues(organizationPermissions({ role: null, ownsTeam: false }), () => false);
  return {
    object: "organization",
    id: organization.id,
    title: organization.title,
    createdAt: organization.createdAt,
    emailDomains: organization.emailDomains,
    ...(organization.hostname ? { hostname: organization.hostname } : {}),
    type: organization.type,
    ...(organization.useCase ? { useCase: organization.useCase } : {}),
    ...(organization.communityType ? { communityType: organization.communityType } : {}),
    defaultRole: organization.defaultRole,
    ...(organization.defaultContent ? { defaultContent: organization.defaultContent } : {}),
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    plan: SELF_HOSTED_PLAN,
    mergeRules: organization.mergeRules,
    urls: {
      location: urls.api(`/orgs/${organization.id}`),
      app: urls.app(`/o/${organization.id}`),
      ...(organization.logo ? { logo: organization.logo } : {}),
    },
    trial: { status: "notapplicable", count: 0 },
    permissions,
  };
}

function mapValues<T extends Record<string, unknown>, V>(object: T, map: (value: T[keyof T]) => V): { [K in keyof T]: V } {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value as T[keyof T])])) as {
    [K in keyof T]: V;
  };
}
