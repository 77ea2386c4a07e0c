import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain } from "../../helpers/content";
import { errorMessage, call } from "../../helpers/http";
import { queryString } from "../../helpers/lists";
import { organizationSearchPath, orgId, searchOrganization, spaceSearchPath, uniqueWord, useSuiteFixture, f } from "../../helpers/suites/search";
import { createCollectionAs, createSpaceAs, setCollectionLevel } from "../../helpers/suites/spaces";
import type { TestUser } from "../../helpers/fixtures";

/**
 * What a search shows of content the caller cannot see (issue 12: "a space in a collection the
 * caller cannot see never leaks a title or a snippet"). The space sits two collections deep; its
 * title, its page's title and a sentence of its body each carry words of their own, and every
 * answer to a caller who may not read it is checked, as raw text, for none of them.
 */

useSuiteFixture();

describe("search never shows content the caller cannot read", () => {
  const word = uniqueWord("okapi");
  const spaceTitle = uniqueWord("Secretspace");
  const pageTitle = uniqueWord("Secretpage");
  const sentence = `The ${word} migration plan is ${uniqueWord("confidential")}`;
  let hidden: string;
  let pageId: string;

  /** Nothing of the hidden space in a response: neither its id nor any of its text. */
  const expectNothingOf = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const secret of [hidden, pageId, spaceTitle, pageTitle, sentence.split(" ").at(-1)!]) expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    // A collection in a collection, the inner one lowering its members to `read`: the space in it
    // is readable by every member with a role (the positive control), by no guest.
    const outer = await createCollectionAs(f.admin, orgId, { title: "Outer" });
    const inner = await createCollectionAs(f.admin, orgId, { title: "Inner", parent: outer.id });
    await setCollectionLevel(f.admin, inner.id, "read");
    hidden = (await createSpaceAs(f.admin, orgId, { title: spaceTitle, parent: inner.id })).id;
    const edit = await commitToMain(f.admin, hidden, [
      { operation: "insert_page", title: `${pageTitle} ${word}`, document: { markdown: `## Plans\n\n${sentence}.\n` } },
    ]);
    pageId = edit.changes[0]!.page.id;
  }, 60_000);

  it("finds the space for a member who may read it, title and snippet included (the control)", async () => {
    const { items, count } = await searchOrganization(f.read, orgId, word);
    expect(count).toBe(1);
    expect(items.map((space) => [space.id, space.title])).toEqual([[hidden, spaceTitle]]);
    const text = JSON.stringify(items);
    expect(text).toContain(pageTitle);
    expect(text).toContain(sentence.split(" ").at(-1)!);
  });

  it("shows a guest of the organization nothing: no group, no page, no count, for every word of it and by prefix", async () => {
    for (const query of [word, spaceTitle, pageTitle, sentence.split(" ").at(-1)!, word.slice(0, 4), `${word} ${pageTitle}`]) {
      const result = await searchOrganization(f.guest, orgId, query);
      expect(result).toEqual({ items: [], count: 0 });
      expectNothingOf(result);
    }
  });

  it("answers the space's own search with a 404 that names only the id asked for", async () => {
    for (const user of [f.guest, f.outsider]) {
      const response = await call("GET", `${spaceSearchPath(hidden)}${queryString({ query: word })}`, { token: user.token });
      expect(errorMessage(response, 404)).toMatch(/not found$/);
      expect(JSON.stringify(response.body)).not.toContain(spaceTitle);
      expect(JSON.stringify(response.body)).not.toContain(pageTitle);
    }
  });

  it("shows a member of another organization nothing: a 404 here, no match in their own organization", async () => {
    const here = await call("GET", `${organizationSearchPath(orgId)}${queryString({ query: word })}`, { token: f.outsider.token });
    expect(errorMessage(here, 404)).toMatch(/not found$/);
    expectNothingOf(here.body);
    const own = await searchOrganization(f.outsider, f.outsiderOrganization.id, word);
    expect(own).toEqual({ items: [], count: 0 });
  });

  it("stops showing it to a member the moment they leave the organization", async () => {
    const leaving: TestUser = f.comment;
    expect((await searchOrganization(leaving, orgId, word)).count).toBe(1);
    const removed = await call("DELETE", `/v1/orgs/${orgId}/members/${leaving.id}`, { token: f.admin.token });
    expect(removed.status).toBe(205);
    const after = await call("GET", `${organizationSearchPath(orgId)}${queryString({ query: word })}`, { token: leaving.token });
    expect(errorMessage(after, 404)).toMatch(/not found$/);
    expectNothingOf(after.body);
  });
});
