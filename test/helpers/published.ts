import { expect } from "vitest";
import { commitToMain, createSpace } from "./content";
import type { TestUser } from "./fixtures";
import { call, ORIGIN, type ApiResponse } from "./http";
import { insertPagesByLevel, type PageSpec } from "./page-levels";
import { createSite, publishSite, updateSite } from "./sites";
import { expectSpecResponse } from "./spec";
import { expectSpec0146Response } from "./spec-0146";

/** Published sites and the resolution of their URLs (POST /v1/urls/published), through HTTP. */

export type { PageSpec } from "./page-levels";

/** A space with these pages, committed to main (a level of the tree per change request); their ids by ref. */
export async function spaceWithPages(owner: TestUser, orgId: string, title: string, pages: PageSpec[]) {
  const space = await createSpace(owner, orgId, { title });
  const pageIds = await insertPagesByLevel(pages, async (changes) => (await commitToMain(owner, space.id, changes)).changes as Array<{ ref?: string; page: { id: string } }>);
  return { space, pageIds };
}

/** A published site of `spaceIds` (root site spaces), with a basename and a visibility. */
export async function publishedSite(owner: TestUser, orgId: string, spaceIds: string[], options: { basename: string; visibility?: string }) {
  const site = await createSite(owner, orgId, { spaces: spaceIds, ...(options.visibility ? { visibility: options.visibility } : {}) });
  await updateSite(owner, orgId, site.id, { basename: options.basename });
  await publishSite(owner, orgId, site.id);
  return { site, root: `${ORIGIN}/sites/${orgId}/${options.basename}/` };
}

export function resolveUrl(url: string, options: { token?: string; visitor?: Record<string, unknown>; extra?: Record<string, unknown> } = {}): Promise<ApiResponse> {
  return call("POST", "/v1/urls/published", { token: options.token, body: { url, ...(options.visitor ? { visitor: options.visitor } : {}), ...options.extra } });
}

/** A URL that resolves to content: its answer, checked against GitBook's specs 0.146 and 0.202. */
export async function resolved(url: string, options: Parameters<typeof resolveUrl>[1] = {}) {
  const response = await resolveUrl(url, options);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("resolvePublishedContentByUrl", 200, response.body);
  expectSpec0146Response("resolvePublishedContentByUrl", 200, response.body);
  expect(response.body.apiToken, "content, not a redirect").toBeTypeOf("string");
  return response.body as {
    site: string;
    siteSection?: string;
    siteSpace: string;
    space: string;
    revision: string;
    pathname: string;
    basePath: string;
    siteBasePath: string;
    apiToken: string;
    organization: string;
    shareKey?: string;
    complete: boolean;
    canonicalUrl: string;
  };
}
