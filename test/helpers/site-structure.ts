import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createSpace } from "./content";
import type { TestUser } from "./fixtures";
import { call, type ApiResponse } from "./http";
import { expectSpecResponse } from "./spec";

/**
 * A site's structure through HTTP (src/routes/sites/{sections,site-spaces,section-groups,adaptive}).
 * `insertSite` writes the one row the structure needs, the site itself: the Sites routes that
 * create one live on another branch; once merged, it can become a POST /sites.
 */

let counter = 0;

/** A new, unpublished site of the organization (no structure yet). */
export async function insertSite(organizationId: string, createdBy: TestUser, title = "Docs site"): Promise<{ id: string }> {
  const id = `site-${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO sites (id, organization_id, type, title, visibility, basename, hostname, proxy_origin, published, adaptive_content, agents_context, created_by, created_at, updated_at)
     VALUES (?, ?, 'basic', ?, 'public', NULL, NULL, NULL, 0, 0, 'excluded', ?, ?, ?)`,
  )
    .bind(id, organizationId, title, createdBy.id, now, now)
    .run();
  return { id };
}

/** An active share link of the site with `key` (stored as its SHA-256, as the Sites routes keep them). */
export async function insertShareLink(siteId: string, createdBy: TestUser, key: string, active = true): Promise<void> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  await env.DB.prepare(`INSERT INTO site_share_links (id, site_id, name, key_hash, active, created_by, created_at) VALUES (?, ?, 'Link', ?, ?, ?, ?)`)
    .bind(`link-${++counter}-${Math.random().toString(36).slice(2, 8)}`, siteId, hash, active ? 1 : 0, createdBy.id, new Date().toISOString())
    .run();
}

export const sitePath = (organizationId: string, siteId: string) => `/v1/orgs/${organizationId}/sites/${siteId}`;

export interface Ctx {
  orgId: string;
  siteId: string;
}

/** Asserts a 2xx answer with the status given, checked against GitBook's schema for the operation; returns the body. */
export function ok<T = any>(response: ApiResponse, status: number, operationId: string | null): T {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  if (operationId && status !== 204) expectSpecResponse(operationId, status, response.body);
  return response.body as T;
}

export async function addSection(user: TestUser, { orgId, siteId }: Ctx, body: Record<string, unknown>) {
  return ok(await call("POST", `${sitePath(orgId, siteId)}/sections`, { token: user.token, body }), 201, "addSectionToSite");
}

export async function addSiteSpace(user: TestUser, { orgId, siteId }: Ctx, body: Record<string, unknown>) {
  return ok(await call("POST", `${sitePath(orgId, siteId)}/site-spaces`, { token: user.token, body }), 201, "addSpaceToSite");
}

export async function addGroup(user: TestUser, { orgId, siteId }: Ctx, body: Record<string, unknown>) {
  return ok(await call("POST", `${sitePath(orgId, siteId)}/section-groups`, { token: user.token, body }), 201, "addSectionGroupToSite");
}

/** Every item of a list, following `next.page`. */
export async function listAll<T = any>(user: TestUser, path: string, operationId: string | null, limit = 50): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(page ? { page } : {}) });
    const separator = path.includes("?") ? "&" : "?";
    const body = ok(await call("GET", `${path}${separator}${query}`, { token: user.token }), 200, operationId);
    items.push(...body.items);
    page = body.next?.page;
  } while (page);
  return items;
}

export const sections = (user: TestUser, ctx: Ctx) => listAll(user, `${sitePath(ctx.orgId, ctx.siteId)}/sections`, "listSiteSections");
export const siteSpaces = (user: TestUser, ctx: Ctx, query = "") => listAll(user, `${sitePath(ctx.orgId, ctx.siteId)}/site-spaces${query}`, "listSiteSpaces");
export const groups = (user: TestUser, ctx: Ctx) => listAll(user, `${sitePath(ctx.orgId, ctx.siteId)}/section-groups`, "listSiteSectionGroups");

/** A site with `count` sections (each with one site space of a new space), in order. */
export async function siteWithSections(owner: TestUser, orgId: string, count: number) {
  const site = await insertSite(orgId, owner);
  const ctx = { orgId, siteId: site.id };
  const made: any[] = [];
  for (let i = 0; i < count; i++) {
    const space = await createSpace(owner, orgId, { title: `Section space ${i + 1}` });
    made.push(await addSection(owner, ctx, { spaceId: space.id, title: `Section ${i + 1}` }));
  }
  return { ctx, sections: made };
}

export const BOOLEAN_SCHEMA = {
  type: "object",
  properties: {
    isBetaUser: { type: "boolean", description: "In the beta program" },
    plan: { type: "string", enum: ["free", "pro"], description: "The visitor's plan" },
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: { prefersDark: { type: "boolean", description: "Prefers dark mode" } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
