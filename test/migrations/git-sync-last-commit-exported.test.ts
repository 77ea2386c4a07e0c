import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertRow, migrateUpTo } from "../helpers/migrations";

/**
 * The migration adding `git_syncs.last_commit_exported`: an import used to read the last
 * operation's direction to tell whether the commit it brings back is the one the space's export
 * pushed; existing rows get that answer in the new column.
 */
describe("migration: git_syncs.last_commit_exported", () => {
  it("marks the agreed commit exported where the last operation was an export that left one", async () => {
    const db = env.MIGRATIONS_DB;
    // By name without its number, which may change as migrations are merged.
    const applyTheRest = await migrateUpTo(db, "_git_sync_last_commit_exported");

    await insertRow(db, "organizations", { id: "org" });
    const rows: Array<[string, string, string | null]> = [
      ["exported", "export", "c1"],
      ["imported", "import", "c2"],
      ["export-never-agreed", "export", null],
    ];
    for (const [space, direction, lastCommit] of rows) {
      await insertRow(db, "spaces", { id: space, organization_id: "org", parent_id: null });
      await insertRow(db, "git_syncs", { space_id: space, direction, last_commit: lastCommit, state: "success" });
    }

    await applyTheRest();
    const { results } = await db.prepare("SELECT space_id, last_commit_exported FROM git_syncs ORDER BY space_id").all();
    expect(results).toEqual([
      { space_id: "export-never-agreed", last_commit_exported: 0 },
      { space_id: "exported", last_commit_exported: 1 },
      { space_id: "imported", last_commit_exported: 0 },
    ]);
  });
});
