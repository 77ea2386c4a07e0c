import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { purgeDeletedSpaces } from "../../../src/cron/purge-deleted-spaces";
import { createDatabase } from "../../../src/db/client";
import { commitToMain, createChangeRequest, createSpace, editContent } from "../../helpers/content";
import { createOrganization } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import { f, foundPages, foundSpaces, indexedAnchors, indexRows, orgId, searchSpace, uniqueWord, useSuiteFixture } from "../../helpers/suites/search";

/**
 * The index follows each space's live content: a merge rewrites the row of each page whose text
 * it changed and nothing else; duplicates, deletes, restores, transfers and the purge carry the
 * index along. Row ids (read from D1) show which rows a change rewrote.
 */

useSuiteFixture();

/** A space with three pages (a, b under a, c), each holding `word`. */
async function spaceWithPages(word: string) {
  const space = await createSpace(f.admin, orgId, { title: `Upkeep ${word}` });
  const top = await commitToMain(f.admin, space.id, [
    { operation: "insert_page", title: "Alpha", document: { markdown: `Alpha text ${word}.\n\n## Part\n\nMore ${word}.\n` } },
    { operation: "insert_page", title: "Gamma", document: { markdown: `Gamma text ${word}.\n` } },
  ]);
  const [a, c] = top.changes.map((change) => change.page.id as string) as [string, string];
  const child = await commitToMain(f.admin, space.id, [{ operation: "insert_page", title: "Beta", into: a, document: { markdown: `Beta text ${word}.\n` } }]);
  return { spaceId: space.id, a, b: child.changes[0]!.page.id as string, c };
}

const merge = (spaceId: string, changes: unknown[]) => commitToMain(f.admin, spaceId, changes);

