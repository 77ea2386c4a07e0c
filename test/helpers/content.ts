import { expect } from "vitest";
import type { TestUser } from "./fixtures";
import { call } from "./http";

/** Content fixtures shared by the change request and content test files, all through HTTP. */

export async function createSpace(user: TestUser, organizationId: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title: "Docs", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; revision: string };
}

export async function createChangeRequest(user: TestUser, spaceId: string, subject = "Changes") {
  const response = await call("POST", `/v1/spaces/${spaceId}/change-requests`, { token: user.token, body: { subject } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; number: number; revision: string; status: string };
}

export async function editContent(user: TestUser, spaceId: string, changeRequestId: string, changes: unknown[]) {
  const response = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content?compat=false`, {
    token: user.token,
    body: { changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    changeRequest: { id: string; revision: string };
    changes: Array<{ object: string; ref?: string; page: any }>;
    insertedFiles: Array<{ id: string; downloadURL: string }>;
  };
}

/** The id of the page created by the change with `ref` in an edit result. */
export function createdPage(result: Awaited<ReturnType<typeof editContent>>, ref: string): string {
  const change = result.changes.find((item) => item.object === "created_page" && item.ref === ref);
  if (!change) throw new Error(`no created page with ref '${ref}'`);
  return change.page.id;
}

export async function mergeChangeRequest(user: TestUser, spaceId: string, changeRequestId: string) {
  const response = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { revision: string; result: "merge" | "conflicts" };
}

export async function updateChangeRequest(user: TestUser, spaceId: string, changeRequestId: string) {
  const response = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/update`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { revision: string; result: "update" | "conflicts" };
}

/** Creates a change request, applies `changes` and merges it: main's content then has them. */
export async function commitToMain(user: TestUser, spaceId: string, changes: unknown[]) {
  const changeRequest = await createChangeRequest(user, spaceId);
  const edit = await editContent(user, spaceId, changeRequest.id, changes);
  const merged = await mergeChangeRequest(user, spaceId, changeRequest.id);
  expect(merged.result).toBe("merge");
  return edit;
}

type PageNode = { id: string; title: string; slug: string; path: string; markdown?: string; pages: PageNode[] };

/** Every page of a page tree, depth first. */
export function flattenPages(pages: PageNode[]): PageNode[] {
  return pages.flatMap((page) => [page, ...flattenPages(page.pages)]);
}

export async function mainPages(user: TestUser, spaceId: string): Promise<PageNode[]> {
  const response = await call("GET", `/v1/spaces/${spaceId}/content/pages`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.pages;
}

export async function changeRequestPages(user: TestUser, spaceId: string, changeRequestId: string): Promise<PageNode[]> {
  const response = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/pages`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.pages;
}
