import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { organizationInviteLinks, organizations, type InviteLinkRow } from "../../src/db/schema";
import { insertChunks } from "../../src/db/limits";
import { listPage, type Direction } from "../../src/db/keyset";
import type { PageRequest } from "../../src/lib/pagination";
import { ApiError } from "../../src/lib/errors";

/**
 * The keyset helper on its own, over rows whose first sort key ties (same createdAt), which is
 * where OFFSET-free pagination usually loses or repeats rows.
 */
const db = createDatabase(env.DB);
const ORGANIZATION = "paginationOrg";
const TIED = "2026-01-01T00:00:00.000Z";
const ROWS = 23;

function listInvites(request: PageRequest, direction: Direction) {
  return listPage(db, request, {
    from: organizationInviteLinks,
    where: eq(organizationInviteLinks.organizationId, ORGANIZATION),
    sort: {
      name: `createdAt:${direction}`,
      keys: [
        { expression: organizationInviteLinks.createdAt, direction, valueOf: (row: InviteLinkRow) => row.createdAt },
        { expression: organizationInviteLinks.id, direction, valueOf: (row: InviteLinkRow) => row.id },
      ],
    },
    present: (row) => row,
  });
}

async function walk(limit: number | undefined, direction: Direction) {
  const seen: string[] = [];
  let page: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const result = await listInvites({ limit, page }, direction);
    expect(result.count).toBe(ROWS);
    seen.push(...result.items.map((row) => row.id));
    if (!result.next) return seen;
    expect(result.items.length).toBe(limit);
    page = result.next.page;
  }
  throw new Error("pagination did not end");
}

beforeAll(async () => {
  await db.insert(organizations).values({
    id: ORGANIZATION,
    title: "Pagination",
    emailDomains: [],
    type: "business",
    sso: false,
    ai: false,
    inviteLinks: true,
    mergeRules: { type: "none" },
    createdBy: "nobody",
    createdAt: TIED,
    updatedAt: TIED,
  });
  // Most rows share one createdAt; a few do not, so both keys matter.
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    id: `invite${String(index).padStart(2, "0")}${"abcdefghijklmnopqrstuvw"[index]}`,
    organizationId: ORGANIZATION,
    role: "read" as const,
    createdBy: "nobody",
    createdAt: index % 7 === 0 ? `2026-01-0${1 + (index % 3)}T00:00:00.000Z` : TIED,
  }));
  for (const chunk of insertChunks(organizationInviteLinks, rows)) await db.insert(organizationInviteLinks).values(chunk);
});

describe("keyset pagination", () => {
  for (const direction of ["asc", "desc"] as const) {
    for (const limit of [1, 2, 5, 22, 23, 24, 1000, undefined]) {
      it(`walks every row once, in order, ${direction} with limit ${limit ?? "default"}`, async () => {
        const seen = await walk(limit, direction);
        const all = await db.select().from(organizationInviteLinks).where(eq(organizationInviteLinks.organizationId, ORGANIZATION));
        const expected = all
          .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
          .map((row) => row.id);
        expect(seen).toEqual(direction === "asc" ? expected : expected.reverse());
      });
    }
  }

  it("returns only the count for limit 0", async () => {
    const result = await listInvites({ limit: 0 }, "asc");
    expect(result).toEqual({ items: [], count: ROWS });
  });

  it("refuses a cursor made under another sort, or tampered with", async () => {
    const first = await listInvites({ limit: 2 }, "asc");
    const cursor = first.next!.page;
    await expect(listInvites({ limit: 2, page: cursor }, "desc")).rejects.toThrowError(ApiError);
    for (const page of ["", "not-base64!", btoa("{}"), btoa(JSON.stringify({ s: "createdAt:asc", v: [{}] }))]) {
      await expect(listInvites({ limit: 2, page }, "asc")).rejects.toMatchObject({ status: 400 });
    }
  });
});