describe("keeping the index current on merges", () => {
  it("rewrites only the rows of the pages a merge changed the text of", async () => {
    const word = uniqueWord("walrus");
    const { spaceId, a, b, c } = await spaceWithPages(word);
    const before = await indexRows(spaceId);
    expect(Object.keys(before).sort()).toEqual([a, b, c].sort());
    // One row per page, holding its sections.
    expect(Object.values(before).map((ids) => ids.length)).toEqual([1, 1, 1]);
    expect(await indexedAnchors(spaceId, a)).toEqual(["", "part"]);

    const fresh = uniqueWord("narwhal");
    await merge(spaceId, [{ operation: "update_page", page: b, document: { markdown: `Beta now says ${fresh}.\n` } }]);
    const after = await indexRows(spaceId);
    expect(after[a]).toEqual(before[a]);
    expect(after[c]).toEqual(before[c]);
    expect(after[b]).toHaveLength(1);
    expect(after[b]![0]).toBeGreaterThan(Math.max(...Object.values(before).flat()));
    expect(await foundPages(f.read, spaceId, fresh)).toEqual([b]);
    expect(await foundPages(f.read, spaceId, word)).toEqual(expect.arrayContaining([a, c]));
    expect(await foundPages(f.read, spaceId, word)).not.toContain(b);
  });

  it("rewrites a page whose title or description changed; moves, reorders and other metadata rewrite nothing", async () => {
    const word = uniqueWord("otter");
    const { spaceId, a, b, c } = await spaceWithPages(word);
    const before = await indexRows(spaceId);
    await merge(spaceId, [
      { operation: "update_page", page: b, into: null },
      { operation: "update_page", page: c, at: 0, emoji: "1f600", hidden: true },
    ]);
    expect(await indexRows(spaceId)).toEqual(before);
    const moved = (await searchSpace(f.read, spaceId, `beta ${word}`)).items[0]!;
    expect([moved.path, moved.ancestors]).toEqual(["beta", []]);

    await merge(spaceId, [{ operation: "update_page", page: a, title: "Alphabet", description: `About ${word}` }]);
    const renamed = await indexRows(spaceId);
    expect(renamed[a]).not.toEqual(before[a]);
    expect([renamed[b], renamed[c]]).toEqual([before[b], before[c]]);
    expect((await searchSpace(f.read, spaceId, "alphabet")).items.map((page) => [page.id, page.title, page.description])).toEqual([[a, "Alphabet", `About ${word}`]]);
  });

  it("shows a renamed parent in its children's ancestors and paths without rewriting them", async () => {
    const word = uniqueWord("heron");
    const { spaceId, a, b } = await spaceWithPages(word);
    const before = await indexRows(spaceId);
    await merge(spaceId, [{ operation: "update_page", page: a, title: "Renamed", slug: "renamed" }]);
    expect((await indexRows(spaceId))[b]).toEqual(before[b]);
    const child = (await searchSpace(f.read, spaceId, `beta ${word}`)).items[0]!;
    expect([child.path, child.ancestors, child.urls.app.endsWith("/renamed/beta")]).toEqual(["renamed/beta", [{ title: "Renamed" }], true]);
  });

  it("removes deleted pages, and leaves change requests out until they are merged", async () => {
    const word = uniqueWord("puffin");
    const { spaceId, a, b, c } = await spaceWithPages(word);
    await merge(spaceId, [{ operation: "delete_page", page: c }]);
    expect(Object.keys(await indexRows(spaceId)).sort()).toEqual([a, b].sort());
    expect(await foundPages(f.read, spaceId, `gamma ${word}`)).toEqual([]);

    const draft = uniqueWord("draft");
    const changeRequest = await createChangeRequest(f.admin, spaceId);
    await editContent(f.admin, spaceId, changeRequest.id, [{ operation: "insert_page", title: "Draft", document: { markdown: `${draft}\n` } }]);
    expect(await foundPages(f.read, spaceId, draft)).toEqual([]);
    await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/merge`, { token: f.admin.token });
    expect(await foundPages(f.read, spaceId, draft)).toHaveLength(1);
  });
});

describe("the index through a space's lifecycle", () => {
  it("gives a duplicated space rows of its own, which later merges of either keep apart", async () => {
    const word = uniqueWord("lynx");
    const { spaceId, a, b, c } = await spaceWithPages(word);
    const copy = (await call("POST", `/v1/spaces/${spaceId}/duplicate`, { token: f.admin.token })).body.id as string;
    const [original, copied] = [await indexRows(spaceId), await indexRows(copy)];
    expect(Object.keys(copied).sort()).toEqual([a, b, c].sort());
    expect(Object.values(copied).flat()).toHaveLength(Object.values(original).flat().length);
    expect(Object.values(copied).flat().some((id) => Object.values(original).flat().includes(id))).toBe(false);
    expect((await foundPages(f.read, copy, word)).sort()).toEqual([a, b, c].sort());

    const onlyInCopy = uniqueWord("copyonly");
    await merge(copy, [{ operation: "update_page", page: a, document: { markdown: `${onlyInCopy}\n` } }]);
    expect(await foundPages(f.read, copy, onlyInCopy)).toEqual([a]);
    expect(await foundPages(f.read, spaceId, onlyInCopy)).toEqual([]);
    expect(await indexRows(spaceId)).toEqual(original);
  });

  it("drops a deleted space from results at once, and brings it back on restore", async () => {
    const word = uniqueWord("ibex");
    const { spaceId } = await spaceWithPages(word);
    const rows = await indexRows(spaceId);
    expect(await foundSpaces(f.read, orgId, word)).toEqual([spaceId]);
    expect((await call("DELETE", `/v1/spaces/${spaceId}`, { token: f.admin.token })).status).toBe(204);
    expect(await foundSpaces(f.read, orgId, word)).toEqual([]);
    expect(await searchSpace(f.read, spaceId, word)).toEqual({ items: [], count: 0 });
    expect((await call("POST", `/v1/spaces/${spaceId}/restore`, { token: f.admin.token })).status).toBe(200);
    expect(await foundSpaces(f.read, orgId, word)).toEqual([spaceId]);
    expect(await indexRows(spaceId)).toEqual(rows);
  });

  it("moves a transferred space's index with it to the other organization", async () => {
    const word = uniqueWord("tapir");
    const { spaceId } = await spaceWithPages(word);
    const target = await createOrganization(f.admin);
    const rows = await indexRows(spaceId);
    expect((await call("POST", `/v1/spaces/${spaceId}/transfer`, { token: f.admin.token, body: { organization: target.id } })).status).toBe(200);
    expect(await foundSpaces(f.admin, orgId, word)).toEqual([]);
    expect(await foundSpaces(f.admin, target.id, word)).toEqual([spaceId]);
    expect(await foundPages(f.admin, spaceId, word)).toHaveLength(3);
    expect(await indexRows(spaceId)).toEqual(rows);
  });

  it("loses its rows, and their index entries, when the purge removes it", async () => {
    const word = uniqueWord("okapi");
    const { spaceId } = await spaceWithPages(word);
    expect((await call("DELETE", `/v1/spaces/${spaceId}`, { token: f.admin.token })).status).toBe(204);
    // Past retention: the purge takes spaces deleted more than 7 days before it runs.
    await env.DB.prepare("UPDATE spaces SET deleted_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(spaceId).run();
    const { purged } = await purgeDeletedSpaces(createDatabase(env.DB), env.BLOBS, new Date());
    expect(purged).toContain(spaceId);
    expect(await indexRows(spaceId)).toEqual({});
    const indexed = await env.DB.prepare("SELECT count(*) AS n FROM search_index WHERE search_index MATCH ?").bind(`"${word}"`).first<{ n: number }>();
    expect(indexed!.n).toBe(0);
  });
});
