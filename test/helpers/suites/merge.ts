import { beforeAll, expect } from "vitest";
import { commitToMain, createSpace, createdPage, flattenPages, mainPages } from "../content";
import { type TestUser, createOrganization, createUser } from "../fixtures";
import { call } from "../http";

/**
 * Updating a change request from main and merging it into main: three-way merges against the
 * main revision the change request last started from (revisionMergedAncestor), run one at a time
 * by the space's coordinator. The suite's files are test/routes/change-requests/merge-*.test.ts
 * (merge-rules.test.ts aside). Every test builds its own space; storage is shared by a file.
 */

export const MARKERS = { ours: "<<<<<<< main", separator: "=======", theirs: ">>>>>>> change request" };

/** One admin and their organization, shared by the describes of a file (every test makes its own space). */
export let admin: TestUser;

export let organizationId: string;

/** Registers the fixture hooks in the test file that calls it (each file has storage of its own to fill). */
export function useSuiteFixture() {
  beforeAll(async () => {
    admin = await createUser("merge-admin");
    organizationId = (await createOrganization(admin)).id;
  });
}

export type PageNode = Awaited<ReturnType<typeof mainPages>>[number];

export const body = (...lines: string[]) => `${lines.join("\n")}\n`;

/** A new space whose main has one root page per entry of `pages` (title: the key). */
export async function spaceWith(pages: Record<string, string>) {
  const space = await createSpace(admin, organizationId, { title: "Merges" });
  const refs = Object.keys(pages);
  const seeded = await commitToMain(
    admin,
    space.id,
    refs.map((title) => ({ operation: "insert_page", ref: title.toLowerCase(), title, document: { markdown: pages[title] } })),
  );
  const ids = Object.fromEntries(refs.map((title) => [title, createdPage(seeded, title.toLowerCase())]));
  return { spaceId: space.id, ids };
}

export async function getSpace(spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function getChangeRequest(spaceId: string, changeRequestId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Main's current revision (id, parents, type). */
export async function mainRevision(spaceId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/content`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; parents: string[]; type: string };
}

/** The change request's current revision (id, parents, type). */
export async function changeRequestRevision(spaceId: string, changeRequestId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; parents: string[]; type: string };
}

export function findPage(pages: PageNode[], id: string): PageNode | undefined {
  return flattenPages(pages).find((page) => page.id === id);
}

/** The id of the page's parent (null at the top level), or undefined when the page is not in the tree. */
export function parentOf(pages: PageNode[], id: string, parentId: string | null = null): string | null | undefined {
  for (const page of pages) {
    if (page.id === id) return parentId;
    const found = parentOf(page.pages, id, page.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function bodyOf(pages: PageNode[], id: string): string | undefined {
  return findPage(pages, id)?.markdown;
}

export const update = (pageId: string, fields: Record<string, unknown>) => ({ operation: "update_page", page: pageId, ...fields });
export const setBody = (pageId: string, markdown: string) => update(pageId, { document: { markdown } });
