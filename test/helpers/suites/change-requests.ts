import { type ChangeRequest, GitBookAPIError } from "@gitbook/api";
import { expect } from "vitest";
import { createSpace, editContent, flattenPages, mainPages } from "../content";
import type { TestUser } from "../fixtures";
import { call } from "../http";
import { expectSpecResponse } from "../spec";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * Change request routes (src/routes/change-requests.ts) through HTTP and GitBook's official
 * client: create, read, update and list change requests (per space and per organization), their
 * reviews, requested reviewers, and the merge rules that guard merging; the suite's files are
 * test/routes/change-requests/{change-requests,lists,reviews,requested-reviewers,merge-rules}.test.ts.
 * Content editing and the three-way merge itself have their own files; here they only serve as
 * fixtures.
 *
 * Storage is shared by a file: the organization with every role is built once, every test that
 * changes something makes its own space, and the list describes build their own spaces (or
 * organization) in a beforeAll so that their counts are exact.
 */

export type Status = "draft" | "open" | "archived" | "merged";
export type User = { object: "user"; id: string; displayName: string; email?: string };
/** GitBook's own type (@gitbook/api): the change requests these routes serve match it. */
export type { ChangeRequest };
export type Review = {
  object: "change-request-review";
  id: string;
  revision: string;
  reviewer: User;
  requestedBy?: User;
  status: "approved" | "changes-requested";
  outdated: boolean;
  createdAt: string;
  updatedAt: string;
  urls: { location: string };
};
export type RequestedReviewer = {
  object: "change-request-requested-reviewer";
  revision: string;
  requestedBy: User;
  createdAt: string;
  kind: "user";
  user: User;
};
export type List<T> = { items: T[]; count: number; next?: { page: string } };
export type Query = Record<string, string | string[]>;

/** A well-formed id that names nothing. */
export const NO_SUCH_ID = "noSuchThing000000000";
/** A JSON document of one paragraph, as GitBook's editor stores a description. */
export const PARAGRAPH = {
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }] }],
};

export const crsPath = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`;
export const crPath = (spaceId: string, changeRequest: string | number) => `${crsPath(spaceId)}/${changeRequest}`;
export const orgCrsPath = (organizationId: string) => `/v1/orgs/${organizationId}/change-requests`;

/**
 * A query string; arrays become repeated parameters (`status=open&status=draft`), which the
 * change request lists take and test/helpers/lists.ts's queryString does not.
 */
export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Lets the clock move on, so timestamps of consecutive writes differ (orderings depend on them). */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

export const isTimestamp = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** Expects the client call to fail with `status`. */
export async function expectClientError(promise: Promise<unknown>, status: number) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GitBookAPIError);
  expect((error as GitBookAPIError).code).toBe(status);
}

// Change requests

export const postCr = (user: TestUser, spaceId: string, body: unknown = { subject: "Changes" }) => call("POST", crsPath(spaceId), { token: user.token, body });

export async function createCr(user: TestUser, spaceId: string, subject = "Changes"): Promise<ChangeRequest> {
  const response = await postCr(user, spaceId, { subject });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export const getCr = (user: TestUser, spaceId: string, changeRequest: string | number) => call("GET", crPath(spaceId, changeRequest), { token: user.token });

/** The change request as `user` reads it now (asserting 200): the re-read that proves what changed. */
export async function readCr(user: TestUser, spaceId: string, changeRequest: string | number): Promise<ChangeRequest> {
  const response = await getCr(user, spaceId, changeRequest);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export const patchCr = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("PATCH", crPath(spaceId, changeRequestId), { token: user.token, body });

export async function patchCrOk(user: TestUser, spaceId: string, changeRequestId: string, body: unknown): Promise<ChangeRequest> {
  const response = await patchCr(user, spaceId, changeRequestId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("updateChangeRequestById", 200, response.body);
  return response.body;
}

export const mergeAs = (user: TestUser, spaceId: string, changeRequestId: string) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/merge`, { token: user.token });

/** Adds a page titled `title` to the change request (as `user`, who becomes a contributor). */
export async function addPage(user: TestUser, spaceId: string, changeRequestId: string, title: string) {
  await editContent(user, spaceId, changeRequestId, [{ operation: "insert_page", title, document: { markdown: `About ${title}.` } }]);
}

/** The titles of the pages of the space's main content. */
export async function mainTitles(user: TestUser, spaceId: string): Promise<string[]> {
  return flattenPages(await mainPages(user, spaceId)).map((page) => page.title);
}

