import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import type { ParsedDocument } from "../../helpers/reader-fixtures";
import { addGroup, addSection, ok, sitePath } from "../../helpers/site-structure";

/**
 * GitBook's icons (Font Awesome names) on sections, section groups and pages, through the Worker's
 * fetch handler: drawn from Font Awesome Free's SVGs (static assets read through the ASSETS
 * binding), inline, decorative; the customization's `styling.icons` picks the style; a name Free
 * does not have draws nothing.
 */

let owner: TestUser;
let root: string;
let customize: (styling: Record<string, unknown>) => Promise<void>;

async function page(url: string) {
  const response = await workerUnderTest.fetch(url);
  expect(response.status, url).toBe(200);
  return parseHTML(await response.text()).document;
}

const drawing = (element: ReturnType<ParsedDocument["querySelector"]> | undefined) => (element ? { tag: element.tagName.toLowerCase(), viewBox: element.getAttribute("viewBox"), hidden: element.getAttribute("aria-hidden"), paths: element.querySelectorAll("path").length } : null);

beforeAll(async () => {
  owner = await createUser("icons-owner");
  const orgId = (await createOrganization(owner)).id;
  const guide = await spaceWithPages(owner, orgId, "Icons guide", [
    { ref: "start", title: "Start", icon: "rocket" },
    { ref: "brand", title: "On GitHub", icon: "github" },
    { ref: "odd", title: "Odd", icon: "no-such-icon-anywhere" },
  ]);
  const api = await spaceWithPages(owner, orgId, "Icons API", [{ ref: "auth", title: "Auth" }]);
  const made = await publishedSite(owner, orgId, [guide.space.id], { basename: "iconic" });
  root = made.root;
  const ctx = { orgId, siteId: made.site.id };
  const section = await addSection(owner, ctx, { spaceId: api.space.id, title: "API", icon: "code" });
  await addGroup(owner, ctx, { title: "Reference", icon: "star", sections: [section.id] });
  const sections = await call("GET", `${sitePath(orgId, made.site.id)}/sections?limit=10`, { token: owner.token });
  const guideSection = (sections.body.items as Array<{ id: string; title: string }>).find((item) => item.id !== section.id)!;
  ok(await call("PATCH", `${sitePath(orgId, made.site.id)}/sections/${guideSection.id}`, { token: owner.token, body: { icon: "📘" } }), 200, null);
  customize = async (styling) => ok(await call("PUT", `${sitePath(orgId, made.site.id)}/customization`, { token: owner.token, body: { styling } }), 200, null);
});

describe("icons of sections, groups and pages", () => {
  it("are inline SVGs, hidden from assistive technology, beside the titles that name them", async () => {
    const document = await page(`${root}start`);
    const tabs = document.querySelector("nav.section-tabs")!;
    expect(tabs.querySelector(":scope > ul > li > a .section-icon")?.textContent).toBe("📘");
    expect(drawing(tabs.querySelector("summary svg.section-icon"))).toEqual({ tag: "svg", viewBox: "0 0 576 512", hidden: "true", paths: 1 });
    expect(drawing(tabs.querySelector(".section-list a svg.section-icon"))).toMatchObject({ tag: "svg", hidden: "true", paths: 1 });
    const tree = document.querySelector("nav.sidebar-nav")!;
    const start = tree.querySelector("a[aria-current=page]")!;
    expect(drawing(start.querySelector("svg.tree-icon"))).toMatchObject({ viewBox: "0 0 512 512", hidden: "true" });
    expect(drawing(document.querySelector("main h1 svg.page-icon"))).toMatchObject({ viewBox: "0 0 512 512" });
    // A brand's name is drawn from the brands style; the licence comment rides along.
    const brand = [...tree.querySelectorAll("a")].find((link) => link.textContent === "On GitHub")!;
    expect(brand.querySelector("svg.tree-icon")?.innerHTML).toMatch(/^<!--! Font Awesome Free [\d.]+ .*License.*--><path fill="currentColor" d="[^"]+"\s*(\/>|><\/path>)$/);
    // A name Free does not have is not drawn, and never shown as text.
    const odd = [...tree.querySelectorAll("a")].find((link) => link.textContent === "Odd")!;
    expect(odd.querySelector("svg")).toBeNull();
    expect(document.body.innerHTML).not.toContain("no-such-icon-anywhere");
  });

  it("follow the customization's icon style: regular by default, solid when it says so", async () => {
    const pathOfStar = async () => (await page(`${root}start`)).querySelector("nav.section-tabs summary svg path")?.getAttribute("d");
    const regular = await pathOfStar();
    await customize({ icons: "solid" });
    const solid = await pathOfStar();
    expect(regular).toBeTruthy();
    expect(solid).toBeTruthy();
    expect(solid).not.toBe(regular);
  });
});
