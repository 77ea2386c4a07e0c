import { expect } from "vitest";
import { createSpace, flattenPages, mainPages } from "../content";
import type { TestUser } from "../fixtures";
import { call, type ApiResponse } from "../http";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * Templates (src/routes/templates.ts, src/domain/templates): the catalogue (GET /v1/templates and
 * its preview images), applyTemplateToSpace (to main, to a change request), createChangeRequest's
 * `template`, and a space used as a template. The suite's files are test/routes/templates/*.test.ts.
 * Storage is shared by a file: every test that changes content makes its own space.
 */

export { f, orgId, useSuiteFixture };

export const CATALOGUE_IDS = ["product-docs", "api-reference", "knowledge-base", "changelog", "blank"] as const;

export const templatePath = (spaceId: string) => `/v1/spaces/${spaceId}/content/template`;

/** POST …/content/template as `user`; the raw response. */
export function applyTemplate(user: TestUser, spaceId: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return call("POST", templatePath(spaceId), { token: user.token, body, headers });
}

/** Applies a template and expects GitBook's 201 with no content. */
export async function applied(user: TestUser, spaceId: string, body: unknown) {
  const response = await applyTemplate(user, spaceId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body).toBeUndefined();
}

/** A new space of the fixture's organization with the template applied to its main content. */
export async function spaceFromTemplate(body: Record<string, unknown>, title = "From a template") {
  const space = await createSpace(f.admin, orgId, { title });
  await applied(f.admin, space.id, body);
  return space.id;
}

/** Every page of main's content, depth first, as `[path, title]`. */
export async function mainOutline(spaceId: string) {
  return flattenPages(await mainPages(f.admin, spaceId)).map((page) => [page.path, page.title]);
}

export async function spaceRevision(spaceId: string): Promise<string> {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: f.admin.token });
  expect(response.status).toBe(200);
  return response.body.revision;
}