// Spaces

export async function readSpace(user: TestUser, spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    revision: string;
    mergeRules: unknown;
    changeRequests: number;
    changeRequestsDraft: number;
    changeRequestsOpen: number;
  };
}

/** The space's change request counters as GET /v1/spaces/{id} shows them. */
export async function counters(user: TestUser, spaceId: string) {
  const { changeRequests, changeRequestsDraft, changeRequestsOpen } = await readSpace(user, spaceId);
  return { changeRequests, changeRequestsDraft, changeRequestsOpen };
}

export async function patchSpaceOk(user: TestUser, spaceId: string, body: unknown) {
  const response = await call("PATCH", `/v1/spaces/${spaceId}`, { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function deleteSpaceOk(user: TestUser, spaceId: string) {
  const response = await call("DELETE", `/v1/spaces/${spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}

export const specificReviewers = (...users: string[]) => ({ type: "rules", rules: [{ rule: "require_specific_reviewers", users }] });

// Lists

/** One page of a change request list as `user` reads it (asserting 200, GitBook's spec and `count`). */
async function listCrs(user: TestUser, path: string, operationId: string, query: Query): Promise<List<ChangeRequest>> {
  const response = await call("GET", `${path}${queryString(query)}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse(operationId, 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body;
}

export const listSpaceCrs = (user: TestUser, spaceId: string, query: Query = {}) => listCrs(user, crsPath(spaceId), "listChangeRequestsForSpace", query);

export const listOrgCrs = (user: TestUser, organizationId: string, query: Query = {}) =>
  listCrs(user, orgCrsPath(organizationId), "listChangeRequestsForOrganization", query);

export const ids = (list: { items: Array<{ id: string }> }) => list.items.map((item) => item.id);

/**
 * Ids most recent first by `field`, ties broken by id (descending), as the lists order them.
 * The change requests are read afresh, so their timestamps are the current ones.
 */
export async function newestFirst(user: TestUser, spaceId: string, changeRequests: ChangeRequest[], field: "createdAt" | "updatedAt") {
  const fresh = await Promise.all(changeRequests.map((item) => readCr(user, spaceId, item.id)));
  return fresh
    .sort((a, b) => (a[field] !== b[field] ? (a[field] < b[field] ? 1 : -1) : a.id < b.id ? 1 : -1))
    .map((item) => item.id);
}

// Reviews and reviewers

export const postReview = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/reviews`, { token: user.token, body });

export async function reviewOk(user: TestUser, spaceId: string, changeRequestId: string, status: Review["status"]): Promise<Review> {
  const response = await postReview(user, spaceId, changeRequestId, { status });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * The reviews as `user` lists them in one page (asserting 200). GitBook's spec and `count` are
 * checked by tests of their own, not here: these re-reads are about which reviews there are and
 * whether they are outdated, and should fail for that only.
 */
export async function listReviews(user: TestUser, spaceId: string, changeRequestId: string, query: Query = {}): Promise<List<Review>> {
  const response = await call("GET", `${crPath(spaceId, changeRequestId)}/reviews${queryString(query)}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.next).toBeUndefined();
  return response.body;
}

export const askReviewers = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/requested-reviewers`, { token: user.token, body });

export async function askReviewersOk(user: TestUser, spaceId: string, changeRequestId: string, users: string[]): Promise<RequestedReviewer[]> {
  const response = await askReviewers(user, spaceId, changeRequestId, { users });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("requestReviewersForChangeRequest", 200, response.body);
  return response.body.users;
}

export async function requestedReviewerIds(user: TestUser, spaceId: string, changeRequestId: string): Promise<string[]> {
  const response = await call("GET", `${crPath(spaceId, changeRequestId)}/requested-reviewers`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getRequestedReviewersByChangeRequestId", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: RequestedReviewer) => item.user.id).sort();
}

export const withdrawReviewer = (user: TestUser, spaceId: string, changeRequestId: string, userId: string) =>
  call("DELETE", `${crPath(spaceId, changeRequestId)}/requested-reviewers/${userId}`, { token: user.token });

/**
 * The fixture is the space suite's: one organization with every role (each describe makes its own
 * spaces), built by useSuiteFixture() in every test file that calls it.
 */
export { f, orgId, useSuiteFixture };

export const newSpace = (body: Record<string, unknown> = {}) => createSpace(f.admin, orgId, body);
