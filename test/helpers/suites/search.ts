import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { TestUser } from "../fixtures";
import { call } from "../http";
import { queryString, type ListParams } from "../lists";
import { expectSpecResponse } from "../spec";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * Search (seed 4.2 searchSpaceContent, 4.7 searchOrganizationContent): what the files of
 * test/routes/search/ share. Content is built through the API (commitToMain); the index rows are
 * read from D1 only to observe what the API does not show: which rows a change rewrote.
 */

export { f, orgId, useSuiteFixture };

export type SearchSection = { id: string; title: string; path: string; score: number; resultType: string; body: string; urls: { app: string } };
export type SearchPage = {
  id: string;
  title: string;
  description: string;
  path: string;
  score: number;
  rank: number;
  resultType: "page" | "section";
  sections: SearchSection[];
  ancestors: Array<{ title: string }>;
  urls: { app: string };
};
export type SearchSpace = { type: "space"; id: string; title: string; score: number; pages: SearchPage[] };
export type SearchList<T> = { items: T[]; count: number; next?: { page: string } };

export const spaceSearchPath = (spaceId: string) => `/v1/spaces/${spaceId}/search`;
export const organizationSearchPath = (organizationId: string) => `/v1/orgs/${organizationId}/search`;

/** One page of a space's search results, checked against GitBook's schema. */
export async function searchSpace(user: TestUser, spaceId: string, query: string, params: ListParams = {}): Promise<SearchList<SearchPage>> {
  const response = await call("GET", `${spaceSearchPath(spaceId)}${queryString({ query, ...params })}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("searchSpaceContent", 200, response.body);
  return response.body;
}

/** One page of an organization's search results, checked against GitBook's schema. */
export async function searchOrganization(user: TestUser, organizationId: string, query: string, params: ListParams = {}): Promise<SearchList<SearchSpace>> {
  const response = await call("GET", `${organizationSearchPath(organizationId)}${queryString({ query, ...params })}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("searchOrganizationContent", 200, response.body);
  return response.body;
}

/** The ids of the pages a space search finds, best first. */
export const foundPages = async (user: TestUser, spaceId: string, query: string) => (await searchSpace(user, spaceId, query)).items.map((page) => page.id);

/** The ids of the spaces an organization search finds. */
export const foundSpaces = async (user: TestUser, organizationId: string, query: string) =>
  (await searchOrganization(user, organizationId, query)).items.map((space) => space.id);

/** The index rows of a space (`{pageId: [row ids]}`: one row per page), read from D1: which rows a change rewrote. */
export async function indexRows(spaceId: string): Promise<Record<string, number[]>> {
  const { results } = await env.DB.prepare("SELECT id, page_id FROM search_pages WHERE space_id = ? ORDER BY page_id, id").bind(spaceId).all<{ id: number; page_id: string }>();
  const rows: Record<string, number[]> = {};
  for (const row of results) (rows[row.page_id] ??= []).push(row.id);
  return rows;
}

/** The anchors of the sections a page's index row holds, read from D1. */
export async function indexedAnchors(spaceId: string, pageId: string): Promise<string[]> {
  const row = await env.DB.prepare("SELECT anchors FROM search_pages WHERE space_id = ? AND page_id = ?").bind(spaceId, pageId).first<{ anchors: string }>();
  return JSON.parse(row!.anchors) as string[];
}

/** A word no other test's content has, so a search for it finds only what this test made. */
export const uniqueWord = (label: string) => `${label}${Math.random().toString(36).slice(2, 10).replace(/[0-9]/g, "q")}`;
