import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/lib/tokens";
import { createOrganization, createUser } from "../../test/helpers/fixtures";
import { call } from "../../test/helpers/http";
import { CONCURRENCY, ratios, type Workload } from "../helpers/throughput";

/**
 * What the shape of a space's access statement costs D1 (not part of `npm run bench`; run it with
 * `BENCH_PROFILE=1 npx vitest run --config vitest.bench.config.ts bench/profile/access-statement.ts`):
 * the statement as `getSpace` sends it, then with fewer joins, against the one-query baseline's
 * primary-key read, each run alone in a D1 session with `raw()`. Throughput ratios of neighbours,
 * as bench/read-cost.ts; docs/performance.md ("Reads") records what it found.
 */

const ROUNDS = 11;

const FROM = `from "api_tokens" left join "spaces" on "spaces"."id" = ?`;
const MEMBERSHIP = ` left join "organization_members" on ("organization_members"."organization_id" = "spaces"."organization_id" and "organization_members"."user_id" = "api_tokens"."user_id")`;
const PARENT = ` left join "collections" "parent_collection" on "parent_collection"."id" = "spaces"."parent_id"`;
const GIT_SYNC = ` left join "git_syncs" on "git_syncs"."space_id" = "spaces"."id"`;
const WHERE = ` where "api_tokens"."token_hash" = ? limit ?`;
const MEMBER_COLUMNS = `"organization_members"."role", "organization_members"."disabled", "organization_members"."last_seen_at"`;
const PARENT_COLUMNS = `"parent_collection"."default_level", "parent_collection"."inherited_level"`;
const CALLER = `"api_tokens"."user_id" as "caller_id"`;

/** The access statement (token, space, membership, parent collection, Git sync), then with fewer tables. */
const ACCESS_STATEMENTS: Array<[string, string]> = [
  ["as getSpace sends it (5 tables)", `select "spaces".*, ${MEMBER_COLUMNS}, ${PARENT_COLUMNS}, "git_syncs".*, ${CALLER} ${FROM}${MEMBERSHIP}${PARENT}${GIT_SYNC}${WHERE}`],
  ["without the Git sync (4 tables)", `select "spaces".*, ${MEMBER_COLUMNS}, ${PARENT_COLUMNS}, ${CALLER} ${FROM}${MEMBERSHIP}${PARENT}${WHERE}`],
  ["token, space, membership", `select "spaces".*, ${MEMBER_COLUMNS}, ${CALLER} ${FROM}${MEMBERSHIP}${WHERE}`],
  ["token and space", `select "spaces".*, ${CALLER} ${FROM}${WHERE}`],
];

describe("profile: the access statement's shape", () => {
  it("joins and columns", { timeout: 900_000 }, async () => {
    const user = await createUser("bench-access-statement");
    const organization = await createOrganization(user);
    const created = await call("POST", `/v1/orgs/${organization.id}/spaces`, { token: user.token, body: { title: "Top level" } });
    expect(created.status).toBe(201);
    const spaceId = created.body.id as string;
    const tokenHash = await hashToken(user.token);

    const run = (sql: string, params: unknown[]) => async () => {
      const [, row] = await env.DB.withSession("first-unconstrained").prepare(sql).bind(...params).raw({ columnNames: true });
      if (!row) throw new Error(`no row: ${sql}`);
      return Response.json(row);
    };
    const workloads: Workload[] = [
      ...ACCESS_STATEMENTS.map(([name, sql]) => ({ name, fetch: run(sql, [spaceId, tokenHash, 1]) })),
      { name: "primary key, one column", fetch: run(`SELECT id FROM spaces WHERE id = ?`, [spaceId]) },
      { name: "primary key, as Drizzle spells it", fetch: run(`select "spaces".* from "spaces" where "spaces"."id" = ? limit ?`, [spaceId, 1]) },
    ];
    const result = await ratios({ name: "baseline", fetch: run("SELECT * FROM spaces WHERE id = ?", [spaceId]) }, workloads, ROUNDS);
    console.log(
      [
        `a space's access statement by shape: throughput relative to SELECT * FROM spaces WHERE id = ? (median of ${ROUNDS}, ${CONCURRENCY} concurrent)`,
        ...[...result].map(([name, ratio]) => `${name.padEnd(36)} x${ratio.toFixed(2)}`),
      ].join("\n"),
    );
  });
});
