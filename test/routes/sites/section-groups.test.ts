import { describe, expect, it } from "vitest";
import { NON_ADMIN_ROLES, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { addGroup, groups, insertSite, ok, sections, sitePath, siteWithSections } from "../../helpers/site-structure";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/organization-fixture";

/** Section groups (seed 4.12): src/routes/sites/section-groups.ts. */

useSuiteFixture();

const groupsPath = (ctx: { orgId: string; siteId: string }) => `${sitePath(ctx.orgId, ctx.siteId)}/section-groups`;
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("adding a section group", () => {
  it("holds the sections named, in that order, at the end of the root or of its parent group", async () => {
    const { ctx, sections: [a, b, c] } = await siteWithSections(f.admin, orgId, 3);
    const group = await addGroup(f.create, ctx, { title: "Products", icon: "box", sections: [c.id, a.id] });
    expect(group).toMatchObject({ object: "site-section-group", title: "Products", icon: "box", draft: false });
    expect(ids(group.children)).toEqual([c.id, a.id]);
    expect(ids(group.sections)).toEqual([c.id, a.id]);
    expect(group.children.every((child: any) => child.sectionGroup === group.id)).toBe(true);
    const nested = await addGroup(f.admin, ctx, { title: "Nested", parent: group.id, sections: [b.id] });
    expect(nested.sectionGroup).toBe(group.id);
    expect(ids(await sections(f.read, ctx))).toEqual([c.id, a.id, b.id]);
    const [outer] = await groups(f.read, ctx);
    expect(outer.children.map((child: any) => child.id)).toEqual([c.id, a.id, nested.id]);
    expectSpecSchema("SiteSectionGroup", outer.children[2]);
    expect(outer.children[2].children.map((child: any) => child.id)).toEqual([b.id]);
  });

  it("refuses bad input (400), lesser roles (403), outsiders and unknown sites (404)", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    await inParallel(
      [
        [{}, /title/],
        [{ title: "" }, /title/],
        [{ title: "x".repeat(101) }, /title/],
        [{ title: "G", sections: ["nope"] }, /sections/],
        [{ title: "G", parent: "nope" }, /parent/],
        [{ title: "G", draft: true }, /draft/],
      ] as Array<[unknown, RegExp]>,
      async ([body, field]) => expect(errorMessage(await call("POST", groupsPath(ctx), { token: f.admin.token, body }), 400)).toMatch(field),
    );
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      errorMessage(await call("POST", groupsPath(ctx), { token: f[role].token, body: { title: "G" } }), 403);
    });
    errorMessage(await call("POST", groupsPath(ctx), { token: f.outsider.token, body: { title: "G" } }), 404);
    const foreign = await insertSite(f.outsiderOrganization.id, f.outsider);
    errorMessage(await call("POST", groupsPath({ orgId, siteId: foreign.id }), { token: f.admin.token, body: { title: "G" } }), 404);
    expect(await groups(f.read, ctx)).toEqual([]);
  });
});

describe("listing section groups", () => {
  it("pages through them depth first, to every role from read", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    const outer = await addGroup(f.admin, ctx, { title: "Outer" });
    const second = await addGroup(f.admin, ctx, { title: "Second" });
    const inner = await addGroup(f.admin, ctx, { title: "Inner", parent: outer.id });
    for (const role of NON_ADMIN_ROLES) expect(ids(await groups(f[role], ctx))).toEqual([outer.id, inner.id, second.id]);
    const page = ok(await call("GET", `${groupsPath(ctx)}?limit=2`, { token: f.read.token }), 200, "listSiteSectionGroups");
    expect(page).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    errorMessage(await call("GET", groupsPath(ctx), { token: f.guest.token }), 403);
    errorMessage(await call("GET", groupsPath(ctx), { token: f.outsider.token }), 404);
  });
});

