import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../test/helpers/fixtures";
import { call } from "../test/helpers/http";

/**
 * `npm run bench`: what a one-page edit and its merge cost in a 10-page and a 1,000-page space.
 * Not a test: it prints medians (docs/performance.md records them). The Worker runs in workerd
 * with its local D1, R2 and Durable Object, called in-process, as in the test suite.
 */

const ROUNDS = 25;
const SIZES = [10, 1000];

async function post(user: TestUser, path: string, body?: unknown) {
  const response = await call("POST", path, { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

/** A space with `size` pages, each with a few paragraphs and a link, seeded 50 pages per edit. */
async function seedSpace(user: TestUser, organizationId: string, size: number): Promise<{ spaceId: string; pageId: string }> {
  const space = await post(user, `/v1/orgs/${organizationId}/spaces`, { title: `Bench ${size}` });
  const changeRequest = await post(user, `/v1/spaces/${space.id}/change-requests`, { subject: "seed" });
  let pageId = "";
  for (let start = 0; start < size; start += 50) {
    const changes = Array.from({ length: Math.min(50, size - start) }, (_, index) => ({
      operation: "insert_page",
      title: `Page ${start + index}`,
      document: { markdown: `Intro of page ${start + index}.\n\nSecond paragraph.\n\nSee [the site](https://example.com/${index}).\n` },
    }));
    const result = await post(user, `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, { changes });
    pageId ||= result.changes[0].page.id;
  }
  await post(user, `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`);
  return { spaceId: space.id, pageId };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("content change cost", () => {
  it("one-page edit and merge, 10 vs 1,000 pages", { timeout: 600_000 }, async () => {
    const user = await createUser("bench");
    const organization = await createOrganization(user);
    const results: Record<number, { edit: number; merge: number }> = {};
    for (const size of SIZES) {
      const { spaceId, pageId } = await seedSpace(user, organization.id, size);
      const edits: number[] = [];
      const merges: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const changeRequest = await post(user, `/v1/spaces/${spaceId}/change-requests`, { subject: `edit ${round}` });
        const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`;
        edits.push(
          await timed(() =>
            post(user, `${path}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: `Round ${round}.\n` } }] }),
          ),
        );
        merges.push(await timed(() => post(user, `${path}/merge`)));
      }
      results[size] = { edit: median(edits), merge: median(merges) };
    }
    const [small, large] = SIZES.map((size) => results[size]!);
    const line = (label: string, key: "edit" | "merge") =>
      `${label.padEnd(6)} ${small![key].toFixed(1).padStart(8)} ms ${large![key].toFixed(1).padStart(8)} ms   x${(large![key] / small![key]).toFixed(2)}`;
    console.log(
      [
        `median of ${ROUNDS} rounds       10 pages  1000 pages   ratio`,
        line("edit", "edit"),
        line("merge", "merge"),
      ].join("\n"),
    );
  });
});
