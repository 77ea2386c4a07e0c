import { GitBookAPIError } from "@gitbook/api";
import { expect } from "vitest";
import type { Role } from "../../../src/lib/roles";
import type { organizationWithEveryRole, TestUser } from "../fixtures";
import { call, type ApiResponse } from "../http";
import { queryString } from "../lists";
import { expectSpecResponse } from "../spec";

/*
 * Collections through HTTP and through GitBook's official client (seed 2.3, 4.8, 7; the rules are
 * in docs/decisions.md, "Spaces and collections"):
 *   GET/POST /v1/orgs/{organizationId}/collections, GET/PATCH/DELETE /v1/collections/{collectionId},
 *   GET /v1/collections/{collectionId}/spaces, POST /v1/collections/{collectionId}/move and /transfer.
 * Storage is shared by every test of a file: each describe builds its own organization, and every
 * test that changes something builds the collections it changes.
 */

export type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
export type Caller = TestUser;
export type Permissions = { view: boolean; admin: boolean; viewInviteLinks: boolean; create: boolean };

export const ROLES_BELOW_CREATE = ["review", "edit", "comment", "read"] as const;
export const ALL_ADMIN: Permissions = { view: true, admin: true, viewInviteLinks: true, create: true };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const missingId = () => `missing${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;

export const collectionsPath = (organizationId: string, query = "") => `/v1/orgs/${organizationId}/collections${query}`;
export const collectionPath = (collectionId: string) => `/v1/collections/${collectionId}`;
export const collectionSpacesPath = (collectionId: string, query = "") => `/v1/collections/${collectionId}/spaces${query}`;
export const movePath = (collectionId: string) => `/v1/collections/${collectionId}/move`;
export const transferPath = (collectionId: string) => `/v1/collections/${collectionId}/transfer`;

/** The permissions a level on a collection gives (src/lib/permissions.ts collectionPermissions). */
export function permissionsFor(level: Role): Permissions {
  return { view: true, admin: level === "admin", viewInviteLinks: level === "admin", create: level === "admin" || level === "create" };
}

/** Creates a collection (asserting 201) and returns it. */
export async function newCollection(user: Caller, organizationId: string, body: { title?: string; parent?: string } = {}) {
  const response = await call("POST", collectionsPath(organizationId), { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Creates a space (asserting 201) and returns it. */
export async function newSpace(user: Caller, organizationId: string, body: { title?: string; parent?: string } = {}) {
  const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title: "Space", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function getCollection(user: Caller, collectionId: string): Promise<ApiResponse> {
  return call("GET", collectionPath(collectionId), { token: user.token });
}

/** The collection as `user` reads it now (asserting 200 and GitBook's spec). */
export async function readCollection(user: Caller, collectionId: string) {
  const response = await getCollection(user, collectionId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getCollectionById", 200, response.body);
  return response.body;
}

/** The space as `user` reads it now (asserting 200). */
export async function readSpace(user: Caller, spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function patchCollection(user: Caller, collectionId: string, body: unknown): Promise<ApiResponse> {
  return call("PATCH", collectionPath(collectionId), { token: user.token, body });
}

export async function moveCollection(user: Caller, collectionId: string, body: unknown): Promise<ApiResponse> {
  return call("POST", movePath(collectionId), { token: user.token, body });
}

export async function moveSpace(user: Caller, spaceId: string, body: unknown): Promise<ApiResponse> {
  return call("POST", `/v1/spaces/${spaceId}/move`, { token: user.token, body });
}

/** Moves (asserting 200 and GitBook's spec) and returns the moved collection. */
export async function moved(user: Caller, collectionId: string, body: unknown) {
  const response = await moveCollection(user, collectionId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("moveCollection", 200, response.body);
  return response.body;
}

/** Ids of one collection list (one page of up to 1000), asserting 200 and GitBook's spec. */
export async function listIds(user: Caller, organizationId: string, nested?: boolean | string): Promise<string[]> {
  const response = await call("GET", collectionsPath(organizationId, queryString({ nested, limit: 1000 })), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
  expect(response.body.next).toBeUndefined();
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
}

/** Ids of the spaces listed in a collection (one page of up to 1000), asserting 200 and GitBook's spec. */
export async function spaceIdsIn(user: Caller, collectionId: string): Promise<string[]> {
  const response = await call("GET", collectionSpacesPath(collectionId, "?limit=1000"), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listSpacesInCollectionById", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
}

/** The caller's GitBookAPIError from a client call that must fail. */
export async function clientError(promise: Promise<unknown>): Promise<GitBookAPIError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GitBookAPIError);
  return error as GitBookAPIError;
}
