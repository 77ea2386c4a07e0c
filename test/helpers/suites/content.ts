import { expect } from "vitest";
import { changeRequestPages, createChangeRequest, createSpace, editContent, flattenPages, mainPages } from "../content";
import type { TestUser } from "../fixtures";
import { call, workerUnderTest } from "../http";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * Content routes (seed 4.2 and 4.4) through HTTP and GitBook's official client: editing a change
 * request's content (updateChangeRequestContent: insert/update/delete pages, insert files, batch
 * refs, all or nothing), and reading content, of the space's active revision and of a change
 * request (revision, pages, page, files, file, backlinks, link reports), with the signed download
 * URLs of files. The suite's files are test/routes/change-requests/content-*.test.ts and
 * test/routes/spaces/content-*.test.ts. Storage is shared by a file: read-only describes build
 * their content once in beforeAll; every test that changes content makes its own space.
 */

export type Page = {
  id: string;
  title: string;
  slug: string;
  path: string;
  markdown?: string;
  document?: { object: string; nodes: Array<{ type: string }> };
  description?: string;
  emoji?: string;
  icon?: string;
  hidden: boolean;
  noIndex: boolean;
  documentId?: string;
  urls: { app: string };
  pages: Page[];
};
export type File = { id: string; name: string; contentType: string; size: number; downloadURL: string };
export type EditResult = Awaited<ReturnType<typeof editContent>>;
export type LinkItem = {
  status: "ok" | "broken" | "in-app";
  relation: string;
  targetReference: { kind: string; page?: string; file?: string; url?: string };
  locationReferences: Array<{ kind: string; page: string }>;
};
export type LinkReport = { items: LinkItem[]; count: number; next?: { page: string }; stats: { total: number; broken: { total: number; changeRequest: number } } };

/** Well-formed ids that name nothing. */
export const NO_SUCH_PAGE = "noSuchPage0000000000";
export const NO_SUCH_FILE = "noSuchFile0000000000";

/**
 * The fixture is the space suite's: one organization with every role (each describe makes its own
 * spaces), built by useSuiteFixture() in every test file that calls it.
 */
export { f, orgId, useSuiteFixture };

// ---------------------------------------------------------------------------------------------
// Paths and small helpers
// ---------------------------------------------------------------------------------------------

export const changeRequestPath = (spaceId: string, changeRequestId: string | number) => `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`;
export const spaceContentPath = (spaceId: string) => `/v1/spaces/${spaceId}/content`;
export const changeRequestContentPath = (spaceId: string, changeRequestId: string | number) => `${changeRequestPath(spaceId, changeRequestId)}/content`;

/** POSTs a batch as `user`; `compat` undefined leaves the query out (GitBook's default, true). */
export const postChanges = (user: TestUser, spaceId: string, changeRequestId: string | number, changes: unknown[], compat?: boolean) =>
  call("POST", `${changeRequestContentPath(spaceId, changeRequestId)}${compat === undefined ? "" : `?compat=${compat}`}`, {
    token: user.token,
    body: { changes },
  });

/** A GET as `user` that must answer 200; returns the body. */
export async function read<T = any>(user: TestUser, path: string): Promise<T> {
  const response = await call("GET", path, { token: user.token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

/** A new space with one draft change request, both made by the admin. */
export async function spaceWithChangeRequest(title = "Docs") {
  const space = await createSpace(f.admin, orgId, { title });
  const changeRequest = await createChangeRequest(f.admin, space.id);
  return { spaceId: space.id, space, changeRequestId: changeRequest.id, changeRequest };
}

/**
 * What a refused edit must leave as it was: the change request's revision, its page tree (with
 * bodies) and its files. Download URLs carry an expiry, so files are compared by id.
 */
export async function changeRequestSnapshot(spaceId: string, changeRequestId: string) {
  const [changeRequest, pages, files] = await Promise.all([
    read(f.admin, changeRequestPath(spaceId, changeRequestId)),
    changeRequestPages(f.admin, spaceId, changeRequestId),
    read(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files?limit=1000`),
  ]);
  return { revision: changeRequest.revision as string, pages, files: files.items.map((file: File) => file.id) };
}

export const byTitle = (pages: Page[], title: string): Page => {
  const page = flattenPages(pages as any).find((candidate) => candidate.title === title);
  if (!page) throw new Error(`no page titled '${title}'`);
  return page as unknown as Page;
};
export const titles = (pages: Page[]) => pages.map((page) => page.title);

/** The pages of a change request / of main, typed as this file reads them. */
export const crPages = async (spaceId: string, changeRequestId: string) => (await changeRequestPages(f.admin, spaceId, changeRequestId)) as unknown as Page[];
export const livePages = async (spaceId: string) => (await mainPages(f.admin, spaceId)) as unknown as Page[];

export const crPage = (spaceId: string, changeRequestId: string, pageId: string) =>
  read<Page>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/page/${pageId}`);

/** Base64 of bytes, as a client sends them in `insert_files`. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
export const textBytes = (text: string) => new TextEncoder().encode(text);
/** The start of a PNG file: bytes that are not text. */
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** The bytes and headers a download URL answers with, fetched from the Worker itself. */
export async function download(url: string) {
  const response = await workerUnderTest.fetch(url);
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Ids of the pages a backlink list names, sorted. */
export const backlinkPages = (body: { items: Array<{ kind: string; page: string }> }) => body.items.map((item) => item.page).sort();

/** A link report's items as `status target` strings, sorted: compact to compare. */
export const linkSummary = (report: LinkReport) =>
  report.items
    .map((item) => `${item.status} ${item.relation} ${item.targetReference.kind}:${item.targetReference.page ?? item.targetReference.file ?? item.targetReference.url}`)
    .sort();

/** A page tree as [title, path, children] triples: the shape, without the noise. */
export type Outline = Array<[string, string, Outline]>;
export const outline = (pages: Page[]): Outline => pages.map((page) => [page.title, page.path, outline(page.pages)]);

/** Removes `downloadURL` everywhere: it carries an expiry in seconds, so two reads may differ. */
export function withoutDownloadUrls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutDownloadUrls) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "downloadURL").map(([key, inner]) => [key, withoutDownloadUrls(inner)])) as T;
  }
  return value;
}
