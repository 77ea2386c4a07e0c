import { SELF } from "cloudflare:test";
import { GitBookAPI } from "@gitbook/api";
import { GitBookAPI as GitBookAPI0146 } from "gitbook-api-0146";
import { expect } from "vitest";
import type { Role } from "../../src/lib/roles";
import { ADMIN_TOKEN, ORIGIN, call } from "./http";

/**
 * Fixtures are made through the public API (admin bootstrap, invite links), never by writing
 * rows, so every test also exercises the paths a real deployment uses. Storage is shared by the
 * tests of one file: give every fixture fresh, unique names.
 */

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export async function createUser(label = "user", email?: string): Promise<TestUser> {
  const address = email ?? `${unique(label)}@example.com`;
  const response = await call("POST", "/admin/users", {
    token: ADMIN_TOKEN,
    body: { email: address, displayName: `Test ${label}` },
  });
  if (response.status !== 201) throw new Error(`createUser: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.user.id, email: address.toLowerCase(), token: response.body.token };
}

export async function createOrganization(owner: TestUser, body: Record<string, unknown> = {}) {
  const response = await call("POST", "/v1/orgs", { token: owner.token, body: { title: unique("Org"), ...body } });
  if (response.status !== 201) throw new Error(`createOrganization: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Adds `user` to the organization with `role` (null: guest) through an invite link, as a person would. */
export async function addMember(admin: TestUser, organizationId: string, user: TestUser, role: Role | null): Promise<void> {
  const invite = await call("POST", `/v1/orgs/${organizationId}/link-invites`, { token: admin.token, body: { role } });
  if (invite.status !== 201) throw new Error(`addMember invite: ${invite.status} ${JSON.stringify(invite.body)}`);
  const joined = await call("POST", `/v1/orgs/${organizationId}/invites/${invite.body.id}`, { token: user.token });
  if (joined.status !== 200) throw new Error(`addMember join: ${joined.status} ${JSON.stringify(joined.body)}`);
}

export const NON_ADMIN_ROLES = ["create", "review", "edit", "comment", "read"] as const;
/** Every member who is not an admin: the lesser roles and a guest (keys of organizationWithEveryRole). */
export const NON_ADMINS = [...NON_ADMIN_ROLES, "guest"] as const;

/** `userId`'s role (null: guest) as `viewer` reads it, or "not a member" when the read is a 404. */
export async function memberRole(viewer: TestUser, organizationId: string, userId: string): Promise<Role | null | "not a member"> {
  const response = await call("GET", `/v1/orgs/${organizationId}/members/${userId}`, { token: viewer.token });
  if (response.status === 404) return "not a member";
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.id).toBe(userId);
  return response.body.role;
}

/** An organization with one member of every role, a guest, and an outsider of another organization. */
export async function organizationWithEveryRole() {
  const admin = await createUser("admin");
  const organization = await createOrganization(admin);
  const members = {} as Record<(typeof NON_ADMIN_ROLES)[number] | "guest", TestUser>;
  for (const role of NON_ADMIN_ROLES) {
    members[role] = await createUser(role);
    await addMember(admin, organization.id, members[role], role);
  }
  members.guest = await createUser("guest");
  await addMember(admin, organization.id, members.guest, null);
  const outsider = await createUser("outsider");
  const outsiderOrganization = await createOrganization(outsider);
  return { organization, admin, ...members, outsider, outsiderOrganization };
}

/** GitBook's official client, unmodified, talking to the Worker under test through SELF. */
export function gitbookClient(user: TestUser | { token: string }) {
  return new GitBookAPI({ endpoint: ORIGIN, authToken: user.token, serviceBinding: SELF });
}

/** GitBook's client 0.146 (package.json's gitbook-api-0146, what GitBook's renderer was built against), through SELF. */
export function gitbookClient0146(user: TestUser | { token: string }) {
  return new GitBookAPI0146({ endpoint: ORIGIN, authToken: user.token, serviceBinding: SELF });
}
