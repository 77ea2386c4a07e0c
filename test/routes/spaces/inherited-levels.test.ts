import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { spacePermissions } from "../../../src/lib/permissions";
import type { Role } from "../../../src/lib/roles";
import { addMember, createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import { moveCollection, moveSpace, newCollection, newSpace, patchCollection, readSpace, transferPath } from "../../helpers/suites/collections";

/**
 * A space's level comes from its own default level, else the first one set on a collection above
 * it. The space's access reads that from its parent collection's stored columns (its own level and
 * `inherited_level`, content-tree/inherited-levels.ts), where lists compute it from the whole
 * chain: every change of a level or a parent, anywhere above, must show in both alike.
 */

describe("levels a space inherits through nested collections", () => {
  let admin: TestUser;
  let reader: TestUser;
  let orgId: string;
  let targetId: string;

  beforeAll(async () => {
    admin = await createUser("levels-admin");
    reader = await createUser("levels-reader");
    orgId = (await createOrganization(admin)).id;
    targetId = (await createOrganization(admin)).id;
    await addMember(admin, orgId, reader, "read");
    await addMember(admin, targetId, reader, "read");
  });

  /** The reader's permissions on the space as its own read gives them, and as its collection's list does. */
  async function expectLevel(space: { id: string }, level: Role) {
    const read = await readSpace(reader, space.id);
    expect(read.permissions, `GET /v1/spaces/${space.id}`).toEqual(spacePermissions(level));
    if (read.parent) {
      const listed = await call("GET", `/v1/collections/${read.parent}/spaces?limit=1000`, { token: reader.token });
      expect(listed.status).toBe(200);
      const item = listed.body.items.find((candidate: { id: string }) => candidate.id === space.id);
      expect(item.permissions, "the collection's list of spaces").toEqual(read.permissions);
    }
  }

  const setLevel = async (collectionId: string, defaultLevel: Role | null) =>
    expect((await patchCollection(admin, collectionId, { defaultLevel })).status).toBe(200);

  it("follows every level and parent change above the space", async () => {
    const top = await newCollection(admin, orgId, { title: "Top" });
    const middle = await newCollection(admin, orgId, { title: "Middle", parent: top.id });
    const leaf = await newCollection(admin, orgId, { title: "Leaf", parent: middle.id });
    const deep = await newSpace(admin, orgId, { title: "Deep", parent: leaf.id });
    const shallow = await newSpace(admin, orgId, { title: "Shallow", parent: middle.id });
    await expectLevel(deep, "read");

    await setLevel(top.id, "edit");
    await expectLevel(deep, "edit");
    await expectLevel(shallow, "edit");
    // A collection created under a level inherits it from the start.
    const late = await newCollection(admin, orgId, { title: "Late", parent: leaf.id });
    await expectLevel(await newSpace(admin, orgId, { title: "In late", parent: late.id }), "edit");

    await setLevel(middle.id, "comment");
    await expectLevel(deep, "comment");
    await setLevel(leaf.id, "review");
    await expectLevel(deep, "review");
    await expectLevel(shallow, "comment");
    await setLevel(middle.id, null);
    await expectLevel(deep, "review");
    await expectLevel(shallow, "edit");
    await setLevel(leaf.id, null);
    await expectLevel(deep, "edit");

    // Moving a collection: to the top level it inherits nothing; back under a level, that level.
    expect((await moveCollection(admin, leaf.id, { parent: null })).status).toBe(200);
    await expectLevel(deep, "read");
    expect((await moveCollection(admin, leaf.id, { parent: middle.id })).status).toBe(200);
    await expectLevel(deep, "edit");

    // Moving the space itself.
    expect((await moveSpace(admin, deep.id, { parent: null })).status).toBe(200);
    await expectLevel(deep, "read");
    expect((await moveSpace(admin, deep.id, { parent: leaf.id })).status).toBe(200);
    await expectLevel(deep, "edit");

    // Transferred to another organization, the collection lands at its top level: Top's level stays behind.
    await setLevel(leaf.id, null);
    const transferred = await call("POST", transferPath(middle.id), { token: admin.token, body: { organization: targetId } });
    expect(transferred.status, JSON.stringify(transferred.body)).toBe(200);
    await expectLevel(deep, "read");
    await setLevel(middle.id, "create");
    await expectLevel(deep, "create");
  });

  it("stores, for every collection, the first level set above it", async () => {
    const outer = await newCollection(admin, orgId, { title: "Outer" });
    const inner = await newCollection(admin, orgId, { title: "Inner", parent: outer.id });
    await newCollection(admin, orgId, { title: "Innermost", parent: inner.id });
    await setLevel(outer.id, "comment");
    await setLevel(inner.id, "edit");
    await setLevel(outer.id, "review");

    // Computed again from the chain, the long way, for both organizations' collections.
    const { results } = await env.DB.prepare(
      `WITH RECURSIVE chain(id, ancestor, depth) AS (
         SELECT id, parent_id, 1 FROM collections WHERE organization_id IN (?1, ?2)
         UNION ALL
         SELECT chain.id, c.parent_id, chain.depth + 1 FROM chain JOIN collections c ON c.id = chain.ancestor
       )
       SELECT c.id, c.inherited_level AS stored,
         (SELECT a.default_level FROM chain JOIN collections a ON a.id = chain.ancestor
           WHERE chain.id = c.id AND a.default_level IS NOT NULL ORDER BY chain.depth LIMIT 1) AS expected
       FROM collections c WHERE c.organization_id IN (?1, ?2)`,
    )
      .bind(orgId, targetId)
      .all<{ id: string; stored: string | null; expected: string | null }>();
    expect(results.length).toBeGreaterThan(5);
    for (const row of results) expect(row.stored, row.id).toBe(row.expected);
  });
});
