import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { TestUser } from "../fixtures";
import { call, workerUnderTest } from "../http";
import { queryString } from "../lists";
import { openPdf, type OpenedPdf } from "../pdf";
import { expectSpecResponse } from "../spec";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * PDF exports (getSpacePDF, getChangeRequestPDF): what the files of test/routes/pdf/ share.
 * Content is made through the API; R2 is read directly only to see what the API does not show
 * (whether a request made the file again).
 */

export { f, orgId, useSuiteFixture };

export const spacePdfPath = (spaceId: string) => `/v1/spaces/${spaceId}/pdf`;
export const changeRequestPdfPath = (spaceId: string, changeRequestId: string) => `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/pdf`;

export type PdfParams = { page?: string; only?: string | boolean };

/** Asks for a PDF's URL and checks the answer against GitBook's schema. */
export async function pdfUrl(user: TestUser, path: string, params: PdfParams = {}, bindings: Partial<Env> = {}): Promise<string> {
  const response = await call("GET", `${path}${queryString(params as Record<string, string>)}`, { token: user.token, bindings });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse(path.includes("/change-requests/") ? "getChangeRequestPDF" : "getSpacePDF", 200, response.body);
  return response.body.url;
}

export async function fetchUrl(url: string) {
  const response = await workerUnderTest.fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

/** Downloads a PDF URL, checks it is served as a PDF, and opens it. */
export async function downloadPdf(url: string): Promise<OpenedPdf> {
  const response = await fetchUrl(url);
  expect(response.status, new TextDecoder().decode(response.bytes.slice(0, 300))).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(new TextDecoder().decode(response.bytes.slice(0, 5))).toBe("%PDF-");
  return openPdf(response.bytes);
}

/** The R2 object behind a PDF URL (null: not stored). */
export async function storedPdf(url: string) {
  const key = decodeURIComponent(new URL(url).pathname.slice("/pdfs/".length));
  return env.BLOBS.head(key);
}
