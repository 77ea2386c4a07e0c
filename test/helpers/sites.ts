import { expect } from "vitest";
import type { TestUser } from "./fixtures";
import { call } from "./http";
import { expectSpecResponse } from "./spec";

/** Sites through HTTP: paths and the calls most site tests start with. */

export const sitesPath = (organizationId: string) => `/v1/orgs/${organizationId}/sites`;
export const sitePath = (organizationId: string, siteId: string) => `${sitesPath(organizationId)}/${siteId}`;

export async function createSite(user: TestUser, organizationId: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", sitesPath(organizationId), { token: user.token, body: { title: "Docs site", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createSite", 201, response.body);
  return response.body as { id: string; title: string; published: boolean; siteSpaces: number; urls: Record<string, string> } & Record<string, any>;
}

export async function readSite(user: TestUser, organizationId: string, siteId: string) {
  const response = await call("GET", sitePath(organizationId, siteId), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getSiteById", 200, response.body);
  return response.body;
}

export async function updateSite(user: TestUser, organizationId: string, siteId: string, body: Record<string, unknown>) {
  const response = await call("PATCH", sitePath(organizationId, siteId), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("updateSiteById", 200, response.body);
  return response.body;
}

export async function publishSite(user: TestUser, organizationId: string, siteId: string) {
  const response = await call("POST", `${sitePath(organizationId, siteId)}/publish`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The published profile (`GET …/published`), optionally with a share key. */
export function readPublished(user: TestUser, organizationId: string, siteId: string, shareKey?: string) {
  const query = shareKey === undefined ? "" : `?shareKey=${encodeURIComponent(shareKey)}`;
  return call("GET", `${sitePath(organizationId, siteId)}/published${query}`, { token: user.token });
}
