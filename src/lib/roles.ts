/**
 * The role hierarchy shared by organization members, organization defaultRole, and the
 * defaultLevel of collections and spaces, from least to most powerful.
 */
export const ROLES = ["read", "comment", "edit", "review", "create", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A member's role, or null for a guest. */
export type RoleOrGuest = Role | null;

const RANK: Record<Role, number> = Object.fromEntries(ROLES.map((role, index) => [role, index + 1])) as Record<
  Role,
  number
>;

/** 0 for a guest (or no access), then 1 (read) to 6 (admin). */
export function roleRank(role: RoleOrGuest): number {
  return role === null ? 0 : RANK[role];
}

export function roleAtLeast(role: RoleOrGuest, minimum: Role): boolean {
  return roleRank(role) >= RANK[minimum];
}
