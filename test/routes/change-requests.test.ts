import { ChangeRequestOrderBy, ChangeRequestReviewStatus, ChangeRequestStatus, GitBookAPIError } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, gitbookClient, organizationWithEveryRole, type TestUser } from "../helpers/fixtures";
import { createSpace, editContent, flattenPages, mainPages, mergeChangeRequest } from "../helpers/content";
import { call, errorMessage } from "../helpers/http";
import { expectSpecResponse } from "../helpers/spec";

/*
 * Change request routes (src/routes/change-requests.ts) through HTTP and GitBook's official
 * client: create, read, update and list change requests (per space and per organization), their
 * reviews, requested reviewers, and the merge rules that guard merging. Content editing and the
 * three-way merge itself have their own files; here they only serve as fixtures.
 *
 * Storage is shared by the file: the organization with every role is built once, every test that
 * changes something makes its own space, and the list describes build their own spaces (or
 * organization) in a beforeAll so that their counts are exact.
 */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
type Status = "draft" | "open" | "archived" | "merged";
type User = { object: "user"; id: string; displayName: string; email?: string };
type ChangeRequest = {
  object: "change-request";
  id: string;
  number: number;
  status: Status;
  subject: string;
  description?: unknown;
  createdBy: User;
  createdAt: string;
  updatedAt: string;
  mergedBy?: User;
  mergedAt?: string;
  space: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor: string;
  revisionMerged?: string;
  comments: number;
  outdated: boolean;
  urls: { app: string; location: string };
};
type Review = {
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
type RequestedReviewer = {
  object: "change-request-requested-reviewer";
  revision: string;
  requestedBy: User;
  createdAt: string;
  kind: "user";
  user: User;
};
type List<T> = { items: T[]; count: number; next?: { page: string } };
type Query = Record<string, string | string[]>;

/** A well-formed id that names nothing. */
const NO_SUCH_ID = "noSuchThing000000000";
/** A JSON document of one paragraph, as GitBook's editor stores a description. */
const PARAGRAPH = {
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }] }],
};

const crsPath = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`;
const crPath = (spaceId: string, changeRequest: string | number) => `${crsPath(spaceId)}/${changeRequest}`;
const orgCrsPath = (organizationId: string) => `/v1/orgs/${organizationId}/change-requests`;

/** A query string; arrays become repeated parameters (`status=open&status=draft`). */
function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Runs independent requests (refusals, bad inputs: none changes anything) at once. */
async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  await Promise.all(items.map(run));
}

/** Lets the clock move on, so timestamps of consecutive writes differ (orderings depend on them). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

const isTimestamp = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** Expects the client call to fail with `status`. */
async function expectClientError(promise: Promise<unknown>, status: number) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GitBookAPIError);
  expect((error as GitBookAPIError).code).toBe(status);
}

// Change requests

const postCr = (user: TestUser, spaceId: string, body: unknown = { subject: "Changes" }) => call("POST", crsPath(spaceId), { token: user.token, body });

async function createCr(user: TestUser, spaceId: string, subject = "Changes"): Promise<ChangeRequest> {
  const response = await postCr(user, spaceId, { subject });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const getCr = (user: TestUser, spaceId: string, changeRequest: string | number) => call("GET", crPath(spaceId, changeRequest), { token: user.token });

/** The change request as `user` reads it now (asserting 200): the re-read that proves what changed. */
async function readCr(user: TestUser, spaceId: string, changeRequest: string | number): Promise<ChangeRequest> {
  const response = await getCr(user, spaceId, changeRequest);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const patchCr = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("PATCH", crPath(spaceId, changeRequestId), { token: user.token, body });

async function patchCrOk(user: TestUser, spaceId: string, changeRequestId: string, body: unknown): Promise<ChangeRequest> {
  const response = await patchCr(user, spaceId, changeRequestId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("updateChangeRequestById", 200, response.body);
  return response.body;
}

const mergeAs = (user: TestUser, spaceId: string, changeRequestId: string) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/merge`, { token: user.token });

/** Adds a page titled `title` to the change request (as `user`, who becomes a contributor). */
async function addPage(user: TestUser, spaceId: string, changeRequestId: string, title: string) {
  await editContent(user, spaceId, changeRequestId, [{ operation: "insert_page", title, document: { markdown: `About ${title}.` } }]);
}

/** The titles of the pages of the space's main content. */
async function mainTitles(user: TestUser, spaceId: string): Promise<string[]> {
  return flattenPages(await mainPages(user, spaceId)).map((page) => page.title);
}

// Spaces

