import { GitBookAPIError } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, type Space, action, collectionSpaceIds, createCollectionAs, createSpaceAs, deleteOk, f, moveOk, orgId, orgSpaceIds, patchOk, permissionsFor, readSpace, setCollectionLevel, useSuiteFixture } from "../../helpers/suites/spaces";

/** Spaces: moving within and between collections. */

useSuiteFixture();

describe("POST /v1/spaces/{spaceId}/move (moveSpace)", () => {
  /** A fresh collection holding spaces with the given titles, in that order. */
  async function collectionWith(...titles: string[]) {
    const collection = await createCollectionAs(f.admin, orgId);
    const items: Space[] = [];
    for (const title of titles) items.push(await createSpaceAs(f.admin, orgId, { parent: collection.id, title }));
    return { id: collection.id, items };
  }
  const at = (id: string) => ({ type: "space", space: id });

  it("moves a space before or after a sibling, as the collection's order shows", async () => {
    const { id, items } = await collectionWith("a", "b", "c");
    const [a, b, c] = items as [Space, Space, Space];
    const moved = await moveOk(f.admin, c.id, { position: { before: at(a.id) } });
    expect(moved.parent).toBe(id);
    expect(moved.permissions).toEqual(permissionsFor("admin"));
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, a.id, b.id]);
    const listed = await call("GET", `/v1/collections/${id}/spaces`, { token: f.read.token });
    expectSpecResponse("listSpacesInCollectionById", 200, listed.body);
    expect(listed.body.items.map((space: Space) => space.permissions)).toEqual([1, 2, 3].map(() => permissionsFor("read")));
    await moveOk(f.admin, c.id, { position: { after: at(a.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([a.id, c.id, b.id]);
    await moveOk(f.admin, a.id, { position: { after: at(b.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
    await moveOk(f.admin, a.id, { position: { before: at(c.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([a.id, c.id, b.id]);
    // Without a position: to the end of the same parent.
    await moveOk(f.admin, a.id, { parent: id });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
    // Many moves between the same two neighbours keep a strict order.
    for (let round = 0; round < 6; round += 1) {
      await moveOk(f.admin, round % 2 ? b.id : a.id, { position: { after: at(c.id) } });
    }
    // c, b, a → (a) c, a, b → (b) c, b, a → … six rounds end with b's move.
    expect(await collectionSpaceIds(f.admin, id)).toEqual([c.id, b.id, a.id]);
  });

  it("moves a space into a collection (at its end, or at a position) and back to the top level", async () => {
    const { id, items } = await collectionWith("k1", "k2");
    const space = await createSpaceAs(f.admin, orgId, { title: "Traveller" });
    const inside = await moveOk(f.admin, space.id, { parent: id });
    expect(inside.parent).toBe(id);
    expect((await readSpace(f.admin, space.id)).parent).toBe(id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([items[0]!.id, items[1]!.id, space.id]);

    const top = await moveOk(f.admin, space.id, { parent: null });
    expect(top).not.toHaveProperty("parent");
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");
    expect(await collectionSpaceIds(f.admin, id)).toEqual([items[0]!.id, items[1]!.id]);

    const placed = await moveOk(f.admin, space.id, { parent: id, position: { before: at(items[0]!.id) } });
    expect(placed.parent).toBe(id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([space.id, items[0]!.id, items[1]!.id]);
    expect(await orgSpaceIds(f.admin, orgId)).toContain(space.id);
  });

  it("places a space relative to a collection among its siblings", async () => {
    const parent = await createCollectionAs(f.admin, orgId);
    const a = await createSpaceAs(f.admin, orgId, { parent: parent.id, title: "a" });
    const nested = await createCollectionAs(f.admin, orgId, { parent: parent.id });
    const b = await createSpaceAs(f.admin, orgId, { parent: parent.id, title: "b" });
    // a, nested, b: b is already right after the collection.
    errorMessage(await action(f.admin, b.id, "move", { position: { after: { type: "collection", collection: nested.id } } }), 409);
    await moveOk(f.admin, b.id, { position: { before: { type: "collection", collection: nested.id } } });
    // a, b, nested.
    errorMessage(await action(f.admin, b.id, "move", { position: { after: at(a.id) } }), 409);
    errorMessage(await action(f.admin, a.id, "move", { position: { before: at(b.id) } }), 409);
    await moveOk(f.admin, a.id, { position: { after: { type: "collection", collection: nested.id } } });
    // b, nested, a: a is last.
    errorMessage(await action(f.admin, a.id, "move", { parent: parent.id }), 409);
    expect(await collectionSpaceIds(f.admin, parent.id)).toEqual([b.id, a.id]);
  });

  it("is a 409 for a move that changes nothing, in GitBook's error shape", async () => {
    const { id, items } = await collectionWith("x", "y");
    const [x, y] = items as [Space, Space];
    const cases: unknown[] = [
      { parent: id },
      { position: { after: at(x.id) } },
      { parent: id, position: { after: at(x.id) } },
    ];
    await inParallel(cases, async (body) => {
      const response = await action(f.admin, y.id, "move", body);
      errorMessage(response, 409);
      expectSpecResponse("moveSpace", 409, response.body);
    });
    errorMessage(await action(f.admin, x.id, "move", { position: { before: at(y.id) } }), 409);
    // Last at the top level, moved to the top level.
    const top = await createSpaceAs(f.admin, orgId);
    errorMessage(await action(f.admin, top.id, "move", { parent: null }), 409);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([x.id, y.id]);
    expect(await readSpace(f.admin, y.id)).toEqual(y);
  });

  it("answers 400 naming the field for bad input, moving nothing", async () => {
    const { id, items } = await collectionWith("p", "q", "gone");
    const [p, q, gone] = items as [Space, Space, Space];
    await deleteOk(f.admin, gone.id);
    const elsewhere = await collectionWith("r");
    const foreign = await createCollectionAs(f.outsider, f.outsiderOrganization.id);
    const foreignSpace = await createSpaceAs(f.outsider, f.outsiderOrganization.id);
    const cases: Array<[unknown, RegExp]> = [
      // A pointer under another parent than the target one.
      [{ position: { before: at(elsewhere.items[0]!.id) } }, /'position'/],
      [{ parent: elsewhere.id, position: { after: at(q.id) } }, /'position'/],
      // The space itself.
      [{ position: { before: at(p.id) } }, /'position'/],
      [{ position: { after: at(p.id) } }, /'position'/],
      // Both at once, or neither.
      [{ position: { before: at(q.id), after: at(q.id) } }, /'position'/],
      [{ position: {} }, /'position'/],
      // Pointers that are not live siblings.
      [{ position: { after: at(NO_SUCH_ID) } }, /'position'/],
      [{ position: { after: at(gone.id) } }, /'position'/],
      [{ position: { after: at(foreignSpace.id) } }, /'position'/],
      [{ position: { after: { type: "collection", collection: elsewhere.id } } }, /'position'/],
      [{ position: { after: { type: "page", page: q.id } } }, /position/],
      [{ position: { after: { type: "space" } } }, /position/],
      // Bad parents.
      [{ parent: NO_SUCH_ID }, /'parent'/],
      [{ parent: foreign.id }, /'parent'/],
      [{ parent: "bad id!" }, /'parent'/],
      [{ parent: 42 }, /'parent'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      const response = await action(f.admin, p.id, "move", body);
      expect(errorMessage(response, 400), JSON.stringify(body)).toMatch(field);
      expectSpecResponse("moveSpace", 400, response.body);
    });
    // An empty body names what is missing.
    expect(errorMessage(await action(f.admin, p.id, "move", {}), 400)).toMatch(/parent|position/);
    errorMessage(await action(f.admin, p.id, "move", "{not json"), 400);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([p.id, q.id]);
    expect(await readSpace(f.admin, p.id)).toEqual(p);
    expect(await collectionSpaceIds(f.outsider, foreign.id)).toEqual([]);
  });

  it("is a 404 for a guest, an outsider and an unknown id", async () => {
    const { id, items } = await collectionWith("one", "two");
    const [one, two] = items as [Space, Space];
    errorMessage(await action(f.guest, two.id, "move", { position: { before: at(one.id) } }), 404);
    errorMessage(await action(f.outsider, two.id, "move", { position: { before: at(one.id) } }), 404);
    const notFound = await action(f.admin, NO_SUCH_ID, "move", { parent: null });
    errorMessage(notFound, 404);
    expectSpecResponse("moveSpace", 404, notFound.body);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([one.id, two.id]);
  });

  it("needs the create level where the space goes, beyond administering the space", async () => {
    const target = await createCollectionAs(f.admin, orgId);
    // A top-level space a 'read' member administers through its defaultLevel.
    const space = await createSpaceAs(f.admin, orgId);
    await patchOk(f.admin, space.id, { defaultLevel: "admin" });
    expect(errorMessage(await action(f.read, space.id, "move", { parent: target.id }), 403)).toMatch(/create/);
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");

    // In a collection: reordering there is fine, leaving for the top level needs createContent.
    const { id, items } = await collectionWith("first");
    const inside = await createSpaceAs(f.admin, orgId, { parent: id });
    await patchOk(f.admin, inside.id, { defaultLevel: "admin" });
    await moveOk(f.read, inside.id, { position: { before: at(items[0]!.id) } });
    expect(await collectionSpaceIds(f.admin, id)).toEqual([inside.id, items[0]!.id]);
    errorMessage(await action(f.read, inside.id, "move", { parent: null }), 403);
    errorMessage(await action(f.read, inside.id, "move", { parent: target.id }), 403);
    expect((await readSpace(f.admin, inside.id)).parent).toBe(id);

    // A collection whose defaultLevel is 'create' lets them in.
    await setCollectionLevel(f.admin, target.id, "create");
    const moved = await moveOk(f.read, inside.id, { parent: target.id });
    expect(moved.parent).toBe(target.id);
    // The space's own 'admin' level still applies where it landed.
    expect(moved.permissions).toEqual(permissionsFor("admin"));

    // A 'create' member may take the space they created anywhere they may create.
    const own = await createSpaceAs(f.create, orgId);
    expect((await moveOk(f.create, own.id, { parent: target.id })).parent).toBe(target.id);
    expect(await moveOk(f.create, own.id, { parent: null })).not.toHaveProperty("parent");
  });

  it("is a 409 on a deleted space", async () => {
    const { id } = await collectionWith();
    const space = await createSpaceAs(f.admin, orgId);
    await deleteOk(f.admin, space.id);
    expect(errorMessage(await action(f.admin, space.id, "move", { parent: id }), 409)).toMatch(/restore/i);
    expect(await readSpace(f.admin, space.id)).not.toHaveProperty("parent");
  });

  it("works through GitBook's official client", async () => {
    const { id, items } = await collectionWith("one", "two");
    const [one, two] = items as [Space, Space];
    const client = gitbookClient(f.admin);
    const moved = await client.spaces.moveSpace(two.id, { position: { before: { type: "space", space: one.id } } });
    expect(moved.status).toBe(200);
    expect(moved.data.id).toBe(two.id);
    expect(await collectionSpaceIds(f.admin, id)).toEqual([two.id, one.id]);
    const unchanged = await client.spaces.moveSpace(two.id, { position: { before: { type: "space", space: one.id } } }).catch((error: unknown) => error);
    expect(unchanged).toBeInstanceOf(GitBookAPIError);
    expect((unchanged as GitBookAPIError).code).toBe(409);
  });
});
