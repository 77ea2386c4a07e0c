import { expect } from "vitest";
import type { organizationWithEveryRole, TestUser } from "./fixtures";
import { call } from "./http";
import { expectSpecResponse } from "./spec";
import { walkList } from "./lists";

/**
 * Readers and writers for the team tests (test/routes/teams/teams.test.ts, team-members.test.ts,
 * test/routes/organizations/saml.test.ts). Each asserts the status and GitBook's spec of what it reads.
 */

export type Team = {
  object: "team";
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: { admin: boolean; view: boolean };
};
export type TeamMemberItem = { organization: { id: string; role: string | null; teams: number }; team: { role: "owner" | "member" }; permissions: { view: boolean } };
export type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;

export const teamsPath = (organizationId: string) => `/v1/orgs/${organizationId}/teams`;
export const teamPath = (organizationId: string, teamId: string) => `${teamsPath(organizationId)}/${teamId}`;
export const teamMembersPath = (organizationId: string, teamId: string) => `${teamPath(organizationId, teamId)}/members`;
export const teamMemberPath = (organizationId: string, teamId: string, userId: string) => `${teamMembersPath(organizationId, teamId)}/${userId}`;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a team as `admin`, asserting 201 and GitBook's spec. Lists are ordered by creation time
 * (to the millisecond, ties by id): the pause keeps the order of creation the order served.
 */
export async function createTeam(admin: TestUser, organizationId: string, title: string, members?: string[]): Promise<Team> {
  const response = await call("PUT", teamsPath(organizationId), { token: admin.token, body: { title, ...(members ? { members } : {}) } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createOrganizationTeam", 201, response.body);
  await pause(3);
  return response.body;
}

export async function readTeam(caller: TestUser, organizationId: string, teamId: string): Promise<Team> {
  const response = await call("GET", teamPath(organizationId, teamId), { token: caller.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getTeamInOrganizationById", 200, response.body);
  return response.body;
}

export const listTeams = (caller: TestUser, organizationId: string, params: Record<string, string | number | undefined>, expectedCount: number) =>
  walkList<Team>(teamsPath(organizationId), params, { token: caller.token, operationId: "listTeamsInOrganizationById", expectedCount });

/** Every member of the team as [userId, role], in the order served. */
export async function teamRoster(caller: TestUser, organizationId: string, teamId: string): Promise<Array<[string, string]>> {
  const response = await call("GET", `${teamMembersPath(organizationId, teamId)}?limit=1000`, { token: caller.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listTeamMembersInOrganizationById", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: TeamMemberItem) => [item.organization.id, item.team.role]);
}

/** The roster as a sorted object, for comparisons that do not depend on order. */
export async function rosterOf(caller: TestUser, organizationId: string, teamId: string): Promise<Record<string, string>> {
  return Object.fromEntries(await teamRoster(caller, organizationId, teamId));
}

/** The member's `teams` counter, as GET member reports it. */
export async function teamsCountOf(admin: TestUser, organizationId: string, userId: string): Promise<number> {
  const response = await call("GET", `/v1/orgs/${organizationId}/members/${userId}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.teams;
}

/** The caller's `ownTeam` permission on the organization. */
export async function ownTeam(user: TestUser, organizationId: string): Promise<boolean> {
  const response = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.permissions.ownTeam;
}

export async function putMembers(caller: TestUser, organizationId: string, teamId: string, body: unknown) {
  return call("PUT", teamMembersPath(organizationId, teamId), { token: caller.token, body });
}

export async function expectTeamsCount(admin: TestUser, organizationId: string, expected: number) {
  const response = await call("GET", `${teamsPath(organizationId)}?limit=0`, { token: admin.token });
  expect(response.status).toBe(200);
  expect(response.body.count).toBe(expected);
}
