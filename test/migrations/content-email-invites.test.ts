import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertRow, migrateUpTo } from "../helpers/migrations";

/**
 * The migration that lets an email invitation carry a space or collection grant: pending
 * invitations to organizations are kept as they were (no content), and stay one per organization
 * and address, while invitations to content are one per content and address.
 */
describe("migration: content email invitations", () => {
  it("keeps the pending invitations, one per organization and address, and adds one per content and address", async () => {
    const db = env.MIGRATIONS_DB;
    // By name without its number, which may change as migrations are merged.
    const applyTheRest = await migrateUpTo(db, "_content_email_invites");
    await insertRow(db, "organizations", { id: "org" });
    await insertRow(db, "organization_invitations", { id: "before", organization_id: "org", email: "ada@example.com", role: "edit" });

    await applyTheRest();
    const { results } = await db.prepare("SELECT id, role, content_kind, content_id, content_role FROM organization_invitations").all();
    expect(results).toEqual([{ id: "before", role: "edit", content_kind: null, content_id: null, content_role: null }]);

    const insert = (id: string, contentId: string | null) =>
      db
        .prepare(
          `INSERT INTO organization_invitations (id, organization_id, email, role, sso, invited_by, created_at, content_kind, content_id, content_role)
           VALUES (?, 'org', 'ada@example.com', NULL, 0, 'x', 'x', ?, ?, ?)`,
        )
        .bind(id, contentId ? "space" : null, contentId, contentId ? "read" : null)
        .run();
    await expect(insert("again", null)).rejects.toThrow(/UNIQUE/);
    await insert("space-a", "a");
    await insert("space-b", "b");
    await expect(insert("space-a-again", "a")).rejects.toThrow(/UNIQUE/);
  });
});
