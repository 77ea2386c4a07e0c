import { describe, expect, it } from "vitest";
import type { ReaderSectionEntry } from "../../../src/reader/model";
import { ReaderPage } from "../../../src/reader/layout";
import { inlineHandlers, readerPageProps, renderDocument } from "../../helpers/reader-fixtures";

/**
 * Sections and section groups (GitBook's SiteSectionGroup) in the header and the phone's drawer:
 * a group is a tab opening a menu of its sections (a <details>: no script needed), nested groups
 * are headings in that menu, and the current section's groups are marked.
 */

const SECTIONS: ReaderSectionEntry[] = [
  { kind: "section", title: "Guides", href: "/sites/acme/", current: false, icon: "📘" },
  {
    kind: "group",
    id: "sg_products",
    title: "Products",
    current: true,
    children: [
      { kind: "section", title: "Cloud", href: "/sites/acme/cloud/", current: false, description: "The hosted service." },
      {
        kind: "group",
        id: "sg_legacy",
        title: "Legacy",
        current: true,
        children: [{ kind: "section", title: "Server", href: "/sites/acme/server/", current: true }],
      },
    ],
  },
  { kind: "group", id: "sg_help", title: "Help", icon: "circle-question", current: false, children: [{ kind: "section", title: "FAQ", href: "/sites/acme/faq/", current: false }] },
];

const page = () => renderDocument(ReaderPage(readerPageProps({ site: { sections: SECTIONS } })));

describe("section groups in the header", () => {
  it("are tabs beside the sections: a <details> whose summary is the group's title, one open at a time, all closed as the page arrives", async () => {
    const { document } = await page();
    const tabs = document.querySelector("nav.section-tabs")!;
    const items = [...tabs.querySelectorAll(":scope > ul > li")];
    expect(items.map((item) => item.firstElementChild!.tagName.toLowerCase())).toEqual(["a", "details", "details"]);
    const menus = [...tabs.querySelectorAll("details.section-menu")];
    expect(menus.map((menu) => menu.querySelector("summary")!.textContent)).toEqual(["Products", "Help"]);
    expect(menus.map((menu) => [menu.getAttribute("name"), menu.hasAttribute("open")])).toEqual([
      ["section-menu", false],
      ["section-menu", false],
    ]);
    // A summary holds no link (one control each), and the group is no link either: GitBook's groups have no URL.
    expect(tabs.querySelector("summary a")).toBeNull();
    expect(inlineHandlers(document)).toEqual([]);
  });

  it("open onto their sections as links with their descriptions, nested groups as headings over theirs", async () => {
    const { document } = await page();
    const [products] = [...document.querySelectorAll("nav.section-tabs details.section-menu")];
    const panel = products!.querySelector(".section-menu-panel")!;
    expect([...panel.querySelectorAll("a")].map((link) => [link.querySelector(".section-list-title")!.textContent, link.getAttribute("href")])).toEqual([
      ["Cloud", "/sites/acme/cloud/"],
      ["Server", "/sites/acme/server/"],
    ]);
    expect(panel.querySelector("a[href='/sites/acme/cloud/'] .section-list-description")?.textContent).toBe("The hosted service.");
    const legacy = panel.querySelector(".section-list-group")!;
    expect(legacy.querySelector(".section-list-heading")?.textContent).toBe("Legacy");
    expect(legacy.querySelector(".section-list a")?.getAttribute("href")).toBe("/sites/acme/server/");
  });

  it("mark the group holding the current section, and the section itself, with aria-current", async () => {
    const { document } = await page();
    const tabs = document.querySelector("nav.section-tabs")!;
    expect([...tabs.querySelectorAll("[aria-current]")].map((element) => [element.tagName.toLowerCase(), element.getAttribute("aria-current"), element.textContent])).toEqual([
      ["summary", "true", "Products"],
      ["a", "true", "Server"],
    ]);
    expect(tabs.querySelector(".section-list-group.current .section-list-heading")?.textContent).toBe("Legacy");
  });

  it("draw a Font Awesome name from the site's icons, inline and hidden from assistive technology", async () => {
    const icons = { "circle-question": { viewBox: "0 0 512 512", markup: '<path fill="currentColor" d="M0 0h512v512H0z"/>' } };
    const { document } = await renderDocument(ReaderPage(readerPageProps({ site: { sections: SECTIONS, icons } })));
    const svg = document.querySelector("nav.section-tabs summary svg.section-icon")!;
    expect([svg.getAttribute("viewBox"), svg.getAttribute("aria-hidden"), svg.getAttribute("focusable")]).toEqual(["0 0 512 512", "true", "false"]);
    expect(svg.querySelector("path")?.getAttribute("d")).toBe("M0 0h512v512H0z");
    expect(svg.parentElement?.textContent).toBe("Help");
  });

  it("show emoji icons; an icon name without a drawing shows nothing rather than the name", async () => {
    const { document } = await page();
    const tabs = document.querySelector("nav.section-tabs")!;
    expect(tabs.querySelector("a[href='/sites/acme/'] .section-icon")?.textContent).toBe("📘");
    expect(tabs.querySelector(".section-icon[aria-hidden=true]")).not.toBeNull();
    expect(tabs.textContent).not.toContain("circle-question");
  });
});

describe("sections in the phone's drawer", () => {
  it("are a list in the sidebar, before the site space picker and the pages: groups as headings with their sections, the current one marked", async () => {
    const { document } = await page();
    const sidebar = document.getElementById("reader-sidebar")!;
    const drawer = sidebar.querySelector("nav.drawer-sections")!;
    expect(drawer.getAttribute("aria-label")).toBe("Sections");
    expect([...sidebar.children].map((child) => child.className)).toEqual(["drawer-header-links", "drawer-sections", "space-picker", "sidebar-nav"]);
    expect(drawer.querySelector("details")).toBeNull();
    const outline = [...drawer.querySelectorAll("a, .section-list-heading")].map((element) => (element.tagName === "A" ? `link ${element.querySelector(".section-list-title")!.textContent}` : `heading ${element.textContent}`));
    expect(outline).toEqual(["link 📘Guides", "heading Products", "link Cloud", "heading Legacy", "link Server", "heading Help", "link FAQ"]);
    expect(drawer.querySelector("[aria-current]")?.getAttribute("href")).toBe("/sites/acme/server/");
  });

  it("are left out when the site has no sections, like the tabs", async () => {
    const { document } = await renderDocument(ReaderPage(readerPageProps({ site: { sections: [] } })));
    expect(document.querySelector(".drawer-sections")).toBeNull();
    expect(document.querySelector(".section-tabs")).toBeNull();
  });
});
