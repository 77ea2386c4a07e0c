import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { NON_ADMIN_ROLES, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { BOOLEAN_SCHEMA, addSection, addSiteSpace, insertShareLink, insertSite, ok, sitePath, siteSpaces, siteWithSections } from "../../helpers/site-structure";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/organization-fixture";

/** Site spaces (seed 4.11): src/routes/sites/site-spaces.ts. */

useSuiteFixture();

const newSite = async () => ({ orgId, siteId: (await insertSite(orgId, f.admin)).id });
const siteSpacesPath = (ctx: { orgId: string; siteId: string }) => `${sitePath(ctx.orgId, ctx.siteId)}/site-spaces`;
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const defaults = (items: Array<{ id: string; default: boolean }>) => items.filter((item) => item.default).map((item) => item.id);

describe("adding a site space", () => {
  it("adds at the root of a site without sections, the first one the default, paths unique in the root", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId, { title: "API Reference" });
    const first = await addSiteSpace(f.create, ctx, { spaceId: space.id });
    expect(first).toMatchObject({ object: "site-space", path: "api-reference", default: true, title: "API Reference", space: { id: space.id, object: "space" } });
    expect(first).not.toHaveProperty("section");
    const second = await addSiteSpace(f.admin, ctx, { spaceId: space.id, title: "Its own title" });
    expect(second).toMatchObject({ path: "its-own-title", default: false, title: "Its own title" });
    const third = await addSiteSpace(f.admin, ctx, { spaceId: space.id });
    expect(third.path).toBe("api-reference-2");
    expect(ids(await siteSpaces(f.read, ctx))).toEqual([first.id, second.id, third.id]);
  });

  it("goes to the default section when no section is named, or to the section named", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    await call("PATCH", `${sitePath(orgId, ctx.siteId)}/sections/${a.id}`, { token: f.admin.token, body: { title: "A still" } });
    const toDefault = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id });
    expect(toDefault).toMatchObject({ section: a.id, default: false });
    const toB = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: b.id });
    expect(toB).toMatchObject({ section: b.id, default: false });
  });

  it("refuses spaces that are not live spaces of the organization, unknown sections and bad fields (400)", async () => {
    const ctx = await newSite();
    const other = await createSpace(f.outsider, f.outsiderOrganization.id);
    const deleted = await createSpace(f.admin, orgId);
    await call("DELETE", `/v1/spaces/${deleted.id}`, { token: f.admin.token });
    const space = await createSpace(f.admin, orgId);
    await inParallel(
      [
        [{}, /spaceId/],
        [{ spaceId: other.id }, /spaceId/],
        [{ spaceId: deleted.id }, /spaceId/],
        [{ spaceId: "nope" }, /spaceId/],
        [{ spaceId: space.id, sectionId: "nope" }, /sectionId/],
        [{ spaceId: space.id, title: "x" }, /title/],
        [{ spaceId: space.id, pageId: "page" }, /pageId/],
      ] as Array<[unknown, RegExp]>,
      async ([body, field]) => expect(errorMessage(await call("POST", siteSpacesPath(ctx), { token: f.admin.token, body }), 400)).toMatch(field),
    );
    expect(await siteSpaces(f.read, ctx)).toEqual([]);
  });

  it("is for admins and `create` (403 below), not for outsiders or other organizations' sites (404)", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId);
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      errorMessage(await call("POST", siteSpacesPath(ctx), { token: f[role].token, body: { spaceId: space.id } }), 403);
    });
    errorMessage(await call("POST", siteSpacesPath(ctx), { token: f.outsider.token, body: { spaceId: space.id } }), 404);
    const foreign = await insertSite(f.outsiderOrganization.id, f.outsider);
    errorMessage(await call("POST", siteSpacesPath({ orgId, siteId: foreign.id }), { token: f.admin.token, body: { spaceId: space.id } }), 404);
    errorMessage(await call("POST", siteSpacesPath(ctx), { body: { spaceId: space.id } }), 401);
    expect(await siteSpaces(f.read, ctx)).toEqual([]);
  });
});

