import { beforeAll, describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, addMember, createOrganization, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { ALL_ADMIN, type Fixture, clientError, listIds, missingId, moveCollection, moveSpace, moved, newCollection, newSpace, patchCollection, permissionsFor, readCollection, readSpace, spaceIdsIn } from "../../helpers/suites/collections";

/** Collections: moving them among spaces and collections, and their sibling order. */

describe("POST /v1/collections/{collectionId}/move (moveCollection)", () => {
  let fixture: Fixture;
  let orgId: string;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    orgId = fixture.organization.id;
  });

  /** A fresh organization of the fixture's admin, so its top level holds only what a test puts there. */
  async function freshOrganization() {
    return (await createOrganization(fixture.admin)).id as string;
  }

  it("reorders top-level collections among spaces; the nested=false list shows it; no-op moves are 409", async () => {
    const org = await freshOrganization();
    const c1 = (await newCollection(fixture.admin, org, { title: "C1" })).id;
    const s1 = (await newSpace(fixture.admin, org, { title: "S1" })).id;
    const c2 = (await newCollection(fixture.admin, org, { title: "C2" })).id;
    const c3 = (await newCollection(fixture.admin, org, { title: "C3" })).id;
    // Sibling order: C1, S1, C2, C3.
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c2, c3]);

    // C3 before S1: C1, C3, S1, C2.
    const first = await moved(fixture.admin, c3, { position: { before: { type: "space", space: s1 } } });
    expect(first.id).toBe(c3);
    expect(first).not.toHaveProperty("parent");
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c3, c2]);

    // C1 after S1: C3, S1, C1, C2.
    await moved(fixture.admin, c1, { position: { after: { type: "space", space: s1 } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([c3, c1, c2]);

    // Already right after S1, right before C2, right before S1, right after C1: 409, nothing moves.
    for (const [id, position] of [
      [c1, { after: { type: "space", space: s1 } }],
      [c1, { before: { type: "collection", collection: c2 } }],
      [c3, { before: { type: "space", space: s1 } }],
      [c2, { after: { type: "collection", collection: c1 } }],
    ] as const) {
      const response = await moveCollection(fixture.admin, id, { position });
      errorMessage(response, 409);
      expectSpecResponse("moveCollection", 409, response.body);
    }
    expect(await listIds(fixture.admin, org, false)).toEqual([c3, c1, c2]);

    // parent null without a position: to the end of the top level. S1, C1, C2, C3.
    await moved(fixture.admin, c3, { parent: null });
    expect(await listIds(fixture.admin, org, false)).toEqual([c1, c2, c3]);
    // Already last: 409 (with parent null or the same parent given).
    errorMessage(await moveCollection(fixture.admin, c3, { parent: null }), 409);
    // C2 before C1: S1, C2, C1, C3.
    await moved(fixture.admin, c2, { position: { before: { type: "collection", collection: c1 } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([c2, c1, c3]);
    // The space sits first: C2 before S1 moves it, proving S1 was ahead of C2.
    await moved(fixture.admin, c2, { position: { before: { type: "space", space: s1 } } });
    errorMessage(await moveCollection(fixture.admin, c1, { position: { after: { type: "space", space: s1 } } }), 409);
    expect(await listIds(fixture.admin, org, false)).toEqual([c2, c1, c3]);
  });

  it("shares the order with spaces inside a collection: GET .../spaces reflects where a collection sits", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Mixed" });
    const [sp1, sp2, sp3] = [
      (await newSpace(fixture.admin, orgId, { title: "sp1", parent: parent.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "sp2", parent: parent.id })).id,
      (await newSpace(fixture.admin, orgId, { title: "sp3", parent: parent.id })).id,
    ];
    const q = await newCollection(fixture.admin, orgId, { title: "Q", parent: parent.id });
    // sp1, sp2, sp3, Q. Q before sp2: sp1, Q, sp2, sp3.
    const response = await moved(fixture.admin, q.id, { position: { before: { type: "space", space: sp2 } } });
    expect(response.parent).toBe(parent.id);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp1, sp2, sp3]);
    // sp3 right after Q: sp1, Q, sp3, sp2.
    expect((await moveSpace(fixture.admin, sp3, { position: { after: { type: "collection", collection: q.id } } })).status).toBe(200);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp1, sp3, sp2]);
    // Q is right after sp1 and right before sp3: both moves are no-ops.
    errorMessage(await moveCollection(fixture.admin, q.id, { position: { after: { type: "space", space: sp1 } } }), 409);
    errorMessage(await moveCollection(fixture.admin, q.id, { position: { before: { type: "space", space: sp3 } } }), 409);
    errorMessage(await moveSpace(fixture.admin, sp1, { position: { before: { type: "collection", collection: q.id } } }), 409);
    // Q to the end (parent given, no position): sp1, sp3, sp2, Q; then it is already last.
    await moved(fixture.admin, q.id, { parent: parent.id });
    errorMessage(await moveCollection(fixture.admin, q.id, { parent: parent.id }), 409);
    expect((await moveSpace(fixture.admin, sp1, { position: { after: { type: "collection", collection: q.id } } })).status).toBe(200);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual([sp3, sp2, sp1]);
  });

  it("moves a collection (with what it holds) into another collection, and back to the top level", async () => {
    const target = await newCollection(fixture.admin, orgId, { title: "Target" });
    const existing = await newSpace(fixture.admin, orgId, { title: "Already there", parent: target.id });
    const mover = await newCollection(fixture.admin, orgId, { title: "Mover" });
    const inner = await newCollection(fixture.admin, orgId, { title: "Mover inner", parent: mover.id });
    const innerSpace = await newSpace(fixture.admin, orgId, { title: "Mover space", parent: mover.id });

    const into = await moved(fixture.admin, mover.id, { parent: target.id });
    expect(into.parent).toBe(target.id);
    expect((await readCollection(fixture.read, mover.id)).parent).toBe(target.id);
    expect((await readCollection(fixture.read, inner.id)).parent).toBe(mover.id);
    expect((await readSpace(fixture.admin, innerSpace.id)).parent).toBe(mover.id);
    expect(await listIds(fixture.admin, orgId, false)).not.toContain(mover.id);
    // At the end of its new parent: after the space already there.
    errorMessage(await moveCollection(fixture.admin, mover.id, { parent: target.id }), 409);
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { after: { type: "space", space: existing.id } } }), 409);

    // Into a parent with a position.
    const other = await newCollection(fixture.admin, orgId, { title: "Other" });
    const otherSpace = await newSpace(fixture.admin, orgId, { title: "Other space", parent: other.id });
    const placed = await moved(fixture.admin, mover.id, { parent: other.id, position: { before: { type: "space", space: otherSpace.id } } });
    expect(placed.parent).toBe(other.id);
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: otherSpace.id } } }), 409);

    const top = await moved(fixture.admin, mover.id, { parent: null });
    expect(top).not.toHaveProperty("parent");
    expect(await readCollection(fixture.admin, mover.id)).not.toHaveProperty("parent");
    expect((await listIds(fixture.admin, orgId, false)).at(-1)).toBe(mover.id);
    expect((await readCollection(fixture.admin, inner.id)).parent).toBe(mover.id);
  });

  it("gives the moved collection the level of its new parent", async () => {
    const readOnly = await newCollection(fixture.admin, orgId, { title: "Read-only target" });
    await patchCollection(fixture.admin, readOnly.id, { defaultLevel: "read" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Inherits after move" });
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("create"));
    const response = await moved(fixture.admin, mover.id, { parent: readOnly.id });
    expect(response.permissions).toEqual(ALL_ADMIN);
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("read"));
    await moved(fixture.admin, mover.id, { parent: null });
    expect((await readCollection(fixture.create, mover.id)).permissions).toEqual(permissionsFor("create"));
  });

  it("refuses to move a collection into itself or a descendant, naming 'parent'", async () => {
    const outer = await newCollection(fixture.admin, orgId, { title: "Outer" });
    const middle = await newCollection(fixture.admin, orgId, { title: "Middle", parent: outer.id });
    const leaf = await newCollection(fixture.admin, orgId, { title: "Leaf", parent: middle.id });
    for (const parent of [outer.id, middle.id, leaf.id]) {
      const response = await moveCollection(fixture.admin, outer.id, { parent });
      expect(errorMessage(response, 400), parent).toContain("parent");
      expectSpecResponse("moveCollection", 400, response.body);
    }
    expect(errorMessage(await moveCollection(fixture.admin, middle.id, { parent: leaf.id }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, outer.id)).not.toHaveProperty("parent");
    expect((await readCollection(fixture.admin, middle.id)).parent).toBe(outer.id);
    expect((await readCollection(fixture.admin, leaf.id)).parent).toBe(middle.id);
  });

  it("refuses a parent that is not a collection of this organization, naming 'parent'", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Stays" });
    const foreign = await newCollection(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign target" });
    const space = await newSpace(fixture.admin, orgId, { title: "A space is no parent" });
    const before = await listIds(fixture.admin, orgId, false);
    for (const parent of [foreign.id, missingId(), space.id, "not an id!", ""]) {
      expect(errorMessage(await moveCollection(fixture.admin, collection.id, { parent }), 400), parent).toContain("parent");
    }
    expect(errorMessage(await moveCollection(fixture.admin, collection.id, { parent: 12 }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
    expect(await listIds(fixture.admin, orgId, false)).toEqual(before);
  });

  it("refuses positions that name no live sibling under the target parent, or the item itself (400)", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Positions" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Positioned", parent: parent.id });
    const inParent = await newSpace(fixture.admin, orgId, { title: "Sibling", parent: parent.id });
    const siblingCollection = await newCollection(fixture.admin, orgId, { title: "Sibling collection", parent: parent.id });
    const elsewhere = await newCollection(fixture.admin, orgId, { title: "Elsewhere" });
    const elsewhereSpace = await newSpace(fixture.admin, orgId, { title: "Elsewhere space", parent: elsewhere.id });
    const topSpace = await newSpace(fixture.admin, orgId, { title: "Top space" });
    const deletedSibling = await newSpace(fixture.admin, orgId, { title: "Deleted sibling", parent: parent.id });
    expect((await call("DELETE", `/v1/spaces/${deletedSibling.id}`, { token: fixture.admin.token })).status).toBe(204);
    const foreignSpace = await newSpace(fixture.outsider, fixture.outsiderOrganization.id, { title: "Foreign space" });
    const siblingsBefore = await spaceIdsIn(fixture.admin, parent.id);

    const cases: Array<[string, unknown]> = [
      ["a space in another collection", { position: { before: { type: "space", space: elsewhereSpace.id } } }],
      ["a top-level space, the parent staying", { position: { after: { type: "space", space: topSpace.id } } }],
      ["a space of the current parent, moving to the top level", { parent: null, position: { before: { type: "space", space: inParent.id } } }],
      ["a space of the current parent, moving elsewhere", { parent: elsewhere.id, position: { after: { type: "space", space: inParent.id } } }],
      ["a deleted space", { position: { before: { type: "space", space: deletedSibling.id } } }],
      ["a space of another organization", { position: { before: { type: "space", space: foreignSpace.id } } }],
      ["a collection that does not exist", { position: { after: { type: "collection", collection: missingId() } } }],
      ["itself", { position: { before: { type: "collection", collection: mover.id } } }],
      ["itself, after", { position: { after: { type: "collection", collection: mover.id } } }],
      ["before and after at once", {
        position: { before: { type: "space", space: inParent.id }, after: { type: "collection", collection: siblingCollection.id } },
      }],
      ["an empty position", { position: {} }],
      ["a pointer without its id", { position: { before: { type: "space" } } }],
      ["a pointer of an unknown type", { position: { before: { type: "page", page: inParent.id } } }],
      ["a malformed pointer id", { position: { before: { type: "space", space: "not an id!" } } }],
    ];
    for (const [label, body] of cases) {
      const response = await moveCollection(fixture.admin, mover.id, body);
      expect(errorMessage(response, 400), label).toContain("position");
      expectSpecResponse("moveCollection", 400, response.body);
    }
    expect(await readCollection(fixture.admin, mover.id)).toEqual(mover);
    expect(await spaceIdsIn(fixture.admin, parent.id)).toEqual(siblingsBefore);
    // The mover is still first among its siblings, right before the space.
    errorMessage(await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: inParent.id } } }), 409);
  });

  it("refuses a pointer whose type does not match what it names (400)", async () => {
    const parent = await newCollection(fixture.admin, orgId, { title: "Typed pointers" });
    const mover = await newCollection(fixture.admin, orgId, { title: "Typed mover", parent: parent.id });
    const siblingSpace = await newSpace(fixture.admin, orgId, { title: "Typed space", parent: parent.id });
    const siblingCollection = await newCollection(fixture.admin, orgId, { title: "Typed collection", parent: parent.id });
    // A pointer must name an item of its own `type`: a {type:'space'} pointer naming a
    // collection (or the reverse) is not a position.
    const asSpace = await moveCollection(fixture.admin, mover.id, { position: { before: { type: "space", space: siblingCollection.id } } });
    expect(errorMessage(asSpace, 400)).toContain("position");
    const asCollection = await moveCollection(fixture.admin, mover.id, {
      position: { before: { type: "collection", collection: siblingSpace.id } },
    });
    expect(errorMessage(asCollection, 400)).toContain("position");
  });

  it("refuses an empty or malformed body (400) and moves nothing", async () => {
    const collection = await newCollection(fixture.admin, orgId, { title: "Unmoved" });
    const message = errorMessage(await moveCollection(fixture.admin, collection.id, {}), 400);
    expect(message).toMatch(/parent|position/);
    errorMessage(await moveCollection(fixture.admin, collection.id, "{oops"), 400);
    errorMessage(await moveCollection(fixture.admin, collection.id, "[]"), 400);
    expect(await readCollection(fixture.admin, collection.id)).toEqual(collection);
  });

  it("nests at most 16 levels deep when moving a collection with children", async () => {
    const chain: string[] = [];
    for (let depth = 1; depth <= 15; depth++) {
      chain.push((await newCollection(fixture.admin, orgId, { title: `Level ${depth}`, parent: chain.at(-1) })).id);
    }
    const mover = await newCollection(fixture.admin, orgId, { title: "Tall mover" });
    await newCollection(fixture.admin, orgId, { title: "Tall mover child", parent: mover.id });
    // Under level 15, the mover would be level 16 and its child level 17.
    expect(errorMessage(await moveCollection(fixture.admin, mover.id, { parent: chain[14] }), 400)).toContain("parent");
    expect(await readCollection(fixture.admin, mover.id)).not.toHaveProperty("parent");
    // Under level 14: levels 15 and 16.
    expect((await moved(fixture.admin, mover.id, { parent: chain[13] })).parent).toBe(chain[13]);
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`refuses a '${role}' member (403) and moves nothing`, async () => {
      const holder = await newCollection(fixture.admin, orgId, { title: `Holder for ${role}` });
      const first = await newCollection(fixture.admin, orgId, { title: "First", parent: holder.id });
      const second = await newCollection(fixture.admin, orgId, { title: "Second", parent: holder.id });
      const target = await newCollection(fixture.admin, orgId, { title: "Target" });
      for (const body of [
        { position: { before: { type: "collection", collection: first.id } } },
        { parent: target.id },
        { parent: null },
      ]) {
        const message = errorMessage(await moveCollection(fixture[role], second.id, body), 403);
        expect(message).toMatch(/admin/);
      }
      expect(await readCollection(fixture.admin, second.id)).toEqual(second);
      // Still right after the first one.
      errorMessage(await moveCollection(fixture.admin, second.id, { position: { after: { type: "collection", collection: first.id } } }), 409);
    });
  }

  it("is a 404 to a guest, to a member of another organization, and for an unknown collection", async () => {
    const first = await newCollection(fixture.admin, orgId, { title: "Hidden first" });
    const second = await newCollection(fixture.admin, orgId, { title: "Hidden second" });
    const body = { position: { before: { type: "collection", collection: first.id } } };
    errorMessage(await moveCollection(fixture.guest, second.id, body), 404);
    errorMessage(await moveCollection(fixture.outsider, second.id, body), 404);
    const missing = await moveCollection(fixture.admin, missingId(), body);
    errorMessage(missing, 404);
    expectSpecResponse("moveCollection", 404, missing.body);
    expect(await readCollection(fixture.admin, second.id)).toEqual(second);
  });

  it("lets the creator move their collection, as far as they may create", async () => {
    const org = await freshOrganization();
    await addMember(fixture.admin, org, fixture.create, "create");
    await addMember(fixture.admin, org, fixture.read, "read");
    const first = await newCollection(fixture.admin, org, { title: "Admin's" });
    const own = await newCollection(fixture.create, org, { title: "Create's" });
    const readOnly = await newCollection(fixture.admin, org, { title: "Read-only" });
    await patchCollection(fixture.admin, readOnly.id, { defaultLevel: "read" });
    const open = await newCollection(fixture.admin, org, { title: "Open" });

    await moved(fixture.create, own.id, { position: { before: { type: "collection", collection: first.id } } });
    expect(await listIds(fixture.admin, org, false)).toEqual([own.id, first.id, readOnly.id, open.id]);
    // Moving into a collection needs 'create' there.
    errorMessage(await moveCollection(fixture.create, own.id, { parent: readOnly.id }), 403);
    expect((await moved(fixture.create, own.id, { parent: open.id })).parent).toBe(open.id);

    // A 'read' member who created a collection where the default level let them: they administer it,
    // but may not bring it to the top level (that needs the organization role 'create').
    await patchCollection(fixture.admin, open.id, { defaultLevel: "create" });
    const byReader = await newCollection(fixture.read, org, { title: "Reader's", parent: open.id });
    errorMessage(await moveCollection(fixture.read, byReader.id, { parent: null }), 403);
    expect((await readCollection(fixture.admin, byReader.id)).parent).toBe(open.id);
    await moved(fixture.read, byReader.id, { position: { before: { type: "collection", collection: own.id } } });
  });

  it("moves through GitBook's client, which throws GitBookAPIError 409 for a no-op", async () => {
    const org = await freshOrganization();
    const first = await newCollection(fixture.admin, org, { title: "Client first" });
    const second = await newCollection(fixture.admin, org, { title: "Client second" });
    const client = gitbookClient(fixture.admin);
    const { data, status } = await client.collections.moveCollection(second.id, {
      position: { before: { type: "collection", collection: first.id } },
    });
    expect(status).toBe(200);
    expect(data.id).toBe(second.id);
    expect(await listIds(fixture.admin, org, false)).toEqual([second.id, first.id]);
    const { data: into } = await client.collections.moveCollection(second.id, { parent: first.id });
    expect(into.parent).toBe(first.id);
    const conflict = await clientError(client.collections.moveCollection(second.id, { parent: first.id }));
    expect(conflict.code).toBe(409);
    const invalid = await clientError(client.collections.moveCollection(first.id, { parent: second.id }));
    expect(invalid.code).toBe(400);
    expect(invalid.errorMessage).toContain("parent");
  });
});
