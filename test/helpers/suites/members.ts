import type { OrganizationMember } from "@gitbook/api";
import type { Role } from "../../../src/lib/roles";
import { addMember, createOrganization, createUser, type TestUser } from "../fixtures";
import { call } from "../http";
import { walkList, type ListParams } from "../lists";

/*
 * Organization members through HTTP: GET/PATCH/DELETE /v1/orgs/{organizationId}/members[/{userId}].
 * Storage is shared by the tests of a file, so every test that changes something builds its own
 * organization; the list fixture is only ever read.
 */

export type Sort = "joinedAt" | "lastSeenAt" | "name";
export type Order = "asc" | "desc";
export type Member = OrganizationMember;

export const SORTS: Sort[] = ["joinedAt", "lastSeenAt", "name"];
export const ORDERS: Order[] = ["asc", "desc"];
export const LIMITS = [1, 2, 4, 1000];

export const membersPath = (organizationId: string) => `/v1/orgs/${organizationId}/members`;
export const memberPath = (organizationId: string, userId: string) => `/v1/orgs/${organizationId}/members/${userId}`;

/** SQLite's lower() and the API's name order fold ASCII letters only. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/** Walks a member list with walkList (every page checked against GitBook's spec); returns every item in the order served. */
export const walkMembers = (caller: TestUser, organizationId: string, params: ListParams, expectedCount: number) =>
  walkList<Member>(membersPath(organizationId), params, { token: caller.token, operationId: "listMembersInOrganizationById", expectedCount });

/** The order the API must serve: the sort key, then the user id as tie-breaker, both in `order`. */
export function expectedOrder(members: Member[], sort: Sort, order: Order): string[] {
  const key = (member: Member): string =>
    sort === "name" ? asciiLower(member.user.displayName) : sort === "joinedAt" ? member.joinedAt : (member.lastSeenAt ?? "");
  const sign = order === "asc" ? 1 : -1;
  return [...members]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return ka < kb ? -sign : sign;
      return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
    })
    .map((member) => member.id);
}

export async function readMember(caller: TestUser, organizationId: string, userId: string) {
  return call("GET", memberPath(organizationId, userId), { token: caller.token });
}

/** An organization with an admin and the given members, each joined through an invite link. */
export async function organizationWith<const Labels extends string>(members: Record<Labels, Role | null>) {
  const admin = await createUser("admin");
  const organization = await createOrganization(admin);
  const users = {} as Record<Labels, TestUser>;
  for (const [label, role] of Object.entries(members) as Array<[Labels, Role | null]>) {
    users[label] = await createUser(label);
    await addMember(admin, organization.id, users[label], role);
  }
  return { admin, organizationId: organization.id as string, ...users };
}