describe("listing site spaces", () => {
  it("filters by default (true, false, absent), pages, and is readable from `read` up", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    const extra = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: a.id });
    const all = [a.siteSpaces[0].id, extra.id, b.siteSpaces[0].id];
    for (const role of NON_ADMIN_ROLES) expect(ids(await siteSpaces(f[role], ctx))).toEqual(all);
    expect(ids(await siteSpaces(f.read, ctx, "?default=true"))).toEqual([a.siteSpaces[0].id, b.siteSpaces[0].id]);
    expect(ids(await siteSpaces(f.read, ctx, "?default=false"))).toEqual([extra.id]);
    const page = ok(await call("GET", `${siteSpacesPath(ctx)}?limit=2`, { token: f.read.token }), 200, "listSiteSpaces");
    expect(page).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    errorMessage(await call("GET", `${siteSpacesPath(ctx)}?default=maybe`, { token: f.read.token }), 400);
    errorMessage(await call("GET", siteSpacesPath(ctx), { token: f.guest.token }), 403);
    errorMessage(await call("GET", siteSpacesPath(ctx), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", siteSpacesPath({ orgId, siteId: "nope" }), { token: f.read.token }), 404);
  });

  it("takes an active share key; an unknown one is a 404", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    await insertShareLink(ctx.siteId, f.admin, "site-space-key-123456");
    ok(await call("GET", `${siteSpacesPath(ctx)}?shareKey=site-space-key-123456`, { token: f.read.token }), 200, "listSiteSpaces");
    errorMessage(await call("GET", `${siteSpacesPath(ctx)}?shareKey=nope`, { token: f.read.token }), 404);
  });
});

describe("updating a site space", () => {
  it("changes its path, condition and space; refuses a taken path (409) and bad values (400)", async () => {
    const ctx = await newSite();
    const [one, two, three] = await Promise.all([1, 2, 3].map((i) => createSpace(f.admin, orgId, { title: `Space ${i}` })));
    const first = await addSiteSpace(f.admin, ctx, { spaceId: one!.id });
    const second = await addSiteSpace(f.admin, ctx, { spaceId: two!.id });
    const path = `${siteSpacesPath(ctx)}/${first.id}`;
    const patch = (body: unknown, token = f.create.token) => call("PATCH", path, { token, body });
    const updated = ok(await patch({ path: "v2", spaceId: three!.id }), 200, "updateSiteSpaceById");
    expect(updated).toMatchObject({ path: "v2", space: { id: three!.id }, title: "Space 3", default: true });
    expect(errorMessage(await patch({ path: second.path }), 409)).toMatch(/path/);
    ok(await call("PUT", `${sitePath(orgId, ctx.siteId)}/adaptive-schema`, { token: f.admin.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, null);
    expect(ok(await patch({ condition: "visitor.claims.unsigned.prefersDark" }), 200, "updateSiteSpaceById").condition).toBe("visitor.claims.unsigned.prefersDark");
    expect(ok(await patch({ path: "v3" }), 200, "updateSiteSpaceById").condition).toBe("visitor.claims.unsigned.prefersDark");
    expect(ok(await patch({ condition: null }), 200, "updateSiteSpaceById")).not.toHaveProperty("condition");
    const other = await createSpace(f.outsider, f.outsiderOrganization.id);
    await inParallel(
      [
        [{ path: "" }, /path/],
        [{ path: "has space" }, /path/],
        [{ spaceId: other.id }, /spaceId/],
        [{ condition: "visitor.claims.(" }, /condition.*position/],
        [{ condition: "visitor.claims.missing" }, /condition/],
        [{ hidden: true }, /hidden/],
      ] as Array<[unknown, RegExp]>,
      async ([body, field]) => expect(errorMessage(await patch(body), 400)).toMatch(field),
    );
    errorMessage(await patch({ path: "x1" }, f.edit.token), 403);
    errorMessage(await patch({ path: "x1" }, f.outsider.token), 404);
    errorMessage(await call("PATCH", `${siteSpacesPath(ctx)}/nope`, { token: f.admin.token, body: { path: "x" } }), 404);
    expect((await siteSpaces(f.read, ctx))[0]).toMatchObject({ id: first.id, path: "v3", space: { id: three!.id } });
  });
});

describe("deleting a site space", () => {
  it("keeps exactly one default per section and at the root when the default goes; 204 also when absent", async () => {
    const ctx = await newSite();
    const spaces = await Promise.all([1, 2, 3].map(() => createSpace(f.admin, orgId)));
    const [x, y, z] = [await addSiteSpace(f.admin, ctx, { spaceId: spaces[0]!.id }), await addSiteSpace(f.admin, ctx, { spaceId: spaces[1]!.id }), await addSiteSpace(f.admin, ctx, { spaceId: spaces[2]!.id })];
    const del = (id: string, token = f.create.token) => call("DELETE", `${siteSpacesPath(ctx)}/${id}`, { token });
    errorMessage(await del(x.id, f.edit.token), 403);
    errorMessage(await del(x.id, f.outsider.token), 404);
    expect((await del(x.id)).status).toBe(204);
    expect((await del(x.id)).status).toBe(204);
    expect(defaults(await siteSpaces(f.read, ctx))).toEqual([y.id]);
    expect((await del(z.id)).status).toBe(204);
    expect(defaults(await siteSpaces(f.read, ctx))).toEqual([y.id]);

    // In a section, the same.
    const section = await addSection(f.admin, ctx, { spaceId: spaces[0]!.id });
    const variant = await addSiteSpace(f.admin, ctx, { spaceId: spaces[1]!.id, sectionId: section.id });
    expect((await del(section.siteSpaces[0].id)).status).toBe(204);
    const inSection = (await siteSpaces(f.read, ctx)).filter((item: any) => item.section === section.id);
    expect(defaults(inSection)).toEqual([variant.id]);
  });

  it("leaves one default after 20 concurrent deletes and moves", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId);
    const made: any[] = [];
    for (let i = 0; i < 12; i++) made.push(await addSiteSpace(f.admin, ctx, { spaceId: space.id }));
    const deletes = made.slice(0, 8).map((item) => call("DELETE", `${siteSpacesPath(ctx)}/${item.id}`, { token: f.admin.token }));
    const kept = made.slice(8);
    const moves = Array.from({ length: 12 }, (_, i) =>
      call("POST", `${siteSpacesPath(ctx)}/${kept[i % 4].id}/move`, {
        token: f.admin.token,
        body: i % 3 === 0 ? {} : { position: { [i % 2 ? "before" : "after"]: { type: "site-space", siteSpace: kept[(i + 1) % 4].id } } },
      }),
    );
    const responses = await Promise.all([...deletes, ...moves]);
    for (const response of responses) expect([200, 204]).toContain(response.status);
    const left = await siteSpaces(f.read, ctx);
    expect([...ids(left)].sort()).toEqual([...ids(kept)].sort());
    expect(defaults(left)).toHaveLength(1);
  });
});

