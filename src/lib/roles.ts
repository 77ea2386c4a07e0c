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

/** The role of a rank (1 read … 6 admin); null for 0, null or anything else (no role). */
export function roleOfRank(rank: number | null | undefined): RoleOrGuest {
  return typeof rank === "number" && Number.isInteger(rank) && rank >= 1 && rank <= ROLES.length ? ROLES[rank - 1]! : null;
}

/** The more powerful of two roles (null: none). */
export function higherRole(a: RoleOrGuest, b: RoleOrGuest): RoleOrGuest {
  return roleRank(a) >= roleRank(b) ? a : b;
}
