import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { NON_ADMIN_ROLES, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { BOOLEAN_SCHEMA, addGroup, addSection, addSiteSpace, insertShareLink, insertSite, ok, sections, sitePath, siteSpaces, siteWithSections } from "../../helpers/site-structure";
import { expectSpecResponse } from "../../helpers/spec";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/organization-fixture";

/** Site sections (seed 4.10) and sortSiteStructure: src/routes/sites/sections.ts. */

useSuiteFixture();

const newSite = async () => ({ orgId, siteId: (await insertSite(orgId, f.admin)).id });
const sectionsPath = (ctx: { orgId: string; siteId: string }) => `${sitePath(ctx.orgId, ctx.siteId)}/sections`;
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("adding a section", () => {
  it("makes the first section the default, with the space as its one default site space", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId, { title: "User Guide" });
    const section = await addSection(f.create, ctx, { spaceId: space.id, icon: "book" });
    expect(section).toMatchObject({ object: "site-section", title: "User Guide", path: "user-guide", default: true, icon: "book", draft: false });
    expect(section.siteSpaces).toHaveLength(1);
    expect(section.siteSpaces[0]).toMatchObject({ object: "site-space", section: section.id, default: true, path: "user-guide", space: { id: space.id } });

    const second = await addSection(f.admin, ctx, { spaceId: space.id, title: "User Guide" });
    expect(second).toMatchObject({ default: false, path: "user-guide-2" });
    expect(ids(await sections(f.read, ctx))).toEqual([section.id, second.id]);
  });

  it("turns the root site spaces of a site without sections into its first section, so none is left outside", async () => {
    const ctx = await newSite();
    const [a, b, c] = await Promise.all(["Alpha", "Beta", "Gamma"].map((title) => createSpace(f.admin, orgId, { title })));
    const rootA = await addSiteSpace(f.admin, ctx, { spaceId: a!.id });
    const rootB = await addSiteSpace(f.admin, ctx, { spaceId: b!.id });
    expect(rootA).not.toHaveProperty("section");
    const added = await addSection(f.admin, ctx, { spaceId: c!.id });
    const [first, second] = await sections(f.read, ctx);
    expect(second.id).toBe(added.id);
    expect(first).toMatchObject({ title: "Alpha", default: true });
    expect(ids(first.siteSpaces)).toEqual([rootA.id, rootB.id]);
    expect(first.siteSpaces.map((item: any) => item.default)).toEqual([true, false]);
    expect(added.default).toBe(false);
    expect((await siteSpaces(f.read, ctx)).every((item: any) => typeof item.section === "string")).toBe(true);
  });

  it("adds into a section group when one is named", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    const group = await addGroup(f.admin, ctx, { title: "Products" });
    const space = await createSpace(f.admin, orgId);
    const section = await addSection(f.admin, ctx, { spaceId: space.id, title: "In group", siteSectionGroupId: group.id });
    expect(section.sectionGroup).toBe(group.id);
  });

  it("refuses bad input with a 400 naming the field, and changes nothing", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId);
    const other = await createSpace(f.outsider, f.outsiderOrganization.id);
    const deleted = await createSpace(f.admin, orgId);
    await call("DELETE", `/v1/spaces/${deleted.id}`, { token: f.admin.token });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /spaceId/],
      [{ spaceId: space.id, title: "A" }, /title/],
      [{ spaceId: space.id, title: "x".repeat(129) }, /title/],
      [{ spaceId: space.id, icon: "i".repeat(51) }, /icon/],
      [{ spaceId: "no-such-space" }, /spaceId/],
      [{ spaceId: other.id }, /spaceId/],
      [{ spaceId: deleted.id }, /spaceId/],
      [{ spaceId: space.id, siteSectionGroupId: "no-group" }, /siteSectionGroupId/],
      [{ spaceId: space.id, template: { id: "x" } }, /template/],
      [{ spaceId: space.id, surprise: true }, /surprise/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await call("POST", sectionsPath(ctx), { token: f.admin.token, body }), 400)).toMatch(field);
    });
    expect(await sections(f.read, ctx)).toEqual([]);
  });

  it("lets admins and `create` add sections, refuses lesser roles (403), outsiders and unknown sites (404)", async () => {
    const ctx = await newSite();
    const space = await createSpace(f.admin, orgId);
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      expect(errorMessage(await call("POST", sectionsPath(ctx), { token: f[role].token, body: { spaceId: space.id } }), 403)).toMatch(/manageSites/);
    });
    errorMessage(await call("POST", sectionsPath(ctx), { token: f.outsider.token, body: { spaceId: space.id } }), 404);
    errorMessage(await call("POST", sectionsPath({ orgId, siteId: "no-such-site" }), { token: f.admin.token, body: { spaceId: space.id } }), 404);
    // A site of another organization, reached through this organization's path: 404.
    const foreign = await insertSite(f.outsiderOrganization.id, f.outsider);
    errorMessage(await call("POST", sectionsPath({ orgId, siteId: foreign.id }), { token: f.admin.token, body: { spaceId: space.id } }), 404);
    errorMessage(await call("POST", sectionsPath(ctx), { body: { spaceId: space.id } }), 401);
    expect(await sections(f.read, ctx)).toEqual([]);
  });
});

