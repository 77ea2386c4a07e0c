import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../test/helpers/fixtures";
import { call } from "../test/helpers/http";
import { seedPageTree } from "./helpers/seed-pages";

/**
 * `npm run bench`: what applying a template to main's content costs in a 10-page and a
 * 10,000-page space, end to end (auth, the Durable Object hop, the coordinator's read of the
 * target's top level, the revision, the search rows). Not a test: it prints medians
 * (docs/performance.md records them).
 */

const ROUNDS = 15;
const SIZES = [10, 10_000];
const TEMPLATES = ["blank", "product-docs"];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function apply(user: TestUser, spaceId: string, id: string) {
  const response = await call("POST", `/v1/spaces/${spaceId}/content/template`, { token: user.token, body: { id } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

describe("template cost", () => {
  it("applying a template to main, 10 vs 10,000 pages", { timeout: 900_000 }, async () => {
    const user = await createUser("bench");
    const organization = await createOrganization(user);
    const newSpace = async (title: string) => (await call("POST", `/v1/orgs/${organization.id}/spaces`, { token: user.token, body: { title } })).body.id as string;
    const spaces = new Map<number, string>();
    for (const size of SIZES) spaces.set(size, (await seedPageTree(env.DB, await newSpace(`Bench ${size}`), size)).spaceId);
    const lines = [`median of ${ROUNDS} rounds        ${SIZES.map((size) => `${size.toLocaleString("en")} pages`.padStart(13)).join("")}   ratio`];
    for (const template of TEMPLATES) {
      const medians = [];
      for (const size of SIZES) {
        const times: number[] = [];
        for (let round = 0; round < ROUNDS; round++) times.push(await timed(() => apply(user, spaces.get(size)!, template)));
        medians.push(median(times));
      }
      lines.push(`${template.padEnd(26)}${medians.map((value) => `${value.toFixed(1)} ms`.padStart(13)).join("")}   x${(medians[1]! / medians[0]!).toFixed(2)}`);
    }
    console.log(lines.join("\n"));
  });
});
