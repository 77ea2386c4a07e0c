import { contentRequirement, organizationRequirement, type ContentAction, type OrganizationAction } from "../../../src/lib/permissions";
import type { Permission } from "./operations";

/** One cell of docs/permissions.md's route table: the least role, the action, and any note. */
export function describePermissionForDocs(permission: Permission): string {
  const note = "note" in permission && permission.note ? ` ${permission.note}` : "";
  if ("organization" in permission) {
    const requirement = organizationRequirement(permission.organization as OrganizationAction);
    return `${requirement === "member" ? "any member" : `\`${requirement}\``} in the organization (\`${permission.organization}\`)${note}`;
  }
  if ("content" in permission) return `\`${contentRequirement(permission.content as ContentAction)}\` on the ${permission.on} (\`${permission.content}\`)${note}`;
  if ("anyUser" in permission) return `any user: ${permission.anyUser}`;
  return `anyone, members or not: ${permission.outsiders}`;
}