describe("listing sections", () => {
  it("pages through them in structure order (root first, depth first through groups), to every role from read", async () => {
    const { ctx, sections: made } = await siteWithSections(f.admin, orgId, 4);
    const group = await addGroup(f.admin, ctx, { title: "Group", sections: [made[1].id, made[2].id] });
    // Order: s1, group(s2, s3), s4 -> the group sits after s4 at the end of the root.
    expect(ids(await sections(f.read, ctx))).toEqual([made[0].id, made[3].id, made[1].id, made[2].id]);
    await call("POST", `${sitePath(orgId, ctx.siteId)}/section-groups/${group.id}/move`, {
      token: f.admin.token,
      body: { position: { before: { type: "site-section", id: made[3].id } } },
    });
    for (const role of NON_ADMIN_ROLES) expect(ids(await sections(f[role], ctx))).toEqual([made[0].id, made[1].id, made[2].id, made[3].id]);
    const page = ok(await call("GET", `${sectionsPath(ctx)}?limit=3`, { token: f.read.token }), 200, "listSiteSections");
    expect(page).toMatchObject({ count: 4, next: { page: expect.any(String) } });
    errorMessage(await call("GET", `${sectionsPath(ctx)}?page=garbage`, { token: f.read.token }), 400);
    errorMessage(await call("GET", sectionsPath(ctx), { token: f.guest.token }), 403);
    errorMessage(await call("GET", sectionsPath(ctx), { token: f.outsider.token }), 404);
  });

  it("takes an active share key, and answers 404 for an unknown or revoked one", async () => {
    const { ctx } = await siteWithSections(f.admin, orgId, 1);
    await insertShareLink(ctx.siteId, f.admin, "good-key-1234567890");
    await insertShareLink(ctx.siteId, f.admin, "revoked-key-1234567890", false);
    ok(await call("GET", `${sectionsPath(ctx)}?shareKey=good-key-1234567890`, { token: f.read.token }), 200, "listSiteSections");
    errorMessage(await call("GET", `${sectionsPath(ctx)}?shareKey=unknown`, { token: f.read.token }), 404);
    errorMessage(await call("GET", `${sectionsPath(ctx)}?shareKey=revoked-key-1234567890`, { token: f.read.token }), 404);
  });
});

describe("published URLs", () => {
  it("give each section and site space its URL once the site is published, with the share key when one is given", async () => {
    const { ctx, sections: [first, second] } = await siteWithSections(f.admin, orgId, 2);
    expect((await sections(f.read, ctx))[0].urls).toEqual({});
    ok(await call("POST", `${sitePath(orgId, ctx.siteId)}/publish`, { token: f.admin.token }), 200, null);
    const [a, b] = await sections(f.read, ctx);
    expect(a.urls.published).toMatch(/^https?:\/\/.+\/$/);
    expect(b.urls.published).toBe(`${a.urls.published}${second.path}/`);
    expect(a.siteSpaces[0].urls.published).toBe(a.urls.published);
    await insertShareLink(ctx.siteId, f.admin, "published-key-1234567");
    const shared = ok(await call("GET", `${sectionsPath(ctx)}?shareKey=published-key-1234567`, { token: f.read.token }), 200, "listSiteSections");
    // The key is the first segment under the site's base (the default section is at the base).
    expect(shared.items[0].urls.published).toBe(`${a.urls.published}published-key-1234567/`);
    expect(shared.items[1].urls.published).toBe(`${a.urls.published}published-key-1234567/${second.path}/`);
    expect(first.id).toBe(a.id);
  });
});