describe("updating a section group", () => {
  it("renames, changes its icon and parent, never into itself or a group inside it", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    const outer = await addGroup(f.admin, ctx, { title: "Outer" });
    const inner = await addGroup(f.admin, ctx, { title: "Inner", parent: outer.id });
    const other = await addGroup(f.admin, ctx, { title: "Other" });
    const patch = (id: string, body: unknown, token = f.create.token) => call("PATCH", `${groupsPath(ctx)}/${id}`, { token, body });
    expect(ok(await patch(outer.id, { title: "Renamed", icon: "star" }), 200, "updateSiteSectionGroupById")).toMatchObject({ title: "Renamed", icon: "star" });
    expect(ok(await patch(outer.id, { icon: null }), 200, "updateSiteSectionGroupById")).not.toHaveProperty("icon");
    expect(errorMessage(await patch(outer.id, { parentSectionGroupId: inner.id }), 400)).toMatch(/parentSectionGroupId.*inside itself/);
    expect(errorMessage(await patch(outer.id, { parentSectionGroupId: outer.id }), 400)).toMatch(/parentSectionGroupId/);
    expect(errorMessage(await patch(outer.id, { parentSectionGroupId: "nope" }), 400)).toMatch(/parentSectionGroupId/);
    expect(errorMessage(await patch(outer.id, { title: "" }), 400)).toMatch(/title/);
    const moved = ok(await patch(other.id, { parentSectionGroupId: inner.id }), 200, "updateSiteSectionGroupById");
    expect(moved.sectionGroup).toBe(inner.id);
    expect(ok(await patch(other.id, { parentSectionGroupId: null }), 200, "updateSiteSectionGroupById")).not.toHaveProperty("sectionGroup");
    errorMessage(await patch("nope", { title: "X" }), 404);
    errorMessage(await patch(outer.id, { title: "X" }, f.edit.token), 403);
    errorMessage(await patch(outer.id, { title: "X" }, f.outsider.token), 404);
  });

  it("refuses nesting deeper than the limit", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    let parent: string | undefined;
    for (let depth = 1; depth <= 8; depth++) parent = (await addGroup(f.admin, ctx, { title: `Level ${depth}`, ...(parent ? { parent } : {}) })).id;
    expect(errorMessage(await call("POST", groupsPath(ctx), { token: f.admin.token, body: { title: "Too deep", parent } }), 400)).toMatch(/parent.*nest/);
  });
});

describe("deleting a section group", () => {
  it("moves what it held to its parent, in its place and order, and nothing is lost; 204 also when absent", async () => {
    const { ctx, sections: [a, b, c, d] } = await siteWithSections(f.admin, orgId, 4);
    const group = await addGroup(f.admin, ctx, { title: "Group", sections: [b.id, c.id] });
    const inner = await addGroup(f.admin, ctx, { title: "Inner", parent: group.id });
    // Root: a, d, group(b, c, inner); put the group between a and d.
    ok(await call("POST", `${groupsPath(ctx)}/${group.id}/move`, { token: f.admin.token, body: { position: { after: { type: "site-section", id: a.id } } } }), 200, null);
    expect(ids(await sections(f.read, ctx))).toEqual([a.id, b.id, c.id, d.id]);
    const del = (id: string, token = f.create.token) => call("DELETE", `${groupsPath(ctx)}/${id}`, { token });
    errorMessage(await del(group.id, f.edit.token), 403);
    errorMessage(await del(group.id, f.outsider.token), 404);
    expect((await del(group.id)).status).toBe(204);
    expect((await del(group.id)).status).toBe(204);
    const left = await sections(f.read, ctx);
    expect(ids(left)).toEqual([a.id, b.id, c.id, d.id]);
    expect(left.every((section: any) => section.sectionGroup === undefined)).toBe(true);
    expect(left.map((section: any) => section.siteSpaces.length)).toEqual([1, 1, 1, 1]);
    const [kept] = await groups(f.read, ctx);
    expect(kept).toMatchObject({ id: inner.id });
    expect(kept).not.toHaveProperty("sectionGroup");
  });
});

