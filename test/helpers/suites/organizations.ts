import { expect } from "vitest";
import type { TestUser } from "../fixtures";
import { call, type ApiResponse } from "../http";
import { walkList } from "../lists";
import { expectSpecResponse } from "../spec";

/*
 * Organization routes (seed 4.7), through HTTP and through GitBook's official client.
 * Storage is shared by every test of a file: each test builds its own users, organizations
 * and email domains with unique names, and never relies on another test having run.
 */

export const random = () => Math.random().toString(36).slice(2, 10);
/** A fresh, valid, lower-case email domain nobody else uses. */
export const freshDomain = (label = "acme") => `${label}-${random()}.com`;
/** A fresh hostname of 3 to 32 characters. */
export const freshHostname = () => `h${random()}`;

export type Permissions = Record<string, boolean>;

export async function getOrganization(user: TestUser, organizationId: string): Promise<ApiResponse> {
  return call("GET", `/v1/orgs/${organizationId}`, { token: user.token });
}

/** The organization as `user` reads it now (asserting 200). */
export async function readOrganization(user: TestUser, organizationId: string) {
  const response = await getOrganization(user, organizationId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function patchOrganization(user: TestUser, organizationId: string, body: unknown): Promise<ApiResponse> {
  return call("PATCH", `/v1/orgs/${organizationId}`, { token: user.token, body });
}

export async function organizationsForDomain(user: TestUser, domain: string): Promise<ApiResponse> {
  return call("GET", `/v1/email-domains/${domain}/orgs`, { token: user.token });
}

/** Ids of the organizations `user` sees for their own `domain` (asserting 200 and GitBook's spec). */
export async function organizationIdsForDomain(user: TestUser, domain: string): Promise<string[]> {
  const response = await organizationsForDomain(user, domain);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getOrganizationsForEmailDomain", 200, response.body);
  return response.body.organizations.map((organization: { id: string }) => organization.id);
}

/**
 * Walks GET /v1/orgs with walkList (every page checked, ceil(count / limit) pages, 50 when no
 * limit is given), also checking that every item is an organization; returns their ids in order.
 */
export async function walkOrganizations(user: TestUser, expectedCount: number, limit?: number): Promise<string[]> {
  const items = await walkList<{ object: string; id: string }>(
    "/v1/orgs",
    { limit },
    { token: user.token, operationId: "listOrganizationsForAuthenticatedUser", expectedCount },
  );
  for (const item of items) expect(item.object).toBe("organization");
  return items.map((item) => item.id);
}

export const ALL_FALSE: Permissions = {
  view: false,
  access: false,
  admin: false,
  ownTeam: false,
  createContent: false,
  createOpenAPISpec: false,
  ingestConversations: false,
  viewBilling: false,
  listMembers: false,
  listTeams: false,
  listIntegrations: false,
  listInstallations: false,
  installIntegration: false,
};

export function mapAll(value: boolean): Permissions {
  return Object.fromEntries(Object.keys(ALL_FALSE).map((key) => [key, value]));
}