describe("updating a section", () => {
  it("changes title, path, icon, description and the section's default site space", async () => {
    const { ctx, sections: [section] } = await siteWithSections(f.admin, orgId, 1);
    const variant = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: section.id });
    const path = `${sectionsPath(ctx)}/${section.id}`;
    const updated = ok(
      await call("PATCH", path, { token: f.create.token, body: { title: "Renamed", path: "renamed", icon: "star", description: "About", defaultSiteSpace: variant.id } }),
      200,
      "updateSiteSectionById",
    );
    expect(updated).toMatchObject({ title: "Renamed", path: "renamed", icon: "star", description: "About" });
    expect(updated.siteSpaces.map((item: any) => [item.id, item.default])).toEqual([
      [section.siteSpaces[0].id, false],
      [variant.id, true],
    ]);
    const cleared = ok(await call("PATCH", path, { token: f.admin.token, body: { icon: null, description: null } }), 200, "updateSiteSectionById");
    expect(cleared).not.toHaveProperty("icon");
    expect(cleared).not.toHaveProperty("description");
    expect(cleared.title).toBe("Renamed");
  });

  it("parses and checks conditions against the site's adaptive schema: kept when omitted, removed with null", async () => {
    const { ctx, sections: [section] } = await siteWithSections(f.admin, orgId, 1);
    const path = `${sectionsPath(ctx)}/${section.id}`;
    const patch = (body: unknown) => call("PATCH", path, { token: f.admin.token, body });
    expect(errorMessage(await patch({ condition: "visitor.claims.isBetaUser" }), 400)).toMatch(/condition.*no adaptive schema/);
    ok(await call("PUT", `${sitePath(orgId, ctx.siteId)}/adaptive-schema`, { token: f.admin.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, "updateSiteAdaptiveSchema");
    const condition = 'visitor.claims.isBetaUser && (visitor.claims.plan == "pro" || !visitor.claims.unsigned.prefersDark)';
    expect(ok(await patch({ condition }), 200, "updateSiteSectionById").condition).toBe(condition);
    expect(ok(await patch({ title: "Kept" }), 200, "updateSiteSectionById").condition).toBe(condition);
    expect(errorMessage(await patch({ condition: "visitor.claims.isBetaUser &&" }), 400)).toMatch(/condition.*position 28/);
    expect(errorMessage(await patch({ condition: "visitor.claims.nope" }), 400)).toMatch(/condition.*visitor\.claims\.nope.*not a claim/);
    expect(errorMessage(await patch({ condition: "process.exit()" }), 400)).toMatch(/condition/);
    expect(errorMessage(await patch({ condition: "x".repeat(1025) }), 400)).toMatch(/condition/);
    expect(ok(await patch({ condition: null }), 200, "updateSiteSectionById")).not.toHaveProperty("condition");
  });

  it("refuses a taken path (409), bad values (400), a site space of another section (400), an unknown section (404)", async () => {
    const { ctx, sections: [first, second] } = await siteWithSections(f.admin, orgId, 2);
    const path = `${sectionsPath(ctx)}/${first.id}`;
    expect(errorMessage(await call("PATCH", path, { token: f.admin.token, body: { path: second.path } }), 409)).toMatch(/path/);
    await inParallel(
      [
        [{ path: "" }, /path/],
        [{ path: "x".repeat(101) }, /path/],
        [{ path: "a/b" }, /path/],
        [{ title: "x" }, /title/],
        [{ description: "d".repeat(257) }, /description/],
        [{ defaultSiteSpace: second.siteSpaces[0].id }, /defaultSiteSpace/],
        [{ siteSectionGroupId: "nope" }, /siteSectionGroupId/],
      ] as Array<[unknown, RegExp]>,
      async ([body, field]) => expect(errorMessage(await call("PATCH", path, { token: f.admin.token, body }), 400)).toMatch(field),
    );
    errorMessage(await call("PATCH", `${sectionsPath(ctx)}/no-such-section`, { token: f.admin.token, body: { title: "New title" } }), 404);
    errorMessage(await call("PATCH", path, { token: f.edit.token, body: { title: "New title" } }), 403);
    errorMessage(await call("PATCH", path, { token: f.outsider.token, body: { title: "New title" } }), 404);
    expect((await sections(f.read, ctx))[0]).toMatchObject({ title: first.title, path: first.path });
  });
});

