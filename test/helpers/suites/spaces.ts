import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { spaces } from "../../../src/db/schema";
import type { Role } from "../../../src/lib/roles";
import type { TestUser } from "../fixtures";
import { call } from "../http";
import { expectSpecResponse } from "../spec";

/*
 * Space routes (seed 4.1, docs/decisions.md "Spaces and collections") through HTTP and GitBook's
 * official client: list and create under an organization; get, update, delete; duplicate,
 * restore, move and our own transfer. Collections only serve as parents here (their own routes
 * have their own file). Storage is shared by the file: every describe builds its own
 * organization, and every test that changes something makes its own spaces.
 */

export { f, orgId, useSuiteFixture, type Fixture } from "./organization-fixture";

export type Space = {
  object: "space";
  id: string;
  title: string;
  emoji: string;
  visibility: string;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: string;
  mergeRules: { type: string; rules?: Array<{ rule: string; users: string[] }> };
  urls: { location: string; app: string; icon?: string };
  organization: string;
  parent?: string;
  language?: string;
  revision: string;
  defaultLevel: Role | null;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  permissions: Record<string, boolean>;
};

/** A well-formed id that names nothing. */
export const NO_SUCH_ID = "noSuchSpace0000000000";

/** From least to most powerful (seed 2.1). */
export const LEVELS: Role[] = ["read", "comment", "edit", "review", "create", "admin"];

export const atLeast = (level: Role, least: Role) => LEVELS.indexOf(level) >= LEVELS.indexOf(least);

/** The `permissions` object a caller with `level` on a space must get (CONTENT_ACTIONS, seed 2.2 keys). */
export function permissionsFor(level: Role): Record<string, boolean> {
  return {
    view: true,
    access: true,
    admin: level === "admin",
    viewInviteLinks: level === "admin",
    edit: atLeast(level, "edit"),
    triggerGitSync: atLeast(level, "edit"),
    comment: atLeast(level, "comment"),
    merge: atLeast(level, "edit"),
    review: atLeast(level, "review"),
    installIntegration: level === "admin",
  };
}

export const spacePath = (spaceId: string) => `/v1/spaces/${spaceId}`;

export const orgSpacesPath = (organizationId: string) => `/v1/orgs/${organizationId}/spaces`;

export async function createSpaceAs(user: TestUser, organizationId: string, body: Record<string, unknown> = {}): Promise<Space> {
  const response = await call("POST", orgSpacesPath(organizationId), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function createCollectionAs(user: TestUser, organizationId: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", `/v1/orgs/${organizationId}/collections`, {
    token: user.token,
    body: { title: "Collection", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

export async function setCollectionLevel(admin: TestUser, collectionId: string, defaultLevel: Role | null) {
  const response = await call("PATCH", `/v1/collections/${collectionId}`, { token: admin.token, body: { defaultLevel } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export const getSpace = (user: TestUser, spaceId: string) => call("GET", spacePath(spaceId), { token: user.token });

/**
 * The space as `user` reads it now (asserting 200). GitBook's spec is checked where GET is under
 * test; this helper is the re-read that proves what changed, and checking every re-read is slow.
 */
export async function readSpace(user: TestUser, spaceId: string): Promise<Space> {
  const response = await getSpace(user, spaceId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export const patchSpace = (user: TestUser, spaceId: string, body: unknown) => call("PATCH", spacePath(spaceId), { token: user.token, body });

export async function patchOk(user: TestUser, spaceId: string, body: unknown): Promise<Space> {
  const response = await patchSpace(user, spaceId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("updateSpaceById", 200, response.body);
  return response.body;
}

export const deleteSpace = (user: TestUser, spaceId: string) => call("DELETE", spacePath(spaceId), { token: user.token });

export async function deleteOk(user: TestUser, spaceId: string) {
  const response = await deleteSpace(user, spaceId);
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  expect(response.body).toBeUndefined();
}

export const action = (user: TestUser, spaceId: string, name: "duplicate" | "restore" | "move" | "transfer", body?: unknown) =>
  call("POST", `${spacePath(spaceId)}/${name}`, { token: user.token, body });

export async function moveOk(user: TestUser, spaceId: string, body: unknown): Promise<Space> {
  const response = await action(user, spaceId, "move", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("moveSpace", 200, response.body);
  return response.body;
}

/** Ids of the live spaces directly in a collection, in their order. */
export async function collectionSpaceIds(user: TestUser, collectionId: string): Promise<string[]> {
  const response = await call("GET", `/v1/collections/${collectionId}/spaces?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((space: Space) => space.id);
}

/** The organization's space list as `user` reads it in one page (asserting 200 and GitBook's spec). */
export async function listSpaces(user: TestUser, organizationId: string): Promise<{ items: Space[]; count: number }> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listSpacesInOrganizationById", 200, response.body);
  expect(response.body.next).toBeUndefined();
  expect(response.body.count).toBe(response.body.items.length);
  return response.body;
}

/** The organization's live spaces, oldest first (one page; no spec check, unlike listSpaces). */
export async function orgSpaces(user: TestUser, organizationId: string): Promise<Space[]> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1000`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items;
}

export async function orgSpaceIds(user: TestUser, organizationId: string): Promise<string[]> {
  return (await orgSpaces(user, organizationId)).map((space) => space.id);
}

/** How many live spaces the organization's list counts. */
export async function spaceCount(user: TestUser, organizationId: string): Promise<number> {
  const response = await call("GET", `${orgSpacesPath(organizationId)}?limit=1`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.count;
}

/** Writes a deleted space's `deletedAt` directly: the only way to age a deletion past its 7 days. */
export async function backdateDeletion(spaceId: string, daysAgo: number) {
  const deletedAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  await createDatabase(env.DB).update(spaces).set({ deletedAt }).where(eq(spaces.id, spaceId));
  return deletedAt;
}

export const isTimestamp = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

export function expectNewSpaceCounters(space: Space) {
  expect(space.comments).toBe(0);
  expect(space.changeRequests).toBe(0);
  expect(space.changeRequestsOpen).toBe(0);
  expect(space.changeRequestsDraft).toBe(0);
}

/** The space without what changes on any write (for "nothing changed but the timestamp" checks). */
export const withoutUpdatedAt = ({ updatedAt: _ignored, ...rest }: Space) => rest;
