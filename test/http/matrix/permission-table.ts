import { contentRequirement, organizationRequirement, type ContentAction, type OrganizationAction } from "../../../src/lib/permissions";
import type { Permission } from "./operations";
import type { Rung } from "./world";

/** One cell of docs/permissions.md's route table: the least role, the action, and any note. */
export function describePermissionForDocs(permission: Permission): string {
  const note = "note" in permission && permission.note ? ` ${permission.note}` : "";
  if ("organization" in permission) {
    const requirement = organizationRequirement(permission.organization as OrganizationAction);
    return `${requirement === "member" ? "any member" : `\`${requirement}\``} in the organization (\`${permission.organization}\`)${note}`;
  }
  if ("content" in permission) return `\`${contentRequirement(permission.content as ContentAction)}\` on the ${permission.on} (\`${permission.content}\`)${note}`;
  if ("site" in permission) return `\`${organizationRequirement(permission.site as OrganizationAction)}\` in the organization, or given on the site (\`${permission.site}\`)${note}`;
  if ("anyUser" in permission) return `any user: ${permission.anyUser}`;
  if ("anyone" in permission) return `anyone, no token needed: ${permission.anyone}`;
  return `anyone, members or not: ${permission.outsiders}`;
}

/**
 * What a declared permission means on the matrix's ladder: the lowest rung it lets through, and
 * how the rungs below it are refused. None for the routes open to any user or to outsiders.
 */
export function expectation(permission: Permission): { lowest: Rung; refusal: (rung: Rung) => number } | undefined {
  if ("organization" in permission || "site" in permission) {
    const requirement = organizationRequirement(("organization" in permission ? permission.organization : permission.site) as OrganizationAction);
    return { lowest: requirement === "member" ? "guest" : requirement, refusal: () => 403 };
  }
  if ("content" in permission) {
    // Guests see no content unless it is shared with them: for them it does not exist.
    return { lowest: contentRequirement(permission.content as ContentAction), refusal: (rung) => (rung === "guest" ? 404 : 403) };
  }
  return undefined;
}