async function readSpace(user: TestUser, spaceId: string) {
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
async function counters(user: TestUser, spaceId: string) {
  const { changeRequests, changeRequestsDraft, changeRequestsOpen } = await readSpace(user, spaceId);
  return { changeRequests, changeRequestsDraft, changeRequestsOpen };
}

async function patchSpaceOk(user: TestUser, spaceId: string, body: unknown) {
  const response = await call("PATCH", `/v1/spaces/${spaceId}`, { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function deleteSpaceOk(user: TestUser, spaceId: string) {
  const response = await call("DELETE", `/v1/spaces/${spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}

const specificReviewers = (...users: string[]) => ({ type: "rules", rules: [{ rule: "require_specific_reviewers", users }] });

// Lists

async function listSpaceCrs(user: TestUser, spaceId: string, query: Query = {}): Promise<List<ChangeRequest>> {
  const response = await call("GET", `${crsPath(spaceId)}${queryString(query)}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listChangeRequestsForSpace", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body;
}

async function listOrgCrs(user: TestUser, organizationId: string, query: Query = {}): Promise<List<ChangeRequest>> {
  const response = await call("GET", `${orgCrsPath(organizationId)}${queryString(query)}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("listChangeRequestsForOrganization", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body;
}

const ids = (list: { items: Array<{ id: string }> }) => list.items.map((item) => item.id);

/**
 * Ids most recent first by `field`, ties broken by id (descending), as the lists order them.
 * The change requests are read afresh, so their timestamps are the current ones.
 */
async function newestFirst(user: TestUser, spaceId: string, changeRequests: ChangeRequest[], field: "createdAt" | "updatedAt") {
  const fresh = await Promise.all(changeRequests.map((item) => readCr(user, spaceId, item.id)));
  return fresh
    .sort((a, b) => (a[field] !== b[field] ? (a[field] < b[field] ? 1 : -1) : a.id < b.id ? 1 : -1))
    .map((item) => item.id);
}

/**
 * Walks a list with limit=2 from its first page to its last, checking every envelope (and, with an
 * operationId, GitBook's spec for it); returns the ids in order.
 */
async function walkPages(user: TestUser, path: string, query: Query, operationId: string | null, expectedCount: number) {
  const walked: string[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const response = await call("GET", `${path}${queryString({ ...query, limit: "2", ...(page ? { page } : {}) })}`, { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (operationId) expectSpecResponse(operationId, 200, response.body);
    expect(response.body.count).toBe(expectedCount);
    walked.push(...ids(response.body));
    page = response.body.next?.page;
    expect(response.body.items).toHaveLength(page === undefined ? expectedCount - 2 * pages : 2);
    pages += 1;
    expect(pages).toBeLessThanOrEqual(Math.ceil(expectedCount / 2));
  } while (page !== undefined);
  expect(pages).toBe(Math.ceil(expectedCount / 2));
  expect(new Set(walked).size).toBe(expectedCount);
  return walked;
}

// Reviews and reviewers

const postReview = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/reviews`, { token: user.token, body });

async function reviewOk(user: TestUser, spaceId: string, changeRequestId: string, status: Review["status"]): Promise<Review> {
  const response = await postReview(user, spaceId, changeRequestId, { status });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * The reviews as `user` lists them in one page (asserting 200). GitBook's spec and `count` are
 * checked by tests of their own, not here: these re-reads are about which reviews there are and
 * whether they are outdated, and should fail for that only.
 */
async function listReviews(user: TestUser, spaceId: string, changeRequestId: string, query: Query = {}): Promise<List<Review>> {
  const response = await call("GET", `${crPath(spaceId, changeRequestId)}/reviews${queryString(query)}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.next).toBeUndefined();
  return response.body;
}

const askReviewers = (user: TestUser, spaceId: string, changeRequestId: string, body: unknown) =>
  call("POST", `${crPath(spaceId, changeRequestId)}/requested-reviewers`, { token: user.token, body });

async function askReviewersOk(user: TestUser, spaceId: string, changeRequestId: string, users: string[]): Promise<RequestedReviewer[]> {
  const response = await askReviewers(user, spaceId, changeRequestId, { users });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("requestReviewersForChangeRequest", 200, response.body);
  return response.body.users;
}

async function requestedReviewerIds(user: TestUser, spaceId: string, changeRequestId: string): Promise<string[]> {
  const response = await call("GET", `${crPath(spaceId, changeRequestId)}/requested-reviewers`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getRequestedReviewersByChangeRequestId", 200, response.body);
  expect(response.body.count).toBe(response.body.items.length);
  return response.body.items.map((item: RequestedReviewer) => item.user.id).sort();
}

const withdrawReviewer = (user: TestUser, spaceId: string, changeRequestId: string, userId: string) =>
  call("DELETE", `${crPath(spaceId, changeRequestId)}/requested-reviewers/${userId}`, { token: user.token });

/** One organization with every role, shared by the describes below (each makes its own spaces). */
let f: Fixture;
let orgId: string;

beforeAll(async () => {
  f = await organizationWithEveryRole();
  orgId = f.organization.id;
}, 60_000);

const newSpace = (body: Record<string, unknown> = {}) => createSpace(f.admin, orgId, body);

describe("authentication", () => {

  it("does not create anything for a request without a token on a real space", async () => {
    const space = await newSpace();
    errorMessage(await call("POST", crsPath(space.id), { body: { subject: "x" } }), 401);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests (createChangeRequest)", () => {
  it("creates a draft from the space's revision, with a Location header, by the caller", async () => {
    const space = await newSpace();
    const response = await postCr(f.admin, space.id, { subject: "First draft" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createChangeRequest", 201, response.body);
    const created: ChangeRequest = response.body;
    expect(created.object).toBe("change-request");
    expect(created.status).toBe("draft");
    expect(created.number).toBe(1);
    expect(created.subject).toBe("First draft");
    expect(created.space).toBe(space.id);
    expect(created.revisionInitial).toBe(space.revision);
    expect(created.revision).toBe(space.revision);
    expect(created.revisionMergedAncestor).toBe(space.revision);
    expect(created).not.toHaveProperty("revisionMerged");
    expect(created).not.toHaveProperty("mergedBy");
    expect(created).not.toHaveProperty("mergedAt");
    expect(created).not.toHaveProperty("description");
    expect(created.outdated).toBe(false);
    expect(created.comments).toBe(0);
    expect(created.createdBy.id).toBe(f.admin.id);
    expect(isTimestamp(created.createdAt)).toBe(true);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(response.headers.get("location")).toBe(created.urls.location);
    expect(new URL(created.urls.location).pathname).toBe(crPath(space.id, created.id));
    expect(await readCr(f.read, space.id, created.id)).toEqual(created);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 1, changeRequestsDraft: 1, changeRequestsOpen: 0 });
  });

  it("numbers change requests 1, 2, 3 within each space, whoever creates them", async () => {
    const [one, two] = [await newSpace(), await newSpace()];
    const numbers: number[] = [];
    for (const user of [f.admin, f.edit, f.review]) numbers.push((await createCr(user, one.id)).number);
    expect(numbers).toEqual([1, 2, 3]);
    // Another space starts again at 1.
    expect((await createCr(f.admin, two.id)).number).toBe(1);
    expect((await createCr(f.create, one.id)).number).toBe(4);
  });

  it("takes no subject (an empty one) and a 100-character subject", async () => {
    const space = await newSpace();
    const untitled = await postCr(f.admin, space.id, {});
    expect(untitled.status, JSON.stringify(untitled.body)).toBe(201);
    expectSpecResponse("createChangeRequest", 201, untitled.body);
    expect(untitled.body.subject).toBe("");
    const subject = "s".repeat(100);
    expect((await createCr(f.admin, space.id, subject)).subject).toBe(subject);
  });

  it("lets every role from 'edit' up create, each becoming its author", async () => {
    const space = await newSpace();
    for (const role of ["edit", "review", "create", "admin"] as const) {
      const created = await createCr(f[role], space.id, `By ${role}`);
      expect(created.createdBy.id, role).toBe(f[role].id);
      expect(created.status).toBe("draft");
    }
    expect((await counters(f.admin, space.id)).changeRequests).toBe(4);
  });

  it("refuses 'read' and 'comment' (403), creating nothing", async () => {
    const space = await newSpace();
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await postCr(f[role], space.id), 403), role).toMatch(/edit/);
    });
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
    expect((await listSpaceCrs(f.admin, space.id, { status: "draft" })).count).toBe(0);
  });

  it("follows the space's level: defaultLevel 'read' stops an editor, 'edit' lets a reader in", async () => {
    const lowered = await newSpace();
    await patchSpaceOk(f.admin, lowered.id, { defaultLevel: "read" });
    errorMessage(await postCr(f.create, lowered.id), 403);
    const raised = await newSpace();
    await patchSpaceOk(f.admin, raised.id, { defaultLevel: "edit" });
    expect((await createCr(f.read, raised.id)).createdBy.id).toBe(f.read.id);
    expect(await counters(f.admin, lowered.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("is a 404 for a guest, an outsider and an unknown space, creating nothing", async () => {
    const space = await newSpace();
    errorMessage(await postCr(f.guest, space.id), 404);
    errorMessage(await postCr(f.outsider, space.id), 404);
    errorMessage(await postCr(f.admin, NO_SUCH_ID), 404);
    expect((await counters(f.admin, space.id)).changeRequests).toBe(0);
  });

  it("answers 400 naming the field for bad input, creating nothing", async () => {
    const space = await newSpace();
    const cases: Array<[unknown, RegExp]> = [
      [{ subject: "s".repeat(101) }, /'subject'/],
      [{ subject: 42 }, /'subject'/],
      [{ subject: "Templated", template: "some-template" }, /'template'/],
      [{ template: { id: "x" } }, /'template'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await postCr(f.admin, space.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await postCr(f.admin, space.id, "{not json"), 400);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("is a 409 on a deleted space, creating nothing", async () => {
    const space = await newSpace();
    await deleteSpaceOk(f.admin, space.id);
    expect(errorMessage(await postCr(f.admin, space.id), 409)).toMatch(/restore/i);
    expect((await counters(f.admin, space.id)).changeRequests).toBe(0);
  });

  it("keeps the space's counters right through creates, status changes and a merge", async () => {
    const space = await newSpace();
    const expectCounters = async (changeRequests: number, changeRequestsDraft: number, changeRequestsOpen: number) =>
      expect(await counters(f.read, space.id)).toEqual({ changeRequests, changeRequestsDraft, changeRequestsOpen });
    const a = await createCr(f.admin, space.id, "A");
    await expectCounters(1, 1, 0);
    const b = await createCr(f.edit, space.id, "B");
    await expectCounters(2, 2, 0);
    await patchCrOk(f.admin, space.id, a.id, { status: "open" });
    await expectCounters(2, 1, 1);
    await patchCrOk(f.admin, space.id, a.id, { status: "archived" });
    await expectCounters(2, 1, 0);
    await patchCrOk(f.admin, space.id, a.id, { status: "open" });
    await expectCounters(2, 1, 1);
    // A change of subject only keeps the counts.
    await patchCrOk(f.admin, space.id, b.id, { subject: "B again" });
    await expectCounters(2, 1, 1);
    // Merged change requests count in the total only.
    expect((await mergeChangeRequest(f.admin, space.id, a.id)).result).toBe("merge");
    await expectCounters(2, 1, 0);
    await patchCrOk(f.admin, space.id, b.id, { status: "open" });
    await expectCounters(2, 0, 1);
    expect((await mergeChangeRequest(f.admin, space.id, b.id)).result).toBe("merge");
    await expectCounters(2, 0, 0);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const created = await gitbookClient(f.edit).spaces.createChangeRequest(space.id, { subject: "Via client" });
    expect(created.status).toBe(201);
    expect(created.data.subject).toBe("Via client");
    expect(created.data.status).toBe("draft");
    expect(created.data.createdBy.id).toBe(f.edit.id);
    expect(await readCr(f.admin, space.id, created.data.id)).toEqual(created.data);
    await expectClientError(gitbookClient(f.read).spaces.createChangeRequest(space.id, { subject: "Nope" }), 403);
    await expectClientError(gitbookClient(f.guest).spaces.createChangeRequest(space.id, { subject: "Nope" }), 404);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} (getChangeRequestById)", () => {
  let space: { id: string; revision: string };
  let other: { id: string };
  let first: ChangeRequest;
  let otherSecond: ChangeRequest;

  beforeAll(async () => {
    space = await newSpace();
    other = await newSpace();
    first = await createCr(f.edit, space.id, "Readable");
    await createCr(f.admin, other.id, "Other's first");
    otherSecond = await createCr(f.admin, other.id, "Other's second");
  });

  it("reads a change request by id and by number, the same for every role", async () => {
    const byId = await getCr(f.admin, space.id, first.id);
    expect(byId.status).toBe(200);
    expectSpecResponse("getChangeRequestById", 200, byId.body);
    expect(byId.body).toEqual(first);
    expect(await readCr(f.admin, space.id, 1)).toEqual(first);
    await inParallel(["create", "review", "edit", "comment", "read"] as const, async (role) => {
      expect(await readCr(f[role], space.id, first.number), role).toEqual(first);
    });
  });

  it("is a 404 for an unknown id or number, and for another space's change request", async () => {
    expect(errorMessage(await getCr(f.admin, space.id, NO_SUCH_ID), 404)).toMatch(NO_SUCH_ID);
    errorMessage(await getCr(f.admin, space.id, 2), 404);
    errorMessage(await getCr(f.admin, space.id, 0), 404);
    // The other space's change request exists, but not in this space, by id or by its number.
    errorMessage(await getCr(f.admin, space.id, otherSecond.id), 404);
    expect(otherSecond.number).toBe(2);
    errorMessage(await getCr(f.admin, space.id, otherSecond.number), 404);
    expect(await readCr(f.admin, other.id, 2)).toEqual(otherSecond);
  });

  it("is a 404 for a guest, an outsider and an unknown space", async () => {
    errorMessage(await getCr(f.guest, space.id, first.id), 404);
    errorMessage(await getCr(f.outsider, space.id, first.id), 404);
    errorMessage(await getCr(f.admin, NO_SUCH_ID, first.id), 404);
  });

  it("works through GitBook's official client", async () => {
    const read = await gitbookClient(f.read).spaces.getChangeRequestById(space.id, first.id);
    expect(read.status).toBe(200);
    expect(read.data).toEqual(first);
    expect((await gitbookClient(f.read).spaces.getChangeRequestById(space.id, "1")).data).toEqual(first);
    await expectClientError(gitbookClient(f.outsider).spaces.getChangeRequestById(space.id, first.id), 404);
  });
});

describe("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} (updateChangeRequestById)", () => {
  it("updates subject and description, and only them", async () => {
    const space = await newSpace();
    const created = await createCr(f.edit, space.id, "Before");
    await tick();
    const updated = await patchCrOk(f.edit, space.id, created.id, { subject: "After", description: PARAGRAPH });
    expect(updated.subject).toBe("After");
    expect(updated.description).toEqual(PARAGRAPH);
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    const { updatedAt: _a, subject: _b, ...unchanged } = created;
    expect(updated).toMatchObject(unchanged);
    expect(await readCr(f.read, space.id, created.id)).toEqual(updated);
    // By number too; an empty body changes nothing but the timestamp.
    const again = await patchCrOk(f.edit, space.id, String(created.number), {});
    expect({ ...again, updatedAt: undefined }).toEqual({ ...updated, updatedAt: undefined });
  });

  it("moves the status between draft, open and archived", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    for (const status of ["open", "archived", "open", "draft", "archived", "draft"] as const) {
      expect((await patchCrOk(f.admin, space.id, created.id, { status })).status).toBe(status);
      expect((await readCr(f.read, space.id, created.id)).status).toBe(status);
    }
  });

  it("answers 400 naming the field for bad input, changing nothing", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id, "Stable");
    const cases: Array<[unknown, RegExp]> = [
      [{ status: "merged" }, /'status'/],
      [{ status: "closed" }, /'status'/],
      [{ subject: "s".repeat(101) }, /'subject'/],
      [{ subject: null }, /'subject'/],
      [{ description: "plain text" }, /'description'/],
      [{ description: { object: "block", nodes: [] } }, /'description/],
      // A valid change next to an invalid one is not applied either.
      [{ subject: "Changed", status: "merged" }, /'status'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await patchCr(f.admin, space.id, created.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await patchCr(f.admin, space.id, created.id, "{not json"), 400);
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
  });

  it("is a 409 for a status change of a merged change request, which stays merged", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, created.id);
    const merged = await readCr(f.admin, space.id, created.id);
    expect(merged.status).toBe("merged");
    await inParallel(["draft", "open", "archived"] as const, async (status) => {
      expect(errorMessage(await patchCr(f.admin, space.id, created.id, { status }), 409), status).toMatch(/merged/);
    });
    expect(await readCr(f.admin, space.id, created.id)).toEqual(merged);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 1, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("refuses 'read' and 'comment' (403), and lets any editor (not only the author) update", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id, "Admin's");
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await patchCr(f[role], space.id, created.id, { subject: "Hijacked" }), 403), role).toMatch(/edit/);
      errorMessage(await patchCr(f[role], space.id, created.id, { status: "open" }), 403);
    });
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
    expect((await patchCrOk(f.edit, space.id, created.id, { status: "open" })).status).toBe("open");
    expect((await patchCrOk(f.review, space.id, created.id, { subject: "By a reviewer" })).subject).toBe("By a reviewer");
  });

  it("is a 404 for a guest, an outsider, an unknown change request; a 409 on a deleted space", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    errorMessage(await patchCr(f.guest, space.id, created.id, { subject: "x" }), 404);
    errorMessage(await patchCr(f.outsider, space.id, created.id, { subject: "x" }), 404);
    errorMessage(await patchCr(f.admin, space.id, NO_SUCH_ID, { subject: "x" }), 404);
    errorMessage(await patchCr(f.admin, space.id, "7", { subject: "x" }), 404);
    await deleteSpaceOk(f.admin, space.id);
    expect(errorMessage(await patchCr(f.admin, space.id, created.id, { status: "open" }), 409)).toMatch(/restore/i);
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    const client = gitbookClient(f.admin);
    const updated = await client.spaces.updateChangeRequestById(space.id, created.id, { subject: "Client", status: "open", description: PARAGRAPH as never });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ subject: "Client", status: "open", description: PARAGRAPH });
    expect((await client.spaces.getChangeRequestById(space.id, created.id)).data).toEqual(updated.data);
    await expectClientError(gitbookClient(f.comment).spaces.updateChangeRequestById(space.id, created.id, { subject: "x" }), 403);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests (listChangeRequestsForSpace)", () => {
  let spaceId: string;
  let draft: ChangeRequest;
  let openByEdit: ChangeRequest;
  let openByReview: ChangeRequest;
  let openByAdmin: ChangeRequest;
  let archived: ChangeRequest;
  let merged: ChangeRequest;
  let draftByEdit: ChangeRequest;
  const open = () => [openByEdit, openByReview, openByAdmin];

  beforeAll(async () => {
    spaceId = (await newSpace()).id;
    const make = async (user: TestUser, subject: string, status?: Status) => {
      const created = await createCr(user, spaceId, subject);
      if (status && status !== "merged") await patchCrOk(user, spaceId, created.id, { status });
      await tick();
      return created;
    };
    draft = await make(f.admin, "draft");
    openByEdit = await make(f.edit, "open by edit", "open");
    openByReview = await make(f.review, "open by review", "open");
    openByAdmin = await make(f.admin, "open by admin", "open");
    archived = await make(f.create, "archived", "archived");
    merged = await make(f.admin, "merged");
    await mergeChangeRequest(f.admin, spaceId, merged.id);
    draftByEdit = await make(f.edit, "draft by edit");
    // A contributor who did not create it, and requested reviews on two.
    await addPage(f.create, spaceId, openByAdmin.id, "Contributed");
    await askReviewersOk(f.admin, spaceId, openByEdit.id, [f.review.id]);
    await askReviewersOk(f.admin, spaceId, openByAdmin.id, [f.review.id, f.read.id]);
    await tick();
    // Updated last, though created first of the open ones: the two orders differ.
    await patchCrOk(f.edit, spaceId, openByEdit.id, { subject: "open by edit, renamed" });
  }, 60_000);

  it("lists the open change requests by default, most recently updated first", async () => {
    const list = await listSpaceCrs(f.read, spaceId);
    expect(list.count).toBe(3);
    expect(list.next).toBeUndefined();
    expect(ids(list)).toEqual(await newestFirst(f.admin, spaceId, open(), "updatedAt"));
    expect(ids(list)[0]).toBe(openByEdit.id);
    for (const item of list.items) expect(item).toEqual(await readCr(f.admin, spaceId, item.id));
    expect(await listSpaceCrs(f.read, spaceId, { status: "open" })).toEqual(list);
  });

  it("filters on one status at a time", async () => {
    expect(ids(await listSpaceCrs(f.admin, spaceId, { status: "draft" }))).toEqual(await newestFirst(f.admin, spaceId, [draft, draftByEdit], "updatedAt"));
    expect(ids(await listSpaceCrs(f.admin, spaceId, { status: "archived" }))).toEqual([archived.id]);
    const mergedList = await listSpaceCrs(f.admin, spaceId, { status: "merged" });
    expect(ids(mergedList)).toEqual([merged.id]);
    expect(mergedList.items[0]!.status).toBe("merged");
  });

  it("orders by createdAt when asked, most recent first", async () => {
    const byCreation = await listSpaceCrs(f.admin, spaceId, { orderBy: "createdAt" });
    expect(ids(byCreation)).toEqual([openByAdmin.id, openByReview.id, openByEdit.id]);
    expect(ids(byCreation)).toEqual(await newestFirst(f.admin, spaceId, open(), "createdAt"));
    const byUpdate = await listSpaceCrs(f.admin, spaceId, { orderBy: "updatedAt" });
    expect(ids(byUpdate)).toEqual(ids(await listSpaceCrs(f.admin, spaceId)));
    expect(ids(byUpdate)).not.toEqual(ids(byCreation));
  });

  it("filters on creator, contributor and requested reviewer", async () => {
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.review.id }))).toEqual([openByReview.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.edit.id, status: "draft" }))).toEqual([draftByEdit.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.read.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { contributor: f.create.id }))).toEqual([openByAdmin.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { contributor: f.read.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id }))).toEqual(
      await newestFirst(f.admin, spaceId, [openByEdit, openByAdmin], "updatedAt"),
    );
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.read.id }))).toEqual([openByAdmin.id]);
    // Filters combine.
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id, creator: f.edit.id }))).toEqual([openByEdit.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id, status: "draft" }))).toEqual([]);
  });

  it("walks every page with limit=2, each change request once, in both orders", async () => {
    const all = [draft, openByEdit, openByReview, openByAdmin, archived, merged, draftByEdit];
    const statuses = ["draft", "open", "archived", "merged"] as const;
    // The space list takes one status: walk each status, then check the union.
    const seen: string[] = [];
    for (const status of statuses) {
      const members = await Promise.all(all.map((item) => readCr(f.admin, spaceId, item.id)));
      const expected = await newestFirst(
        f.admin,
        spaceId,
        members.filter((item) => item.status === status),
        "createdAt",
      );
      if (expected.length < 2) continue;
      expect(await walkPages(f.admin, crsPath(spaceId), { status, orderBy: "createdAt" }, "listChangeRequestsForSpace", expected.length)).toEqual(expected);
      seen.push(...expected);
    }
    expect(seen).toHaveLength(5);
    const openIds = await walkPages(f.read, crsPath(spaceId), {}, "listChangeRequestsForSpace", 3);
    expect(openIds).toEqual(await newestFirst(f.admin, spaceId, open(), "updatedAt"));
  });

  it("answers 400 for a bad status, orderBy, filter, limit or page", async () => {
    const cases: Array<[Query, RegExp]> = [
      [{ status: "closed" }, /'status'/],
      [{ status: "open,draft" }, /'status'/],
      [{ status: ["open", "draft"] }, /'status'/],
      [{ orderBy: "title" }, /'orderBy'/],
      [{ creator: "bad id!" }, /'creator'/],
      [{ limit: "1001" }, /'limit'/],
      [{ page: "garbage" }, /'page'/],
    ];
    await inParallel(cases, async ([query, parameter]) => {
      const response = await call("GET", `${crsPath(spaceId)}${queryString(query)}`, { token: f.admin.token });
      expect(errorMessage(response, 400), JSON.stringify(query)).toMatch(parameter);
    });
    // A cursor of the updatedAt order is not one of the createdAt order.
    const first = await call("GET", `${crsPath(spaceId)}?limit=1`, { token: f.admin.token });
    expect(first.body.next?.page).toBeTypeOf("string");
    const replayed = await call("GET", `${crsPath(spaceId)}${queryString({ orderBy: "createdAt", page: first.body.next.page })}`, {
      token: f.admin.token,
    });
    expect(errorMessage(replayed, 400)).toMatch(/'page'/);
  });

  it("is a 404 for a guest, an outsider and an unknown space", async () => {
    errorMessage(await call("GET", crsPath(spaceId), { token: f.guest.token }), 404);
    errorMessage(await call("GET", crsPath(spaceId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", crsPath(NO_SUCH_ID), { token: f.admin.token }), 404);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.comment);
    const first = await client.spaces.listChangeRequestsForSpace(spaceId, { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.data.count).toBe(3);
    const expected = await newestFirst(f.admin, spaceId, open(), "updatedAt");
    expect(ids(first.data)).toEqual(expected.slice(0, 2));
    const second = await client.spaces.listChangeRequestsForSpace(spaceId, { limit: 2, page: first.data.next!.page });
    expect(ids(second.data)).toEqual(expected.slice(2));
    expect(second.data.next).toBeUndefined();
    const drafts = await client.spaces.listChangeRequestsForSpace(spaceId, {
      status: ChangeRequestStatus.Draft,
      creator: f.edit.id,
      orderBy: ChangeRequestOrderBy.CreatedAt,
    });
    expect(ids(drafts.data)).toEqual([draftByEdit.id]);
    const reviewing = await client.spaces.listChangeRequestsForSpace(spaceId, { requestedReviewer: f.read.id });
    expect(ids(reviewing.data)).toEqual([openByAdmin.id]);
    await expectClientError(gitbookClient(f.guest).spaces.listChangeRequestsForSpace(spaceId), 404);
  });
});

describe("GET /v1/orgs/{organizationId}/change-requests (listChangeRequestsForOrganization)", () => {
  /** An organization of its own (some of the same people), so its counts are exact. */
  let organizationId: string;
  let spaceA: string;
  let spaceB: string;
  let a1: ChangeRequest; // open, by admin, edited by the editor
  let a2: ChangeRequest; // draft, by the editor
  let b1: ChangeRequest; // open, by the reviewer, the editor asked to review
  let b2: ChangeRequest; // archived, by admin
  let deletedOpen: ChangeRequest; // open, in a deleted space

  beforeAll(async () => {
    organizationId = (await createOrganization(f.admin)).id;
    await addMember(f.admin, organizationId, f.edit, "edit");
    await addMember(f.admin, organizationId, f.review, "review");
    await addMember(f.admin, organizationId, f.read, "read");
    await addMember(f.admin, organizationId, f.guest, null);
    spaceA = (await createSpace(f.admin, organizationId)).id;
    spaceB = (await createSpace(f.admin, organizationId)).id;
    const doomed = (await createSpace(f.admin, organizationId)).id;
    const make = async (user: TestUser, spaceId: string, subject: string, status?: Status) => {
      const created = await createCr(user, spaceId, subject);
      if (status) await patchCrOk(user, spaceId, created.id, { status });
      await tick();
      return created;
    };
    a1 = await make(f.admin, spaceA, "a1", "open");
    a2 = await make(f.edit, spaceA, "a2");
    deletedOpen = await make(f.admin, doomed, "in a deleted space", "open");
    b1 = await make(f.review, spaceB, "b1", "open");
    b2 = await make(f.admin, spaceB, "b2", "archived");
    await addPage(f.edit, spaceA, a1.id, "Edited");
    await askReviewersOk(f.admin, spaceB, b1.id, [f.edit.id]);
    await deleteSpaceOk(f.admin, doomed);
  }, 60_000);

  /** Reads each change request afresh (in whichever space it is) and orders them most recent first. */
  async function expectedOrder(items: ChangeRequest[], field: "createdAt" | "updatedAt" = "updatedAt") {
    const fresh = await Promise.all(items.map((item) => readCr(f.admin, item.space, item.id)));
    return fresh.sort((a, b) => (a[field] !== b[field] ? (a[field] < b[field] ? 1 : -1) : a.id < b.id ? 1 : -1)).map((item) => item.id);
  }

  it("lists the open change requests of the live spaces by default, most recently updated first", async () => {
    const list = await listOrgCrs(f.read, organizationId);
    expect(list.count).toBe(2);
    expect(ids(list)).toEqual(await expectedOrder([a1, b1]));
    expect(ids(list)).not.toContain(deletedOpen.id);
    for (const item of list.items) expect(item).toEqual(await readCr(f.admin, item.space, item.id));
    // The deleted space's change request is still there, only not listed.
    expect((await readCr(f.admin, deletedOpen.space, deletedOpen.id)).status).toBe("open");
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["open", "draft", "archived", "merged"] }))).not.toContain(deletedOpen.id);
  });

  it("filters on several statuses, repeated or comma-separated", async () => {
    const openOrDraft = await expectedOrder([a1, a2, b1]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["open", "draft"] }))).toEqual(openOrDraft);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "open,draft" }))).toEqual(openOrDraft);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["draft,open", "archived"] }))).toEqual(await expectedOrder([a1, a2, b1, b2]));
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "archived" }))).toEqual([b2.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "merged" }))).toEqual([]);
  });

  it("filters on space, creator, contributor and requested reviewer; orders by createdAt", async () => {
    const every = { status: ["open", "draft", "archived"] };
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, space: spaceB }))).toEqual(await expectedOrder([b1, b2]));
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, creator: f.edit.id }))).toEqual([a2.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { creator: f.review.id }))).toEqual([b1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { contributor: f.edit.id }))).toEqual([a1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { requestedReviewer: f.edit.id }))).toEqual([b1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { requestedReviewer: f.review.id }))).toEqual([]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, space: spaceA, creator: f.admin.id }))).toEqual([a1.id]);
    const byCreation = await listOrgCrs(f.admin, organizationId, { ...every, orderBy: "createdAt" });
    expect(ids(byCreation)).toEqual([b2.id, b1.id, a2.id, a1.id]);
    expect(ids(byCreation)).toEqual(await expectedOrder([a1, a2, b1, b2], "createdAt"));
  });

  it("walks every page with limit=2, each change request once", async () => {
    const query = { status: "open,draft,archived" };
    const walked = await walkPages(f.edit, orgCrsPath(organizationId), query, "listChangeRequestsForOrganization", 4);
    expect(walked).toEqual(await expectedOrder([a1, a2, b1, b2]));
    const byCreation = await walkPages(f.edit, orgCrsPath(organizationId), { ...query, orderBy: "createdAt" }, "listChangeRequestsForOrganization", 4);
    expect(byCreation).toEqual([b2.id, b1.id, a2.id, a1.id]);
  });

  it("answers 400 for a bad status or filter", async () => {
    const cases: Array<[Query, RegExp]> = [
      [{ status: "closed" }, /'status/],
      [{ status: "open,closed" }, /'status/],
      [{ status: ["open", "closed"] }, /'status/],
      [{ status: "" }, /'status/],
      [{ orderBy: "title" }, /'orderBy'/],
      [{ space: "bad id!" }, /'space'/],
    ];
    await inParallel(cases, async ([query, parameter]) => {
      const response = await call("GET", `${orgCrsPath(organizationId)}${queryString(query)}`, { token: f.admin.token });
      expect(errorMessage(response, 400), JSON.stringify(query)).toMatch(parameter);
    });
  });

  it("is empty for a guest, and a 404 for an outsider or an unknown organization", async () => {
    const response = await call("GET", orgCrsPath(organizationId), { token: f.guest.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listChangeRequestsForOrganization", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", orgCrsPath(organizationId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", orgCrsPath(NO_SUCH_ID), { token: f.admin.token }), 404);
    // A member of this organization cannot list the outsider's either.
    errorMessage(await call("GET", orgCrsPath(f.outsiderOrganization.id), { token: f.admin.token }), 404);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.read);
    const list = await client.orgs.listChangeRequestsForOrganization(organizationId, { status: [ChangeRequestStatus.Open, ChangeRequestStatus.Draft] });
    expect(list.status).toBe(200);
    expect(ids(list.data)).toEqual(await expectedOrder([a1, a2, b1]));
    const first = await client.orgs.listChangeRequestsForOrganization(organizationId, { limit: 1 });
    expect(first.data.count).toBe(2);
    const second = await client.orgs.listChangeRequestsForOrganization(organizationId, { limit: 1, page: first.data.next!.page });
    expect([...ids(first.data), ...ids(second.data)]).toEqual(await expectedOrder([a1, b1]));
    const filtered = await client.orgs.listChangeRequestsForOrganization(organizationId, {
      space: spaceA,
      creator: f.edit.id,
      status: [ChangeRequestStatus.Draft],
    });
    expect(ids(filtered.data)).toEqual([a2.id]);
    await expectClientError(gitbookClient(f.outsider).orgs.listChangeRequestsForOrganization(organizationId), 404);
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews (submitChangeRequestReview)", () => {
  it("records an approval or a request for changes, with a Location header", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const response = await postReview(f.review, space.id, cr.id, { status: "approved" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const review: Review = response.body;
    expect(review.object).toBe("change-request-review");
    expect(review.status).toBe("approved");
    expect(review.revision).toBe(cr.revision);
    expect(review.outdated).toBe(false);
    expect(review).not.toHaveProperty("requestedBy");
    expect(isTimestamp(review.createdAt)).toBe(true);
    expect(response.headers.get("location")).toBe(review.urls.location);
    expect(new URL(review.urls.location).pathname).toBe(`${crPath(space.id, cr.id)}/reviews/${review.id}`);
    // Read back through its Location (a single-row read), it is the caller's review.
    const read = await call("GET", new URL(review.urls.location).pathname, { token: f.read.token });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(review.id);
    expect(read.body.status).toBe("approved");
    expect(read.body.reviewer.id).toBe(f.review.id);

    const changes = await reviewOk(f.create, space.id, cr.id, "changes-requested");
    expect(changes.status).toBe("changes-requested");
    expect(ids(await listReviews(f.read, space.id, cr.id))).toEqual([changes.id, review.id]);
    // Reviewing does not change the change request.
    expect(await readCr(f.admin, space.id, cr.id)).toEqual(cr);
  });

  it("answers with the review as GitBook's spec says, naming the caller as reviewer, as GET reads it", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const review = await reviewOk(f.review, space.id, cr.id, "approved");
    expectSpecResponse("submitChangeRequestReview", 201, review);
    expect(review.reviewer.id).toBe(f.review.id);
    expect(review.reviewer.displayName).toBe("Test review");
    const read = await call("GET", `${crPath(space.id, cr.id)}/reviews/${review.id}`, { token: f.read.token });
    expectSpecResponse("getChangeRequestReviewById", 200, read.body);
    expect(read.body).toEqual(review);
  });

  it("names who asked for the review, when the reviewer was asked", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    await askReviewersOk(f.edit, space.id, cr.id, [f.review.id]);
    await tick();
    const review = await reviewOk(f.review, space.id, cr.id, "approved");
    expect(review.requestedBy?.id).toBe(f.edit.id);
    expect(review.outdated).toBe(false);
  });

  it("refuses the author (403), whatever their role, and every role below 'review' (403)", async () => {
    const space = await newSpace();
    const byAdmin = await createCr(f.admin, space.id);
    const byReviewer = await createCr(f.review, space.id);
    expect(errorMessage(await postReview(f.admin, space.id, byAdmin.id, { status: "approved" }), 403)).toMatch(/author/);
    expect(errorMessage(await postReview(f.review, space.id, byReviewer.id, { status: "approved" }), 403)).toMatch(/author/);
    await inParallel(["edit", "comment", "read"] as const, async (role) => {
      expect(errorMessage(await postReview(f[role], space.id, byAdmin.id, { status: "approved" }), 403), role).toMatch(/review/);
    });
    expect((await listReviews(f.admin, space.id, byAdmin.id)).count).toBe(0);
    expect((await listReviews(f.admin, space.id, byReviewer.id)).count).toBe(0);
    // Every role from 'review' up may review someone else's.
    for (const role of ["review", "create"] as const) await reviewOk(f[role], space.id, byAdmin.id, "approved");
    await reviewOk(f.admin, space.id, byReviewer.id, "approved");
  });

  it("answers 400 for a bad status, recording nothing", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await inParallel([{ status: "rejected" }, { status: "merged" }, {}, { status: null }] as unknown[], async (body) => {
      expect(errorMessage(await postReview(f.review, space.id, cr.id, body), 400), JSON.stringify(body)).toMatch(/'status'/);
    });
    errorMessage(await postReview(f.review, space.id, cr.id, "{not json"), 400);
    expect((await listReviews(f.admin, space.id, cr.id)).count).toBe(0);
  });

  it("is a 409 on a merged or archived change request, recording nothing", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    expect(errorMessage(await postReview(f.review, space.id, merged.id, { status: "approved" }), 409)).toMatch(/merged/);
    expect(errorMessage(await postReview(f.review, space.id, archived.id, { status: "approved" }), 409)).toMatch(/archived/);
    expect((await listReviews(f.admin, space.id, merged.id)).count).toBe(0);
    expect((await listReviews(f.admin, space.id, archived.id)).count).toBe(0);
  });

  it("is a 404 for a guest, an outsider and an unknown change request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    errorMessage(await postReview(f.guest, space.id, cr.id, { status: "approved" }), 404);
    errorMessage(await postReview(f.outsider, space.id, cr.id, { status: "approved" }), 404);
    errorMessage(await postReview(f.review, space.id, NO_SUCH_ID, { status: "approved" }), 404);
    expect((await listReviews(f.admin, space.id, cr.id)).count).toBe(0);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const submitted = await gitbookClient(f.review).spaces.submitChangeRequestReview(space.id, cr.id, {
      status: ChangeRequestReviewStatus.ChangesRequested,
    });
    expect(submitted.status).toBe(201);
    expect(submitted.data.status).toBe("changes-requested");
    await expectClientError(gitbookClient(f.admin).spaces.submitChangeRequestReview(space.id, cr.id, { status: ChangeRequestReviewStatus.Approved }),
      403,
    );
    const listed = await gitbookClient(f.read).spaces.getReviewsByChangeRequestId(space.id, cr.id);
    expect(listed.data.items).toEqual([submitted.data]);
    const read = await gitbookClient(f.read).spaces.getChangeRequestReviewById(space.id, cr.id, submitted.data.id);
    expect(read.data).toEqual(submitted.data);
  });
});

describe("GET .../reviews (getReviewsByChangeRequestId) and .../reviews/{reviewId} (getChangeRequestReviewById)", () => {
  it("lists reviews newest first; a reviewer's earlier review is outdated, and asking them again outdates their latest", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const first = await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    const second = await reviewOk(f.review, space.id, cr.id, "changes-requested");
    await tick();
    const third = await reviewOk(f.create, space.id, cr.id, "approved");

    const all = await listReviews(f.read, space.id, cr.id);
    expect(ids(all)).toEqual([third.id, second.id, first.id]);
    expect(all.items.map((review) => review.outdated)).toEqual([false, false, true]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "true" }))).toEqual([first.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([third.id, second.id]);

    await tick();
    await askReviewersOk(f.admin, space.id, cr.id, [f.create.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "true" }))).toEqual([third.id, first.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([second.id]);
    const reread = await call("GET", `${crPath(space.id, cr.id)}/reviews/${third.id}`, { token: f.read.token });
    expect(reread.status).toBe(200);
    expectSpecResponse("getChangeRequestReviewById", 200, reread.body);
    // (Equality with the submitted review is the shape test's business: see that test.)
    expect(reread.body).toMatchObject({ id: third.id, status: "approved", revision: third.revision, createdAt: third.createdAt, outdated: true });
    expect(reread.body.reviewer.id).toBe(f.create.id);
    expect(reread.body.requestedBy.id).toBe(f.admin.id);

    // A review after being asked is current again.
    await tick();
    const fourth = await reviewOk(f.create, space.id, cr.id, "approved");
    expect(fourth.outdated).toBe(false);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([fourth.id, second.id]);
  });

  it("lists reviews as GitBook's spec says, with each reviewer and who asked them", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await askReviewersOk(f.admin, space.id, cr.id, [f.create.id]);
    await tick();
    const asked = await reviewOk(f.create, space.id, cr.id, "approved");
    const unasked = await reviewOk(f.review, space.id, cr.id, "changes-requested");
    const response = await call("GET", `${crPath(space.id, cr.id)}/reviews`, { token: f.read.token });
    expect(response.status).toBe(200);
    expectSpecResponse("getReviewsByChangeRequestId", 200, response.body);
    const [first, second] = response.body.items as Review[];
    expect(first!.id).toBe(unasked.id);
    expect(first!.reviewer.id).toBe(f.review.id);
    expect(first).not.toHaveProperty("requestedBy");
    expect(second!.id).toBe(asked.id);
    expect(second!.reviewer.id).toBe(f.create.id);
    expect(second!.requestedBy?.id).toBe(f.admin.id);
  });

  it("counts the reviews each list holds, with and without the outdated filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    await reviewOk(f.create, space.id, cr.id, "changes-requested");
    const all = await listReviews(f.read, space.id, cr.id);
    expect(all.items).toHaveLength(3);
    expect(all.count).toBe(3);
    const outdated = await listReviews(f.read, space.id, cr.id, { outdated: "true" });
    expect(outdated.items).toHaveLength(1);
    expect(outdated.count).toBe(1);
    const current = await listReviews(f.read, space.id, cr.id, { outdated: "false" });
    expect(current.items).toHaveLength(2);
    expect(current.count).toBe(2);
  });

  it("pages through reviews with limit, and reads them by change request number", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const reviews: Review[] = [];
    for (const role of ["review", "create", "review"] as const) {
      reviews.push(await reviewOk(f[role], space.id, cr.id, "approved"));
      await tick();
    }
    // Without the spec check: the shape of reviews has a test of its own.
    const walked = await walkPages(f.read, `${crPath(space.id, cr.id)}/reviews`, {}, null, 3);
    expect(walked).toEqual(reviews.map((review) => review.id).reverse());
    expect(ids(await listReviews(f.read, space.id, String(cr.number)))).toEqual(walked);
  });

  it("answers 400 for a bad outdated value", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const response = await call("GET", `${crPath(space.id, cr.id)}/reviews?outdated=maybe`, { token: f.admin.token });
    expect(errorMessage(response, 400)).toMatch(/'outdated'/);
  });

  it("is a 404 for an unknown review, a review of another change request, and for guests and outsiders", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const other = await createCr(f.admin, space.id);
    const review = await reviewOk(f.review, space.id, other.id, "approved");
    expect(errorMessage(await call("GET", `${crPath(space.id, cr.id)}/reviews/${NO_SUCH_ID}`, { token: f.admin.token }), 404)).toMatch(
      NO_SUCH_ID,
    );
    errorMessage(await call("GET", `${crPath(space.id, cr.id)}/reviews/${review.id}`, { token: f.admin.token }), 404);
    errorMessage(await call("GET", `${crPath(space.id, NO_SUCH_ID)}/reviews/${review.id}`, { token: f.admin.token }), 404);
    for (const user of [f.guest, f.outsider]) {
      errorMessage(await call("GET", `${crPath(space.id, other.id)}/reviews/${review.id}`, { token: user.token }), 404);
      errorMessage(await call("GET", `${crPath(space.id, other.id)}/reviews`, { token: user.token }), 404);
    }
    errorMessage(await call("GET", `${crPath(space.id, NO_SUCH_ID)}/reviews`, { token: f.admin.token }), 404);
  });
});

describe("requested reviewers (requestReviewersForChangeRequest, getRequestedReviewersByChangeRequestId, removeRequestedReviewerFromChangeRequest)", () => {
  it("asks members to review: 200 with the requests, listed afterwards and in the lists' requestedReviewer filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    const response = await askReviewers(f.edit, space.id, cr.id, { users: [f.review.id, f.create.id, f.review.id] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("requestReviewersForChangeRequest", 200, response.body);
    const requested: RequestedReviewer[] = response.body.users;
    expect(requested.map((item) => item.user.id).sort()).toEqual([f.review.id, f.create.id].sort());
    for (const item of requested) {
      expect(item.object).toBe("change-request-requested-reviewer");
      expect(item.kind).toBe("user");
      expect(item.requestedBy.id).toBe(f.edit.id);
      expect(item.revision).toBe(cr.revision);
      expect(isTimestamp(item.createdAt)).toBe(true);
    }
    expect(await requestedReviewerIds(f.read, space.id, cr.id)).toEqual([f.review.id, f.create.id].sort());
    await patchCrOk(f.edit, space.id, cr.id, { status: "open" });
    expect(ids(await listSpaceCrs(f.read, space.id, { requestedReviewer: f.create.id }))).toEqual([cr.id]);
    expect(ids(await listOrgCrs(f.read, orgId, { requestedReviewer: f.create.id, space: space.id }))).toEqual([cr.id]);
  });

  it("updates the subject and description sent with the request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id, "Old subject");
    await askReviewers(f.admin, space.id, cr.id, { users: [f.review.id], subject: "Please review", description: PARAGRAPH });
    const read = await readCr(f.admin, space.id, cr.id);
    expect(read.subject).toBe("Please review");
    expect(read.description).toEqual(PARAGRAPH);
  });

  it("answers 400 naming 'users' for a non-member, an unknown user, the author or no one, adding nobody", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const cases: Array<[unknown, RegExp]> = [
      [{ users: [f.outsider.id] }, /'users'/],
      [{ users: [f.review.id, NO_SUCH_ID] }, /'users'/],
      [{ users: [f.admin.id] }, /'users'.*author/],
      [{ users: [f.review.id, f.admin.id] }, /'users'/],
      [{ users: [] }, /'users'/],
      [{}, /'users'/],
      [{ users: [f.review.id], subject: "s".repeat(101) }, /'subject'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await askReviewers(f.admin, space.id, cr.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    expect(await readCr(f.admin, space.id, cr.id)).toEqual(cr);
  });

  it("refuses 'read' and 'comment' (403) and is a 404 for a guest and an outsider, adding nobody", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await askReviewers(f[role], space.id, cr.id, { users: [f.review.id] }), 403), role).toMatch(/edit/);
    });
    for (const user of [f.guest, f.outsider]) {
      errorMessage(await askReviewers(user, space.id, cr.id, { users: [f.review.id] }), 404);
      errorMessage(await call("GET", `${crPath(space.id, cr.id)}/requested-reviewers`, { token: user.token }), 404);
    }
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    // An editor who is not the author may ask.
    expect((await askReviewersOk(f.edit, space.id, cr.id, [f.review.id])).map((item) => item.requestedBy.id)).toEqual([f.edit.id]);
  });

  it("is a 409 on a merged or archived change request", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    for (const cr of [merged, archived]) {
      errorMessage(await askReviewers(f.admin, space.id, cr.id, { users: [f.review.id] }), 409);
      expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    }
  });

  it("withdraws a request: 204, again 204, gone from the list and the requestedReviewer filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, cr.id, { status: "open" });
    await askReviewersOk(f.admin, space.id, cr.id, [f.review.id, f.create.id]);
    await inParallel(["read", "comment"] as const, async (role) => {
      errorMessage(await withdrawReviewer(f[role], space.id, cr.id, f.review.id), 403);
    });
    errorMessage(await withdrawReviewer(f.guest, space.id, cr.id, f.review.id), 404);
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([f.review.id, f.create.id].sort());

    const removed = await withdrawReviewer(f.edit, space.id, cr.id, f.review.id);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await withdrawReviewer(f.edit, space.id, cr.id, f.review.id)).status).toBe(204);
    expect((await withdrawReviewer(f.admin, space.id, cr.id, NO_SUCH_ID)).status).toBe(204);
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([f.create.id]);
    expect(ids(await listSpaceCrs(f.admin, space.id, { requestedReviewer: f.review.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, space.id, { requestedReviewer: f.create.id }))).toEqual([cr.id]);
    errorMessage(await withdrawReviewer(f.admin, space.id, NO_SUCH_ID, f.create.id), 404);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const client = gitbookClient(f.admin);
    const asked = await client.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [f.review.id] });
    expect(asked.status).toBe(200);
    expect(asked.data.users?.map((item) => (item.kind === "user" ? item.user.id : item.kind))).toEqual([f.review.id]);
    const listed = await client.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id);
    expect(listed.data.items.map((item) => (item.kind === "user" ? item.user.id : item.kind))).toEqual([f.review.id]);
    const removed = await client.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, f.review.id);
    expect(removed.status).toBe(204);
    expect((await client.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.count).toBe(0);
    await expectClientError(gitbookClient(f.read).spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [f.review.id] }), 403);
  });
});

describe("POST .../merge (mergeChangeRequest)", () => {
  it("merges: main gets the content, the change request is merged, other change requests are outdated", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    const bystander = await createCr(f.admin, space.id);
    await addPage(f.edit, space.id, cr.id, "Merged page");
    const response = await mergeAs(f.edit, space.id, cr.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("mergeChangeRequest", 200, response.body);
    expect(response.body.result).toBe("merge");
    expect(await mainTitles(f.read, space.id)).toEqual(["Merged page"]);
    expect((await readSpace(f.read, space.id)).revision).toBe(response.body.revision);

    const merged = await readCr(f.read, space.id, cr.id);
    expectSpecResponse("getChangeRequestById", 200, merged);
    expect(merged.status).toBe("merged");
    expect(merged.mergedBy?.id).toBe(f.edit.id);
    expect(isTimestamp(merged.mergedAt)).toBe(true);
    expect(merged.revisionMerged).toBe(response.body.revision);
    expect(merged.outdated).toBe(false);
    // Main moved past what the other change request started from.
    expect((await readCr(f.read, space.id, bystander.id)).outdated).toBe(true);
  });

  it("refuses 'read' and 'comment' (403), and is a 404 for a guest and an outsider, main unchanged", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, cr.id, "Pending");
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await mergeAs(f[role], space.id, cr.id), 403), role).toMatch(/merge/);
    });
    errorMessage(await mergeAs(f.guest, space.id, cr.id), 404);
    errorMessage(await mergeAs(f.outsider, space.id, cr.id), 404);
    errorMessage(await mergeAs(f.admin, space.id, NO_SUCH_ID), 404);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");
  });

  it("lets an editor merge someone else's change request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, cr.id, "By admin");
    expect((await mergeChangeRequest(f.edit, space.id, cr.id)).result).toBe("merge");
    expect((await readCr(f.admin, space.id, cr.id)).mergedBy?.id).toBe(f.edit.id);
  });

  it("is a 409 for a change request already merged, or archived", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, archived.id, "Archived page");
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    const revision = (await readSpace(f.admin, space.id)).revision;
    expect(errorMessage(await mergeAs(f.admin, space.id, merged.id), 409)).toMatch(/merged/);
    expect(errorMessage(await mergeAs(f.admin, space.id, archived.id), 409)).toMatch(/archived/);
    expect((await readSpace(f.admin, space.id)).revision).toBe(revision);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
  });
});

describe("merge rules", () => {
  it("with a space rule, blocks merging (403, main unchanged) until the named reviewer approves", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Guarded");
    const revision = (await readSpace(f.admin, space.id)).revision;

    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    // An approval by someone else does not count, nor does a request for changes.
    await reviewOk(f.create, space.id, cr.id, "approved");
    await reviewOk(f.review, space.id, cr.id, "changes-requested");
    expect(errorMessage(await mergeAs(f.edit, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readSpace(f.admin, space.id)).revision).toBe(revision);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");

    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    const response = await mergeAs(f.edit, space.id, cr.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("mergeChangeRequest", 200, response.body);
    expect(response.body.result).toBe("merge");
    expect(await mainTitles(f.admin, space.id)).toEqual(["Guarded"]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("merged");
  });

  it("blocks again when the reviewer who approved later requests changes", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Approved, then not");
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await reviewOk(f.review, space.id, cr.id, "changes-requested");
    // The list agrees: the approval is outdated.
    expect((await listReviews(f.admin, space.id, cr.id, { outdated: "true" })).items.map((review) => review.status)).toEqual(["approved"]);
    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");
  });

  it("needs every named reviewer", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id, f.create.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Twice guarded");
    await reviewOk(f.review, space.id, cr.id, "approved");
    const blocked = errorMessage(await mergeAs(f.admin, space.id, cr.id), 403);
    expect(blocked).toMatch(f.create.id);
    expect(blocked).not.toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    await reviewOk(f.create, space.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, cr.id)).result).toBe("merge");
    expect(await mainTitles(f.admin, space.id)).toEqual(["Twice guarded"]);
  });

  it("no longer counts an approval made outdated by asking the reviewer again", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Asked again");
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await askReviewersOk(f.edit, space.id, cr.id, [f.review.id]);
    expect((await listReviews(f.admin, space.id, cr.id)).items.map((review) => review.outdated)).toEqual([true]);
    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, cr.id)).result).toBe("merge");
  });

  it("does not let the author block their own change request", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const own = await createCr(f.review, space.id);
    await addPage(f.review, space.id, own.id, "Reviewer's own");
    // The only named reviewer is the author, who cannot review: nothing is required.
    expect((await mergeChangeRequest(f.edit, space.id, own.id)).result).toBe("merge");

    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id, f.create.id) });
    const another = await createCr(f.review, space.id);
    // The other named reviewer is still needed.
    expect(errorMessage(await mergeAs(f.admin, space.id, another.id), 403)).toMatch(f.create.id);
    await reviewOk(f.create, space.id, another.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, another.id)).result).toBe("merge");
  });

  it("inherits the organization's rules, which a space's own rules ('none') override", async () => {
    // An organization of its own: its rules would otherwise guard every merge of this file.
    const organizationId = (await createOrganization(f.admin)).id;
    await addMember(f.admin, organizationId, f.edit, "edit");
    await addMember(f.admin, organizationId, f.review, "review");
    const updated = await call("PATCH", `/v1/orgs/${organizationId}`, {
      token: f.admin.token,
      body: { mergeRules: specificReviewers(f.review.id) },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.mergeRules).toEqual(specificReviewers(f.review.id));

    const inheriting = await createSpace(f.admin, organizationId);
    expect((await readSpace(f.admin, inheriting.id)).mergeRules).toEqual({ type: "inherit" });
    const cr = await createCr(f.edit, inheriting.id);
    await addPage(f.edit, inheriting.id, cr.id, "Org guarded");
    expect(errorMessage(await mergeAs(f.admin, inheriting.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, inheriting.id)).toEqual([]);
    await reviewOk(f.review, inheriting.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.edit, inheriting.id, cr.id)).result).toBe("merge");
    expect(await mainTitles(f.admin, inheriting.id)).toEqual(["Org guarded"]);

    const free = await createSpace(f.admin, organizationId);
    await patchSpaceOk(f.admin, free.id, { mergeRules: { type: "none" } });
    const unguarded = await createCr(f.edit, free.id);
    expect((await mergeChangeRequest(f.edit, free.id, unguarded.id)).result).toBe("merge");

    // Once the organization drops its rules, inheriting spaces merge freely too.
    const dropped = await call("PATCH", `/v1/orgs/${organizationId}`, { token: f.admin.token, body: { mergeRules: { type: "none" } } });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const later = await createCr(f.edit, inheriting.id);
    expect((await mergeChangeRequest(f.edit, inheriting.id, later.id)).result).toBe("merge");
  });
});
