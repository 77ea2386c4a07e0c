import { expect } from "vitest";
import type { TestUser } from "./fixtures";
import { call, type ApiResponse } from "./http";
import { sitePath } from "./sites";
import { expectSpecResponse } from "./spec";
import { expectSpec0146Response } from "./spec-0146";

/** Site redirects through HTTP: every answer is checked against GitBook's 0.202 and 0.146 schemas. */

export const redirectsPath = (orgId: string, siteId: string) => `${sitePath(orgId, siteId)}/redirects`;

/**
 * A 2xx answer with `status`, valid for `operationId` in GitBook's 0.202 spec and, unless it is
 * `only0202`, in 0.146's; returns the body.
 */
export function validIn0146And0202<T = any>(response: ApiResponse, status: number, operationId: string, only0202 = false): T {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expectSpecResponse(operationId, status, response.body);
  if (!only0202) expectSpec0146Response(operationId, status, response.body);
  return response.body as T;
}

/**
 * Whether a redirect uses what only 0.202 has: a wildcard source (0.146's source pattern has no
 * `*`) or an external destination (0.146 has no such kind). 0.146's schema cannot describe those.
 */
export const only0202 = (redirect: { source: string; destination: { kind: string } }) => redirect.source.includes("*") || redirect.destination.kind === "external";

export async function createRedirect(user: TestUser, orgId: string, siteId: string, body: { source: string; destination: { kind: string; [field: string]: unknown } } & Record<string, unknown>) {
  const response = await call("POST", redirectsPath(orgId, siteId), { token: user.token, body });
  return validIn0146And0202(response, 201, "createSiteRedirect", only0202(body));
}

/** `getSiteRedirectBySource` for `source` (and a share key). */
export function redirectBySource(user: TestUser, orgId: string, siteId: string, source: string, shareKey?: string) {
  const query = new URLSearchParams({ source, ...(shareKey ? { shareKey } : {}) });
  return call("GET", `${sitePath(orgId, siteId)}/redirect?${query}`, { token: user.token });
}

/** The target URL `source` redirects to (200, valid in both specs). */
export async function targetOf(user: TestUser, orgId: string, siteId: string, source: string, shareKey?: string): Promise<string> {
  const response = await redirectBySource(user, orgId, siteId, source, shareKey);
  return validIn0146And0202(response, 200, "getSiteRedirectBySource", response.status === 200 && only0202(response.body.redirect)).target;
}
