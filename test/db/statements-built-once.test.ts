import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client";
import { preparedOnce } from "../../src/db/prepared";
import { organizationMembers, spaces, users } from "../../src/db/schema";
import { picked, wholeRowsOnce } from "../../src/db/whole-rows";
import { createSpace } from "../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../helpers/fixtures";

/**
 * The hot reads' statements run without Drizzle per request (db/prepared.ts, db/whole-rows.ts):
 * they must answer what Drizzle's own builder answers for the same query, row for row, column
 * decoders (timestamps, booleans) and left joins that found nothing included.
 */

const db: Database = createDatabase(env.DB);
const callerId = sql<string>`${users.id}`.as("caller_id");

/** The space's access as the loaders write it: from the caller, the space and the membership left-joined. */
const fromCaller = <S extends object>(database: Database, selection: S) =>
  database
    .select(selection as never)
    .from(users)
    .leftJoin(spaces, eq(spaces.id, sql.placeholder("spaceId")))
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationId, spaces.organizationId), eq(organizationMembers.userId, users.id)))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1);

// `disabled` first: a membership's first column is never null, so Drizzle reads a missing membership, not a guest's null role, as `member: null`.
const namedSelection = { space: spaces, member: { disabled: organizationMembers.disabled, role: organizationMembers.role, lastSeenAt: organizationMembers.lastSeenAt }, callerId };
const drizzleBuilt = (values: { userId: string; spaceId: string }) => fromCaller(db, namedSelection).prepare().all(values);

const batchable = preparedOnce((database: Database) => fromCaller(database, namedSelection));
const wholeRows = wholeRowsOnce({ space: spaces, member: picked(organizationMembers, ["disabled", "role", "lastSeenAt"]) }, (database, selection) => fromCaller(database, selection), { callerId });

describe("statements built once answer what Drizzle's builder answers", () => {
  let owner: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    [owner, guest, outsider] = await Promise.all([createUser("built-once-owner"), createUser("built-once-guest"), createUser("built-once-outsider")]);
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, guest, null);
    spaceId = (await createSpace(owner, organization.id, { title: "Built once", emoji: "1f4d8" })).id;
  });

  const cases = () => [
    ["a member", { userId: owner.id, spaceId }],
    ["a guest (a null role)", { userId: guest.id, spaceId }],
    ["no membership", { userId: outsider.id, spaceId }],
    ["no such space", { userId: owner.id, spaceId: "no-such-space" }],
    ["no such caller", { userId: "no-such-user", spaceId }],
  ] as const;

  it("alone, in a batch and as whole rows, for every case", async () => {
    for (const [label, values] of cases()) {
      const expected = await drizzleBuilt(values);
      expect(await batchable(db, values), label).toEqual(expected);
      const [batched] = await db.batch([batchable(db, values)]);
      expect(batched, `${label}, batched`).toEqual(expected);
      expect(await wholeRows(db, values), `${label}, whole rows`).toEqual(expected);
    }
  });

  it("decodes columns through the schema's own types: timestamps as ISO text, booleans as booleans, the caller's id as text", async () => {
    const [row] = await wholeRows(db, { userId: owner.id, spaceId });
    expect(row!.space!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row!.member).toMatchObject({ disabled: false, role: "admin" });
    expect(row!.callerId).toBe(owner.id);
    const [guestRow] = await wholeRows(db, { userId: guest.id, spaceId });
    expect(guestRow!.member).toMatchObject({ disabled: false, role: null });
  });
});