describe("deleting a section", () => {
  it("deletes it with its site spaces; the first section left becomes the default; 204 when absent", async () => {
    const { ctx, sections: [first, second, third] } = await siteWithSections(f.admin, orgId, 3);
    const del = (id: string, token = f.create.token) => call("DELETE", `${sectionsPath(ctx)}/${id}`, { token });
    errorMessage(await del(first.id, f.edit.token), 403);
    errorMessage(await del(first.id, f.outsider.token), 404);
    expect((await del(first.id)).status).toBe(204);
    expect((await del(first.id)).status).toBe(204);
    const left = await sections(f.read, ctx);
    expect(left.map((section: any) => [section.id, section.default])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    expect(ids(await siteSpaces(f.read, ctx))).toEqual([second.siteSpaces[0].id, third.siteSpaces[0].id]);
  });
});

describe("moving sections", () => {
  it("places a section before or after another with the deprecated move", async () => {
    const { ctx, sections: [a, b, c] } = await siteWithSections(f.admin, orgId, 3);
    const move = (id: string, body: unknown, token = f.create.token) => call("POST", `${sectionsPath(ctx)}/${id}/move`, { token, body });
    ok(await move(c.id, { position: { before: { type: "site-section", siteSection: a.id } } }), 200, "moveSiteSection");
    expect(ids(await sections(f.read, ctx))).toEqual([c.id, a.id, b.id]);
    ok(await move(c.id, { position: { after: { type: "site-section", siteSection: b.id } } }), 200, "moveSiteSection");
    expect(ids(await sections(f.read, ctx))).toEqual([a.id, b.id, c.id]);
    ok(await move(a.id, {}), 200, "moveSiteSection");
    expect(ids(await sections(f.read, ctx))).toEqual([b.id, c.id, a.id]);
    expect(errorMessage(await move(a.id, { position: { before: { type: "site-section", siteSection: a.id } } }), 400)).toMatch(/position/);
    expect(errorMessage(await move(a.id, { position: { before: { type: "site-section", siteSection: "nope" } } }), 400)).toMatch(/position/);
    expect(errorMessage(await move(a.id, { position: { before: { type: "site-section", siteSection: b.id }, after: { type: "site-section", siteSection: c.id } } }), 400)).toMatch(/position/);
    errorMessage(await move("nope", {}), 404);
    errorMessage(await move(a.id, {}, f.review.token), 403);
    expect(ids(await sections(f.read, ctx))).toEqual([b.id, c.id, a.id]);
  });

  it("sorts the structure: sections and groups by sections and groups, site spaces within their section", async () => {
    const { ctx, sections: [a, b, c] } = await siteWithSections(f.admin, orgId, 3);
    const group = await addGroup(f.admin, ctx, { title: "Group", sections: [c.id] });
    const sort = (body: unknown, token = f.create.token) => call("PATCH", `${sitePath(orgId, ctx.siteId)}/structure/sort`, { token, body });
    const moved = ok(await sort({ item: { type: "site-section", id: a.id }, position: { after: { type: "site-section", id: c.id } } }), 200, "sortSiteStructure");
    expect(moved).toMatchObject({ object: "site-section", id: a.id, sectionGroup: group.id });
    expect(ids(await sections(f.read, ctx))).toEqual([b.id, c.id, a.id]);
    const movedGroup = ok(await sort({ item: { type: "site-section-group", id: group.id }, position: { before: { type: "site-section", id: b.id } } }), 200, "sortSiteStructure");
    expect(movedGroup.object).toBe("site-section-group");
    expect(ids(await sections(f.read, ctx))).toEqual([c.id, a.id, b.id]);

    const variant = await addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: b.id });
    const movedSpace = ok(await sort({ item: { type: "site-space", id: variant.id }, position: { before: { type: "site-space", id: b.siteSpaces[0].id } } }), 200, "sortSiteStructure");
    expect(movedSpace).toMatchObject({ object: "site-space", id: variant.id });
    expect(ids((await sections(f.read, ctx))[2].siteSpaces)).toEqual([variant.id, b.siteSpaces[0].id]);

    const cases: Array<[unknown, number]> = [
      [{ item: { type: "site-space", id: variant.id }, position: { before: { type: "site-space", id: a.siteSpaces[0].id } } }, 400],
      [{ item: { type: "site-section", id: a.id }, position: { before: { type: "site-space", id: a.siteSpaces[0].id } } }, 400],
      [{ item: { type: "site-section-group", id: group.id }, position: { before: { type: "site-section", id: c.id } } }, 400],
      [{ item: { type: "site-section", id: a.id }, position: {} }, 400],
      [{ item: { type: "site-external-link", id: "x" }, position: { before: { type: "site-section", id: a.id } } }, 400],
      [{ item: { type: "site-section", id: "nope" }, position: { before: { type: "site-section", id: a.id } } }, 400],
      [{ item: { type: "site-section-group", id: "nope" }, position: { before: { type: "site-section", id: a.id } } }, 400],
      [{ item: { type: "site-space", id: "nope" }, position: { before: { type: "site-space", id: a.siteSpaces[0].id } } }, 400],
    ];
    await inParallel(cases, async ([body, status]) => errorMessage(await sort(body), status));
    errorMessage(await sort(cases[0]![0], f.comment.token), 403);
    errorMessage(await sort(cases[0]![0], f.outsider.token), 404);
    expect(ids(await sections(f.read, ctx))).toEqual([c.id, a.id, b.id]);
  });

  it("leaves a consistent order and one default after 20 concurrent moves and default changes", async () => {
    const { ctx, sections: made } = await siteWithSections(f.admin, orgId, 6);
    const variants = await Promise.all(
      Array.from({ length: 4 }, async () => addSiteSpace(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id, sectionId: made[0].id })),
    );
    const all = ids(made);
    const moves = Array.from({ length: 20 }, (_, i) => {
      const item = all[i % all.length]!;
      const target = all[(i * 7 + 3) % all.length]!;
      return target === item
        ? call("POST", `${sectionsPath(ctx)}/${item}/move`, { token: f.admin.token, body: {} })
        : call("PATCH", `${sitePath(orgId, ctx.siteId)}/structure/sort`, {
            token: f.admin.token,
            body: { item: { type: "site-section", id: item }, position: { [i % 2 ? "before" : "after"]: { type: "site-section", id: target } } },
          });
    });
    const defaults = [made[0].siteSpaces[0].id, ...ids(variants)].map((id, i) =>
      call("PATCH", `${sectionsPath(ctx)}/${made[0].id}`, { token: f.admin.token, body: { defaultSiteSpace: id, title: `Title ${i}` } }),
    );
    const responses = await Promise.all([...moves, ...defaults]);
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    const listed = await sections(f.read, ctx);
    expect([...ids(listed)].sort()).toEqual([...all].sort());
    expect(listed.filter((section: any) => section.default)).toHaveLength(1);
    const first = listed.find((section: any) => section.id === made[0].id);
    expect(first.siteSpaces.filter((item: any) => item.default)).toHaveLength(1);
    // Listing twice gives the same order: the order is a function of the stored rows.
    expect(ids(await sections(f.read, ctx))).toEqual(ids(listed));
  });
});

