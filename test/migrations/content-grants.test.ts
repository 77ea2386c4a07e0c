import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertRow, migrateUpTo } from "../helpers/migrations";

/**
 * The migration adding grants and `collections.lineage`: existing collections get their lineage
 * (their id, then their ancestors', innermost first), which says whose grants apply inside them.
 */
describe("migration: content grants", () => {
  it("gives every existing collection its lineage, at any depth", async () => {
    const db = env.MIGRATIONS_DB;
    // By name without its number, which may change as migrations are merged.
    const applyTheRest = await migrateUpTo(db, "_content_grants");

    await insertRow(db, "organizations", { id: "org" });
    const tree: Array<[string, string | null]> = [
      ["top", null],
      ["middle", "top"],
      ["deep", "middle"],
      ["alone", null],
    ];
    for (const [id, parent] of tree) await insertRow(db, "collections", { id, organization_id: "org", parent_id: parent });

    await applyTheRest();
    const { results } = await db.prepare("SELECT id, lineage FROM collections ORDER BY id").all<{ id: string; lineage: string }>();
    expect(results.map((row) => [row.id, JSON.parse(row.lineage)])).toEqual([
      ["alone", ["alone"]],
      ["deep", ["deep", "middle", "top"]],
      ["middle", ["middle", "top"]],
      ["top", ["top"]],
    ]);
    const { results: grants } = await db.prepare("SELECT count(*) AS count FROM grants").all<{ count: number }>();
    expect(grants).toEqual([{ count: 0 }]);
  });
});