describe("adding a section to a group and removing it", () => {
  it("moves a section into the group (201 with the group) and out of it, right after the group (204 either way)", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    const group = await addGroup(f.admin, ctx, { title: "Group" });
    const add = (groupId: string, body: unknown, token = f.create.token) => call("POST", `${groupsPath(ctx)}/${groupId}/sections`, { token, body });
    const added = await add(group.id, { sectionId: a.id });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // addSectionToGroup is in GitBook's 0.146 spec only: the body is checked against the schema.
    expectSpecSchema("SiteSectionGroup", added.body);
    expect(ids(added.body.children)).toEqual([a.id]);
    expect(ids(await sections(f.read, ctx))).toEqual([b.id, a.id]);
    expect(errorMessage(await add(group.id, { sectionId: "nope" }), 400)).toMatch(/sectionId/);
    expect(errorMessage(await add(group.id, {}), 400)).toMatch(/sectionId/);
    errorMessage(await add("nope", { sectionId: b.id }), 404);
    errorMessage(await add(group.id, { sectionId: b.id }, f.edit.token), 403);
    errorMessage(await add(group.id, { sectionId: b.id }, f.outsider.token), 404);

    const remove = (groupId: string, sectionId: string, token = f.create.token) => call("DELETE", `${groupsPath(ctx)}/${groupId}/sections/${sectionId}`, { token });
    expect((await remove(group.id, b.id)).status).toBe(204);
    errorMessage(await remove("nope", a.id), 404);
    errorMessage(await remove(group.id, a.id, f.read.token), 403);
    expect((await remove(group.id, a.id)).status).toBe(204);
    const left = await sections(f.read, ctx);
    expect(ids(left)).toEqual([b.id, a.id]);
    expect(left[1]).not.toHaveProperty("sectionGroup");
    const [emptied] = await groups(f.read, ctx);
    expect(emptied.children).toEqual([]);
  });
});

describe("moving a section group", () => {
  it("places it before or after a section or group (into that one's parent); invalid positions are 400, unknown groups 404", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    const outer = await addGroup(f.admin, ctx, { title: "Outer", sections: [b.id] });
    const inner = await addGroup(f.admin, ctx, { title: "Inner", parent: outer.id });
    const move = (id: string, body: unknown, token = f.create.token) => call("POST", `${groupsPath(ctx)}/${id}/move`, { token, body });
    const moved = ok(await move(inner.id, { position: { before: { type: "site-section", id: a.id } } }), 200, "moveSiteSectionGroup");
    expect(moved).not.toHaveProperty("sectionGroup");
    expect(ids(await groups(f.read, ctx))).toEqual([inner.id, outer.id]);
    ok(await move(inner.id, { position: { after: { type: "site-section", id: b.id } } }), 200, "moveSiteSectionGroup");
    expect((await groups(f.read, ctx))[0].children.map((child: any) => child.id)).toEqual([b.id, inner.id]);
    await inParallel(
      [
        { position: { before: { type: "site-section-group", id: inner.id } } },
        { position: { before: { type: "site-section", id: "nope" } } },
        { position: { before: { type: "site-section-group", id: "nope" } } },
        { position: { before: { type: "site-space", id: a.id } } },
        { position: { before: { type: "site-section", id: a.id }, after: { type: "site-section", id: b.id } } },
      ],
      async (body) => expect(errorMessage(await move(inner.id, body), 400)).toMatch(/position/),
    );
    // Into itself: the outer group placed next to a section inside it.
    expect(errorMessage(await move(outer.id, { position: { after: { type: "site-section", id: b.id } } }), 400)).toMatch(/inside itself/);
    errorMessage(await move("nope", {}), 404);
    errorMessage(await move(inner.id, {}, f.comment.token), 403);
    errorMessage(await move(inner.id, {}, f.outsider.token), 404);
  });
});

describe("the official client", () => {
  it("adds, lists, updates, moves and deletes section groups", async () => {
    const { ctx, sections: [a, b] } = await siteWithSections(f.admin, orgId, 2);
    const client = gitbookClient(f.create);
    const { data: group } = await client.orgs.addSectionGroupToSite(orgId, ctx.siteId, { title: "Client group", sections: [b.id] });
    const { data: renamed } = await client.orgs.updateSiteSectionGroupById(orgId, ctx.siteId, group.id, { title: "Renamed" });
    expect(renamed.title).toBe("Renamed");
    const { data: moved } = await client.orgs.moveSiteSectionGroup(orgId, ctx.siteId, group.id, { position: { before: { type: "site-section", id: a.id } } });
    expectSpecResponse("moveSiteSectionGroup", 200, moved);
    const { data: list } = await client.orgs.listSiteSectionGroups(orgId, ctx.siteId, {});
    expect(ids(list.items)).toEqual([group.id]);
    expect((await client.orgs.deleteSiteSectionGroupById(orgId, ctx.siteId, group.id)).status).toBe(204);
    expect(ids(await sections(f.read, ctx))).toEqual([b.id, a.id]);
  });
});
