import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertRow, migrateUpTo } from "../helpers/migrations";

/**
 * migrations/0014_search_pages.sql moves the search index from one row per section to one row per
 * page. Applied to a database holding rows of the previous layout, it must give each page one row
 * holding its sections in order, and an index that finds them.
 */

describe("migration 0014: the search index by page", () => {
  it("turns each page's section rows into one row, its sections in order, indexed", async () => {
    const db = env.MIGRATIONS_DB;
    const applyTheRest = await migrateUpTo(db, "0014_search_pages");

    await insertRow(db, "organizations", { id: "org" });
    await insertRow(db, "spaces", { id: "space", organization_id: "org", parent_id: null });
    // Page `a`: three sections written out of order, one text holding the separator; page `b`: its root alone.
    const sections: Array<[string, number, string, string, string, string, string]> = [
      ["a", 2, "later", "Café tips", "", "Later", "Third text."],
      ["a", 0, "", "Café tips", "About coffee", "", "Intro \u001e text."],
      ["a", 1, "brew", "Café tips", "", "Brew", "Second text."],
      ["b", 0, "", "Plain page", "", "", "Only text."],
    ];
    await db.batch(
      sections.map(([page, position, anchor, title, description, heading, body]) =>
        db
          .prepare("INSERT INTO search_sections (space_id, page_id, position, anchor, title, description, heading, body) VALUES ('space', ?, ?, ?, ?, ?, ?, ?)")
          .bind(page, position, anchor, title, description, heading, body),
      ),
    );

    await applyTheRest();
    const { results } = await db.prepare("SELECT page_id, title, description, headings, body, anchors FROM search_pages ORDER BY page_id").all();
    expect(results).toEqual([
      { page_id: "a", title: "Café tips", description: "About coffee", headings: "\u001eBrew\u001eLater", body: "Intro   text.\u001eSecond text.\u001eThird text.", anchors: '["","brew","later"]' },
      { page_id: "b", title: "Plain page", description: "", headings: "", body: "Only text.", anchors: '[""]' },
    ]);
    const found = async (match: string, index = "search_index") =>
      (await db.prepare(`SELECT p.page_id FROM ${index} JOIN search_pages p ON p.id = ${index}.rowid WHERE ${index} MATCH ? ORDER BY p.page_id`).bind(match).all()).results.map((row) => row.page_id);
    expect(await found('"third"')).toEqual(["a"]);
    expect(await found('"cafe" "brew"')).toEqual(["a"]);
    expect(await found('"text"')).toEqual(["a", "b"]);
    expect(await found('"plain"', "search_titles")).toEqual(["b"]);
    expect(await db.prepare("SELECT name FROM sqlite_master WHERE name = 'search_sections'").first()).toBeNull();
  });
});
