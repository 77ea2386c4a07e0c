import { expect } from "vitest";
import { call } from "./http";
import { expectSpecResponse } from "./spec";

/** Query parameters as a list route takes them; undefined ones are left out. */
export type ListParams = Record<string, string | number | boolean | undefined>;

/** `?a=1&b=2` from the defined parameters, or "" when there are none. */
export function queryString(params: ListParams = {}): string {
  const defined = Object.entries(params).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  return defined.length === 0 ? "" : `?${new URLSearchParams(defined.map(([key, value]) => [key, String(value)]))}`;
}

/** Runs independent requests (refusals, bad inputs: none changes anything) at once. */
export async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  await Promise.all(items.map(run));
}

export type WalkOptions = {
  /** The caller's token. */
  token: string;
  /** The list's operation: every page is checked against GitBook's schema for it; null skips that. */
  operationId: string | null;
  /** What `count` must say on every page, and how many items the walk must return. */
  expectedCount: number;
};

/**
 * Walks a keyset-paginated list from its first page to its last, following `next.page`. Every
 * page is a 200 matching GitBook's schema, carries the expected `count`, is full when it announces
 * a next page (and never over `limit`), and the walk ends in exactly ceil(count / limit) pages
 * (one when empty). Returns every item in the order served.
 */
export async function walkList<T = { id: string }>(path: string, params: ListParams, { token, operationId, expectedCount }: WalkOptions): Promise<T[]> {
  const limit = params.limit === undefined ? 50 : Number(params.limit);
  const items: T[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const response = await call("GET", `${path}${queryString({ ...params, page })}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (operationId !== null) expectSpecResponse(operationId, 200, response.body);
    expect(response.body.count).toBe(expectedCount);
    items.push(...response.body.items);
    pages += 1;
    page = response.body.next?.page;
    if (page !== undefined) expect(response.body.items).toHaveLength(limit);
    else expect(response.body.items.length).toBeLessThanOrEqual(limit);
    expect(pages, "pagination does not terminate").toBeLessThanOrEqual(expectedCount + 1);
  } while (page !== undefined);
  expect(pages).toBe(Math.max(1, Math.ceil(expectedCount / limit)));
  expect(items).toHaveLength(expectedCount);
  return items;
}
