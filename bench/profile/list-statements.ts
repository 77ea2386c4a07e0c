import { env } from "cloudflare:test";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { changeRequests, spaces } from "../../src/db/schema";
import { selectChangeRequestRecords } from "../../src/domain/change-requests/records";
import { joinsParentCollection, parentCollection, parentLevelColumns } from "../../src/domain/content-tree/inherited-levels";
import { createOrganization, createUser } from "../../test/helpers/fixtures";
import { call } from "../../test/helpers/http";
import { CONCURRENCY, ratios, type Workload } from "../helpers/throughput";

/**
 * What a 100-item list page's statements cost D1 (not part of `npm run bench`; run it with
 * `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts bench/profile/list-statements.ts`):
 * a page of 100 spaces and of 100 change requests as the lists send them (Drizzle's text, every
 * column named), the same rows as whole rows, alone (`raw()`: rows as arrays) and in a batch (rows
 * as objects keyed by column name, as every list reads them), with and without the count.
 * Throughput ratios of neighbours against the one-query baseline's primary-key read, as
 * bench/read-cost.ts; docs/performance.md ("List pages") records what it found.
 */

const ROUNDS = 7;
const COUNT = 100;

describe("profile: a list page's statements", () => {
  it("shapes, batches and counts", { timeout: 900_000 }, async () => {
    const user = await createUser("bench-list-statements");
    const organization = await createOrganization(user);
    const send = async (path: string, body: unknown) => {
      const response = await call("POST", path, { token: user.token, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body;
    };
    const space = await send(`/v1/orgs/${organization.id}/spaces`, { title: "Listed" });
    for (let index = 1; index < COUNT; index++) await send(`/v1/orgs/${organization.id}/spaces`, { title: `Space ${index}` });
    for (let index = 1; index <= COUNT; index++) await send(`/v1/spaces/${space.id}/change-requests`, { subject: `Change ${index}` });

    const db = createDatabase(env.DB);
    const inOrganization = and(eq(spaces.organizationId, organization.id), isNull(spaces.deletedAt));
    const spacePage = db
      .select({ space: spaces, parent: parentLevelColumns })
      .from(spaces)
      .leftJoin(parentCollection, joinsParentCollection)
      .where(inOrganization)
      .orderBy(asc(spaces.createdAt), asc(spaces.id))
      .limit(COUNT + 1)
      .toSQL();
    const wholeSpaces = `select "spaces".*, "parent_collection"."default_level" as "parent_default_level", "parent_collection"."inherited_level" as "parent_inherited_level" from "spaces" left join "collections" "parent_collection" on "parent_collection"."id" = "spaces"."parent_id" where ("spaces"."organization_id" = ? and "spaces"."deleted_at" is null) order by "spaces"."created_at" asc, "spaces"."id" asc limit ?`;
    const spaceCount = db.select({ count: count() }).from(spaces).where(inOrganization).toSQL();
    const crWhere = and(eq(changeRequests.spaceId, space.id), inArray(changeRequests.status, ["draft"]));
    const crPage = selectChangeRequestRecords(db).where(crWhere).orderBy(desc(changeRequests.updatedAt), desc(changeRequests.id)).limit(COUNT + 1).toSQL();
    const crCount = db.select({ count: count() }).from(changeRequests).where(crWhere).toSQL();

    const statement = ({ sql, params }: { sql: string; params: unknown[] }) => env.DB.prepare(sql).bind(...params);
    const raw = (query: { sql: string; params: unknown[] }) => async () => Response.json((await statement(query).raw()).length);
    const batch = (...queries: Array<{ sql: string; params: unknown[] }>) => async () => Response.json((await env.DB.batch(queries.map(statement))).length);
    const primaryKey = { sql: "SELECT * FROM spaces WHERE id = ?", params: [space.id] };
    // The same page as one row of one column: the rows as JSON arrays, aggregated by SQLite.
    const asJson = ({ sql, params }: { sql: string; params: unknown[] }, columns: number) => {
      const names = Array.from({ length: columns }, (_, index) => `c${index}`);
      return { sql: `WITH page(${names.join(", ")}) AS (${sql}) SELECT json_group_array(json_array(${names.join(", ")})) AS page FROM page`, params };
    };
    const spaceColumns = Object.keys(getTableColumns(spaces)).length + 2;
    const jsonBatch = (...queries: Array<{ sql: string; params: unknown[] }>) => async () => {
      const [first] = await env.DB.batch(queries.map(statement));
      return Response.json(JSON.parse((first!.results[0] as { page: string }).page).length);
    };
    const workloads: Workload[] = [
      { name: "100 spaces as one JSON row, in a batch, parsed", fetch: jsonBatch(asJson(spacePage, spaceColumns)) },
      { name: "100 spaces + their count, one JSON row, in a batch", fetch: jsonBatch(asJson(spacePage, spaceColumns), spaceCount) },
      { name: "100 spaces, as the list spells them, raw", fetch: raw(spacePage) },
      { name: "100 spaces, whole rows, raw", fetch: raw({ sql: wholeSpaces, params: [organization.id, COUNT + 1] }) },
      { name: "100 spaces, as the list spells them, in a batch", fetch: batch(spacePage) },
      { name: "100 spaces + their count, in a batch", fetch: batch(spacePage, spaceCount) },
      { name: "the count alone, raw", fetch: raw(spaceCount) },
      { name: "a batch of two primary-key reads", fetch: batch(primaryKey, primaryKey) },
      { name: "100 change requests, as the list spells them, raw", fetch: raw(crPage) },
      { name: "100 change requests, in a batch", fetch: batch(crPage) },
      { name: "100 change requests + their count, in a batch", fetch: batch(crPage, crCount) },
    ];
    const result = await ratios({ name: "baseline", fetch: raw(primaryKey) }, workloads, ROUNDS);
    console.log(
      [
        `a list page's statements: throughput relative to SELECT * FROM spaces WHERE id = ? (median of ${ROUNDS}, ${CONCURRENCY} concurrent)`,
        ...[...result].map(([name, ratio]) => `${name.padEnd(52)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