describe("moving a site space (deprecated)", () => {
  it("places it before or after another of its scope; a site space elsewhere is a 400", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    const second = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: a.id });
    const first = a.siteSpaces[0];
    const move = (id: string, body: unknown, token = f.create.token) => call("POST", `${siteSpacesPath(ctx)}/${id}/move`, { token, body });
    const moved = ok(await move(second.id, { position: { before: { type: "site-space", siteSpace: first.id } } }), 200, "moveSiteSpace");
    expect(moved.id).toBe(second.id);
    expect(ids((await siteSpaces(f.read, ctx)).slice(0, 2))).toEqual([second.id, first.id]);
    expect(errorMessage(await move(second.id, { position: { after: { type: "site-space", siteSpace: b.siteSpaces[0].id } } }), 400)).toMatch(/position/);
    expect(errorMessage(await move(second.id, { position: { after: { type: "site-space", siteSpace: second.id } } }), 400)).toMatch(/position/);
    errorMessage(await move("nope", {}), 404);
    errorMessage(await move(second.id, {}, f.read.token), 403);
    ok(await move(second.id, {}), 200, "moveSiteSpace");
    expect(ids((await siteSpaces(f.read, ctx)).slice(0, 2))).toEqual([first.id, second.id]);
  });
});

describe("the official client", () => {
  it("adds, lists, updates, moves and deletes site spaces", async () => {
    const ctx = await newSite();
    const client = gitbookClient(f.create);
    const [one, two] = await Promise.all([createSpace(f.admin, orgId), createSpace(f.admin, orgId)]);
    const { data: a } = await client.orgs.addSpaceToSite(orgId, ctx.siteId, { spaceId: one.id });
    const { data: b } = await client.orgs.addSpaceToSite(orgId, ctx.siteId, { spaceId: two.id });
    const { data: updated } = await client.orgs.updateSiteSpaceById(orgId, ctx.siteId, b.id, { path: "second" });
    expect(updated.path).toBe("second");
    const { data: moved } = await client.orgs.moveSiteSpace(orgId, ctx.siteId, b.id, { position: { before: { type: "site-space", siteSpace: a.id } } });
    expectSpecResponse("moveSiteSpace", 200, moved);
    const { data: onlyDefault } = await client.orgs.listSiteSpaces(orgId, ctx.siteId, { default: true });
    expect(ids(onlyDefault.items)).toEqual([a.id]);
    const { data: list } = await client.orgs.listSiteSpaces(orgId, ctx.siteId, {});
    expect(ids(list.items)).toEqual([b.id, a.id]);
    expect((await client.orgs.deleteSiteSpaceById(orgId, ctx.siteId, a.id)).status).toBe(204);
    const { data: after } = await client.orgs.listSiteSpaces(orgId, ctx.siteId, {});
    expect(after.items.map((item) => [item.id, item.default])).toEqual([[b.id, true]]);
  });
});