describe("the official client", () => {
  it("lists, adds, updates, moves, sorts and deletes sections", async () => {
    const ctx = await newSite();
    const client = gitbookClient(f.create);
    const [one, two] = await Promise.all([createSpace(f.admin, orgId), createSpace(f.admin, orgId)]);
    const { data: a } = await client.orgs.addSectionToSite(orgId, ctx.siteId, { spaceId: one.id, title: "First" });
    const { data: b } = await client.orgs.addSectionToSite(orgId, ctx.siteId, { spaceId: two.id, title: "Second" });
    const { data: updated } = await client.orgs.updateSiteSectionById(orgId, ctx.siteId, b.id, { title: "Second, renamed" });
    expect(updated.title).toBe("Second, renamed");
    const { data: moved } = await client.orgs.moveSiteSection(orgId, ctx.siteId, b.id, { position: { before: { type: "site-section", siteSection: a.id } } });
    expectSpecResponse("moveSiteSection", 200, moved);
    const { data: sorted } = await client.orgs.sortSiteStructure(orgId, ctx.siteId, {
      item: { type: "site-section", id: b.id },
      position: { after: { type: "site-section", id: a.id } },
    });
    expect(sorted.id).toBe(b.id);
    const { data: list } = await client.orgs.listSiteSections(orgId, ctx.siteId, {});
    expect(ids(list.items)).toEqual([a.id, b.id]);
    const deleted = await client.orgs.deleteSiteSectionById(orgId, ctx.siteId, a.id);
    expect(deleted.status).toBe(204);
    const { data: after } = await client.orgs.listSiteSections(orgId, ctx.siteId, {});
    expect(after.items.map((section) => [section.id, section.default])).toEqual([[b.id, true]]);
  });
});
