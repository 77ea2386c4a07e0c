import { beforeAll, describe, expect, it } from "vitest";
import { queryTag } from "../../../src/domain/search/query";
import { encodeCursor } from "../../../src/lib/cursor";
import { commitToMain, createSpace } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, queryString, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { f, foundPages, orgId, searchSpace, spaceSearchPath, uniqueWord, useSuiteFixture, type SearchPage } from "../../helpers/suites/search";

/** Searching a space (`searchSpaceContent`): results, ranking, matching rules, input and access. */

useSuiteFixture();

describe("searching a space", () => {
  let spaceId: string;
  const ids: Record<string, string> = {};
  // A word of this file's own, so results never include other tests' content.
  const topic = uniqueWord("zebra");

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Searchable" })).id;
    const first = await commitToMain(f.admin, spaceId, [
      {
        operation: "insert_page",
        title: `Getting started ${topic}`,
        description: "First steps with the product",
        document: { markdown: `Welcome aboard.\n\n## Install the CLI\n\nRun the installer on Windows or macOS.\n\n## Configure\n\nEdit the config file in the café.\n` },
      },
      { operation: "insert_page", title: "Billing", document: { markdown: `Invoices and payments for ${topic}.\n` } },
      { operation: "insert_page", title: "FAQ", document: { markdown: `## Billing questions\n\nWho pays for ${topic}.\n` } },
      { operation: "insert_page", title: "Glossary", document: { markdown: `A billing cycle is a month of ${topic}.\n` } },
    ]);
    ["started", "billing", "faq", "glossary"].forEach((name, index) => (ids[name] = first.changes[index]!.page.id));
    const child = await commitToMain(f.admin, spaceId, [
      {
        operation: "insert_page",
        title: "Advanced install",
        into: ids.started,
        document: { markdown: `Servers of ${topic}.\n\n## Troubleshooting <a href="#fix-it" id="fix-it"></a>\n\nWhen the install fails, retry.\n` },
      },
    ]);
    ids.advanced = child.changes[0]!.page.id;
  }, 60_000);

  const search = (query: string, params = {}) => searchSpace(f.read, spaceId, query, params);
  const byId = (items: SearchPage[], id: string) => items.find((page) => page.id === id)!;

  it("answers pages with their matching sections, ancestors, paths and app URLs, as GitBook's schema has them", async () => {
    const { items, count } = await search("install");
    expect(count).toBe(2);
    expect(items.map((page) => page.rank)).toEqual([1, 2]);
    const started = byId(items, ids.started!);
    expect(started).toMatchObject({
      title: `Getting started ${topic}`,
      description: "First steps with the product",
      path: `getting-started-${topic}`,
      resultType: "section",
      ancestors: [],
      urls: { app: expect.stringMatching(new RegExp(`/s/${spaceId}/getting-started-${topic}$`)) },
    });
    expect(started.sections).toEqual([
      {
        id: "install-the-cli",
        title: "Install the CLI",
        path: `getting-started-${topic}#install-the-cli`,
        score: expect.any(Number),
        resultType: "section",
        body: "Run the installer on Windows or macOS.",
        urls: { app: `${started.urls.app}#install-the-cli` },
      },
    ]);
    const advanced = byId(items, ids.advanced!);
    expect(advanced).toMatchObject({
      title: "Advanced install",
      path: `getting-started-${topic}/advanced-install`,
      resultType: "page",
      ancestors: [{ title: `Getting started ${topic}` }],
    });
    // Its own anchor (Git Sync's `<a id>` in the heading) names the section.
    expect(advanced.sections.map((section) => section.id)).toEqual(["fix-it"]);
    expect(advanced.sections[0]!.urls.app).toMatch(/advanced-install#fix-it$/);
    for (const page of items) expect(page.score).toBeGreaterThan(0);
  });

  it("ranks a page's title above a heading, and a heading above body text; a title match lands on the page", async () => {
    const { items } = await search("billing");
    expect(items.map((page) => page.id)).toEqual([ids.billing, ids.faq, ids.glossary]);
    expect(items[0]!.score).toBeGreaterThan(items[1]!.score);
    expect(items[1]!.score).toBeGreaterThan(items[2]!.score);
    const [title, heading, body] = items;
    expect(title).toMatchObject({ resultType: "page", urls: { app: expect.stringMatching(/\/billing$/) } });
    // Matched on the title only: the page's top stands for it, with the page's own URL.
    expect(title!.sections).toEqual([expect.objectContaining({ id: ids.billing, resultType: "page", urls: title!.urls })]);
    expect(heading!.sections.map((section) => [section.id, section.resultType, section.body])).toEqual([["billing-questions", "section", `Who pays for ${topic}.`]]);
    expect(body!.sections[0]!.body).toContain("billing cycle");
  });

  it("ranks a title holding every word above any text repeating them, and finds a page whose words are in different sections", async () => {
    const space = (await createSpace(f.admin, orgId, { title: "Tiers" })).id;
    const [word, other] = [uniqueWord("lemur"), uniqueWord("gecko")];
    const merged = await commitToMain(f.admin, space, [
      { operation: "insert_page", title: "Repeats", document: { markdown: `## ${word}\n\n${word} ${word}.\n\n## ${word} ${word}\n\n${word} ${other}.\n` } },
      { operation: "insert_page", title: `All about ${word}`, document: { markdown: `${"Long text without it. ".repeat(40)}\n` } },
      { operation: "insert_page", title: "Spread", document: { markdown: `## First\n\nOne ${word} here.\n\n## Second\n\nAnd ${other} there.\n` } },
    ]);
    const [repeats, titled, spread] = merged.changes.map((change: { page: { id: string } }) => change.page.id);
    expect(await foundPages(f.read, space, word)).toEqual([titled, repeats, spread]);
    // Every word, each in a section of its own: the page matches, and lists both sections.
    const { items } = await searchSpace(f.read, space, `${word} ${other}`);
    expect(items.map((page) => page.id)).toEqual([repeats, spread]);
    expect(items[1]!.sections.map((section) => section.id).sort()).toEqual(["first", "second"]);
  });

  it("never matches the space itself: its id, a prefix of it, or its index token typed out", async () => {
    const space = (await createSpace(f.admin, orgId, { title: "Digits" })).id;
    await commitToMain(f.admin, space, [{ operation: "insert_page", title: "2024", document: { markdown: "1234 5678.\n" } }]);
    expect(await foundPages(f.read, space, "2024")).toHaveLength(1);
    // An id may start with a digit that starts a word of the page ("5" finds "5678"): that match
    // is the page's own text, so only queries no word of the page starts with must find nothing.
    const wordsOfPage = ["2024", "1234", "5678"];
    const typedWord = (query: string) => query.replace(/\u{E000}/gu, "").toLowerCase();
    const queries = [space, space.toLowerCase(), space.slice(0, 3), space.slice(0, 1), `\u{E000}${space}`, `${space.slice(0, 1)}\u{E000}`];
    for (const query of queries.filter((query) => !wordsOfPage.some((word) => word.startsWith(typedWord(query))))) {
      expect(await searchSpace(f.read, space, query), query).toEqual({ items: [], count: 0 });
    }
  });

  it("matches the last word as a prefix while it is being typed, and every word", async () => {
    expect(await foundPages(f.read, spaceId, "instal")).toHaveLength(2);
    // A trailing space ends the word: no page has the word "instal".
    expect(await foundPages(f.read, spaceId, "instal ")).toEqual([]);
    expect(await foundPages(f.read, spaceId, "installer wind")).toEqual([ids.started]);
    expect(await foundPages(f.read, spaceId, `installer ${uniqueWord("absent")}`)).toEqual([]);
    expect(await foundPages(f.read, spaceId, topic.slice(0, 5))).toHaveLength(5);
  });

  it("folds case and accents both ways", async () => {
    for (const query of ["cafe", "CAFÉ", "Café"]) expect(await foundPages(f.read, spaceId, query)).toEqual([ids.started]);
    expect(await foundPages(f.read, spaceId, "GETTING Started")).toEqual([ids.started]);
  });

  it("reads FTS5 syntax as plain words: never a 500, never an operator", async () => {
    const queries = ['"', "*", "NEAR(", "OR", "-", ":", "^", '"install', 'in"stall', "(install", "install)", "{title}: install", "title:install",
      "NOT install", "install AND", "\\", "'", '""""', "install*", "^install", "-install", "NEAR(install, billing)", "install OR billing", "😀", "%_"];
    await inParallel(queries, async (query) => {
      const response = await call("GET", `${spaceSearchPath(spaceId)}${queryString({ query })}`, { token: f.read.token });
      expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
      expectSpecResponse("searchSpaceContent", 200, response.body);
    });
    // Punctuation around a word is text the tokenizer drops: the word still matches.
    for (const query of ['"install', "install*", "^install", "-install", "(install"]) expect(await foundPages(f.read, spaceId, query)).toHaveLength(2);
    // Operators are words: OR must itself appear (it does not), NOT does not exclude.
    expect(await foundPages(f.read, spaceId, "install OR billing")).toEqual([]);
    expect(await foundPages(f.read, spaceId, "Windows or macOS")).toEqual([ids.started]);
    // Only punctuation: nothing to look for, an empty list.
    expect(await search('" * ^ : -')).toEqual({ items: [], count: 0 });
  });

  it("pages results with a keyset cursor, ranks kept across pages", async () => {
    const items = await walkList<SearchPage>(spaceSearchPath(spaceId), { query: topic, limit: 2 }, { token: f.read.token, operationId: "searchSpaceContent", expectedCount: 5 });
    expect(items.map((page) => page.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(items.map((page) => page.id)).size).toBe(5);
    const scores = items.map((page) => page.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await search(topic, { limit: 0 })).toEqual({ items: [], count: 5 });
  });

  it("answers the same through GitBook's official client", async () => {
    const { data } = await gitbookClient(f.read).spaces.searchSpaceContent(spaceId, { query: "billing", limit: 2 });
    const direct = await search("billing", { limit: 2 });
    expect(data.items.map((page) => page.id)).toEqual(direct.items.map((page) => page.id));
    const next = await gitbookClient(f.read).spaces.searchSpaceContent(spaceId, { query: "billing", limit: 2, page: data.next!.page });
    expect(next.data.items.map((page) => [page.id, page.rank])).toEqual([[ids.glossary, 3]]);
  });

  it("refuses a missing, empty or too long query, a bad limit and a page from another list, naming them", async () => {
    const path = spaceSearchPath(spaceId);
    const cursor = (await search("billing", { limit: 1 })).next!.page;
    const cases: Array<[string, RegExp]> = [
      [path, /query parameter 'query'/],
      [`${path}?query=`, /query parameter 'query'.*>=1/],
      [`${path}${queryString({ query: "a".repeat(513) })}`, /query parameter 'query'.*<=512/],
      [`${path}${queryString({ query: "billing", limit: 1001 })}`, /query parameter 'limit'/],
      [`${path}${queryString({ query: "billing", page: "not-a-cursor" })}`, /query parameter 'page'/],
      // A cursor is made for one query.
      [`${path}${queryString({ query: "install", page: cursor })}`, /query parameter 'page'/],
      // Values a cursor of this list cannot hold, and a cursor of the ranking before pages were ranked by tier.
      [`${path}${queryString({ query: "billing", page: encodeCursor(`search-pages:${queryTag("billing")}`, ["1", 0, 1, 1]) })}`, /query parameter 'page'/],
      [`${path}${queryString({ query: "billing", page: encodeCursor(`search:${queryTag("billing")}`, [-1, spaceId, ids.billing!, 1]) })}`, /query parameter 'page'/],
    ];
    await inParallel(cases, async ([url, message]) => {
      expect(errorMessage(await call("GET", url, { token: f.read.token }), 400)).toMatch(message);
    });
    expect((await search("b".repeat(512))).count).toBe(0);
  });

  it("is a 404 for a space that does not exist, for guests and for members of another organization", async () => {
    const cases: Array<[string, { token: string }]> = [
      [spaceSearchPath("noSuchSpace000000000"), f.admin],
      [spaceSearchPath(spaceId), f.guest],
      [spaceSearchPath(spaceId), f.outsider],
    ];
    await inParallel(cases, async ([path, user]) => {
      expect(errorMessage(await call("GET", `${path}?query=billing`, { token: user.token }), 404)).toMatch(/not found$/);
    });
  });
});
