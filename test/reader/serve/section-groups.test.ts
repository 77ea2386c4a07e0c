import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { addGroup, addSection, addSiteSpace, ok, sitePath } from "../../helpers/site-structure";

/**
 * A site whose sections are in groups, nested (GitBook's SiteSectionGroup `children`), through the
 * Worker's fetch handler: the header's group tabs and menus, the drawer's list, and what a section
 * deep in groups still gets (its variants picker, its pages in llms.txt).
 */

let owner: TestUser;
let root: string;

async function page(url: string) {
  const response = await workerUnderTest.fetch(url);
  expect(response.status, url).toBe(200);
  return parseHTML(await response.text()).document;
}

beforeAll(async () => {
  owner = await createUser("groups-owner");
  const orgId = (await createOrganization(owner)).id;
  const guide = await spaceWithPages(owner, orgId, "Groups guide", [{ ref: "start", title: "Start" }]);
  const cloud = await spaceWithPages(owner, orgId, "Groups cloud", [{ ref: "deploy", title: "Deploy" }]);
  const server = await spaceWithPages(owner, orgId, "Groups server", [{ ref: "install", title: "Install the server" }]);
  const serverV1 = await spaceWithPages(owner, orgId, "Groups server v1", [{ ref: "old", title: "Old install" }]);
  const made = await publishedSite(owner, orgId, [guide.space.id], { basename: "grouped" });
  root = made.root;
  const ctx = { orgId, siteId: made.site.id };
  const cloudSection = await addSection(owner, ctx, { spaceId: cloud.space.id, title: "Cloud" });
  ok(await call("PATCH", `${sitePath(orgId, made.site.id)}/sections/${cloudSection.id}`, { token: owner.token, body: { description: "The hosted service." } }), 200, null);
  const serverSection = await addSection(owner, ctx, { spaceId: server.space.id, title: "Server" });
  await addSiteSpace(owner, ctx, { spaceId: serverV1.space.id, sectionId: serverSection.id });
  const products = await addGroup(owner, ctx, { title: "Products", sections: [cloudSection.id] });
  await addGroup(owner, ctx, { title: "Self-hosted", sections: [serverSection.id], parent: products.id });
});

describe("section groups on a published site", () => {
  it("are tabs that open a menu of their sections, a nested group a heading in it; a group is marked on its sections' pages", async () => {
    const document = await page(root);
    const tabs = document.querySelector("nav.section-tabs")!;
    const entries = [...tabs.querySelectorAll(":scope > ul > li > a, :scope > ul > li > details > summary")].map((element) => element.textContent);
    expect(entries[1]).toBe("Products");
    expect(entries).toHaveLength(2);
    const menu = tabs.querySelector("details.section-menu")!;
    expect([...menu.querySelectorAll(".section-list-title, .section-list-heading")].map((element) => element.textContent)).toEqual(["Cloud", "Self-hosted", "Server"]);
    expect(menu.querySelector(".section-list-description")?.textContent).toBe("The hosted service.");
    // On the guide, the group is not current.
    expect(menu.querySelector("summary")?.hasAttribute("aria-current")).toBe(false);

    const serverHref = menu.querySelector(".section-list-group a")!.getAttribute("href")!;
    const inServer = await page(new URL(serverHref, root).href);
    expect(inServer.querySelector("nav.section-tabs summary")?.getAttribute("aria-current")).toBe("true");
    expect(inServer.querySelector("nav.section-tabs .section-list-group.current .section-list-heading")?.textContent).toBe("Self-hosted");
    expect(inServer.querySelector("nav.section-tabs a[aria-current]")?.getAttribute("href")).toBe(serverHref);
    expect(inServer.querySelector("nav.drawer-sections a[aria-current]")?.getAttribute("href")).toBe(serverHref);
    expect(inServer.querySelector("main h1")?.textContent).toBe("Install the server");
    // A section two groups deep still has its variants picker.
    expect([...inServer.querySelectorAll(".space-picker a")].map((link) => link.textContent)).toEqual(["Groups server", "Groups server v1"]);
  });

  it("keep the sections they hold in llms.txt", async () => {
    const llms = await (await workerUnderTest.fetch(`${root}llms.txt`)).text();
    expect(llms).toContain("[Deploy]");
    expect(llms).toContain("[Install the server]");
  });
});
