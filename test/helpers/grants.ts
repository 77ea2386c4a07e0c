import { expect } from "vitest";
import type { Role } from "../../src/lib/roles";
import type { TestUser } from "./fixtures";
import { call, type ApiResponse } from "./http";
import { walkList } from "./lists";
import { expectSpecResponse } from "./spec";

/**
 * Grants (GitBook's space, collection and site permissions) through HTTP, for the tests of
 * test/routes/grants/ and the matrix. Each writer asserts its status; each reader GitBook's schema.
 */

export type GrantPlace = "space" | "collection" | "site";
export type Target = { kind: "space"; id: string } | { kind: "collection"; id: string } | { kind: "site"; id: string; organizationId: string };

export const permissionsPath = (target: Target) =>
  target.kind === "site" ? `/v1/orgs/${target.organizationId}/sites/${target.id}/permissions` : `/v1/${target.kind === "space" ? "spaces" : "collections"}/${target.id}/permissions`;

const OPERATIONS = {
  space: { invite: "inviteToSpace", users: "listUserPermissionsInSpace", teams: "listTeamPermissionsInSpace", aggregate: "listPermissionsAggregateInSpace" },
  collection: { invite: "inviteToCollection", users: "listUserPermissionsInCollection", teams: "listTeamPermissionsInCollection", aggregate: "listPermissionsAggregateInCollection" },
  site: { invite: "inviteToSite", users: "listUserPermissionsInSite", teams: "listTeamPermissionsInSite", aggregate: "listPermissionsAggregateInSite" },
} as const;

export const operationOf = (target: Target, operation: keyof (typeof OPERATIONS)["space"]) => OPERATIONS[target.kind][operation];

export const invite = (caller: TestUser, target: Target, body: unknown): Promise<ApiResponse> => call("POST", permissionsPath(target), { token: caller.token, body });

/** Invites, asserting GitBook's 204. */
export async function inviteOk(caller: TestUser, target: Target, body: { role: Role | null; users?: string[]; teams?: string[] }): Promise<void> {
  const response = await invite(caller, target, body);
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}

/** Gives `role` to one user. */
export const grantTo = (caller: TestUser, target: Target, user: TestUser, role: Role) => inviteOk(caller, target, { role, users: [user.id] });

/** Gives `role` to one team. */
export const grantToTeam = (caller: TestUser, target: Target, teamId: string, role: Role) => inviteOk(caller, target, { role, teams: [teamId] });

export const principalPath = (target: Target, kind: "user" | "team", id: string) => `${permissionsPath(target)}/${kind}s/${id}`;

/** Takes back one user's or team's grant, asserting 205 (there was one) or 204 (there was none). */
export async function revoke(caller: TestUser, target: Target, kind: "user" | "team", id: string, expected: 204 | 205 = 205): Promise<void> {
  const response = await call("DELETE", principalPath(target, kind, id), { token: caller.token });
  expect(response.status, JSON.stringify(response.body)).toBe(expected);
}

export type UserPermission = { permission: Role; user: { id: string; email?: string; displayName: string } };
export type TeamPermission = { permission: Role; team: { id: string; title: string; spaces: number } };

/** Every user grant of the target, as [userId, role], oldest first (walked page by page when `limit` is given). */
export async function userGrants(caller: TestUser, target: Target, expectedCount: number, limit?: number): Promise<Array<[string, Role]>> {
  const items = await walkList<UserPermission>(`${permissionsPath(target)}/users`, { limit }, { token: caller.token, operationId: operationOf(target, "users"), expectedCount });
  return items.map((item) => [item.user.id, item.permission]);
}

export async function teamGrants(caller: TestUser, target: Target, expectedCount: number): Promise<TeamPermission[]> {
  return walkList<TeamPermission>(`${permissionsPath(target)}/teams`, {}, { token: caller.token, operationId: operationOf(target, "teams"), expectedCount });
}

/** Everyone who can access the content, as { userId: level }. */
export async function aggregate(caller: TestUser, target: Target, expectedCount: number, params: Record<string, string | number> = {}): Promise<Record<string, Role>> {
  const items = await walkList<UserPermission>(`${permissionsPath(target)}/aggregate`, params, { token: caller.token, operationId: operationOf(target, "aggregate"), expectedCount });
  return Object.fromEntries(items.map((item) => [item.user.id, item.permission]));
}

/** A team of the organization with these members, made by an admin. */
export async function teamWith(admin: TestUser, organizationId: string, members: TestUser[]): Promise<string> {
  const response = await call("PUT", `/v1/orgs/${organizationId}/teams`, { token: admin.token, body: { title: `Team ${Math.random().toString(36).slice(2, 8)}`, members: members.map((member) => member.id) } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

/** The caller's level on a space as its `permissions` say it, or 404 when they cannot see it. */
export async function spaceLevel(caller: TestUser, spaceId: string): Promise<Role | 404> {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: caller.token });
  if (response.status === 404) return 404;
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getSpaceById", 200, response.body);
  return levelOfSpacePermissions(response.body.permissions);
}

/** The caller's level on a collection as its `permissions` say it, or 404. */
export async function collectionLevel(caller: TestUser, collectionId: string): Promise<"read" | "create" | "admin" | 404> {
  const response = await call("GET", `/v1/collections/${collectionId}`, { token: caller.token });
  if (response.status === 404) return 404;
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const { admin, create, view } = response.body.permissions;
  expect(view).toBe(true);
  return admin ? "admin" : create ? "create" : "read";
}

/** The level a space's `permissions` object stands for (create: no key of its own, it reads as review). */
export function levelOfSpacePermissions(permissions: Record<string, boolean>): Role {
  if (permissions.admin) return "admin";
  if (permissions.review) return "review";
  if (permissions.edit) return "edit";
  if (permissions.comment) return "comment";
  return "read";
}
