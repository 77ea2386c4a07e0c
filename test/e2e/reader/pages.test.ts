import { statSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { openPage, screenshot, useBrowser, VIEWPORTS, type ViewportName } from "../harness/browser";
import { HANDBOOK_TITLES, type HandbookPage } from "../harness/handbook-repository";

/**
 * Published pages as a reader gets them in chromium: HTML for every page of the handbook, the
 * navigation between them, the page with JavaScript off, and how it looks on a desktop and a phone.
 */

const { seeded } = inject("e2e");
const { handbook, adaptive } = seeded;
const browser = useBrowser();

const SIDEBAR_PAGES = ["Getting started", "Guides", "Configuration", "Advanced options", "Untrusted content", "Glossary", "FAQ"];

describe("the handbook's pages", () => {
  it("are HTML documents in a language, titled by the page, from the Worker's origin only, without a script error", async () => {
    const { context, page, foreign, incidents } = await openPage(browser(), handbook.published);
    try {
      for (const [name, { url }] of Object.entries(handbook.pages) as Array<[HandbookPage, { url: string }]>) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
        await expect(page.locator("html").getAttribute("lang")).resolves.toMatch(/^[a-z]{2}/);
        await expect(page.locator("main h1").textContent()).resolves.toBe(HANDBOOK_TITLES[name]);
        await expect(page.title()).resolves.toContain(HANDBOOK_TITLES[name]);
      }
      expect(foreign, "requests to another origin").toEqual([]);
      expect(incidents).toEqual({ dialogs: [], errors: [], consoleErrors: [] });
    } finally {
      await context.close();
    }
  });

  it("link to each other: the sidebar tree (nested, grouped, the hidden page left out, the current page marked), links in content, next and previous", async () => {
    const { context, page } = await openPage(browser(), handbook.pages.gettingStarted.url);
    try {
      const sidebar = page.getByRole("navigation", { name: "Pages", exact: true });
      await expect(sidebar.locator(".tree-title").allTextContents()).resolves.toEqual(SIDEBAR_PAGES);
      await expect(sidebar.locator(".tree-group-title").allTextContents()).resolves.toEqual(["Reference"]);
      await expect(sidebar.locator('[aria-current="page"]').textContent()).resolves.toBe("Getting started");

      // A link between pages of the content leads to the page's published URL, not to the API's.
      const contentLink = page.locator(".reader-document a", { hasText: "Configuration" });
      await expect(contentLink.getAttribute("href")).resolves.toBe(handbook.pages.configuration.url);
      await contentLink.click();
      await page.waitForURL(handbook.pages.configuration.url);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Configuration");
      // The way to the current page is open in the tree.
      await expect(sidebar.locator('[aria-current="page"]').textContent()).resolves.toBe("Configuration");
      await expect(sidebar.getByRole("link", { name: "Advanced options" }).isVisible()).resolves.toBe(true);

      await page.locator('a[rel="next"]').click();
      await page.waitForURL(handbook.pages.advanced.url);
      await page.locator('a[rel="prev"]').click();
      await page.waitForURL(handbook.pages.configuration.url);
    } finally {
      await context.close();
    }
  });

  it("lead to their headings from the outline ('on this page'), by stable anchors", async () => {
    const { context, page } = await openPage(browser(), handbook.pages.gettingStarted.url);
    try {
      const outline = page.locator("aside.reader-outline");
      await expect(outline.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).resolves.toEqual(
        expect.arrayContaining(["#install", "#first-steps", "#next-steps"]),
      );
      await outline.getByRole("link", { name: "Next steps" }).click();
      await page.waitForURL(`${handbook.pages.gettingStarted.url}#next-steps`);
      await expect(page.locator("#next-steps").isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it("read with JavaScript off: content, code, sidebar and a search form that needs no script", async () => {
    const { context, page, incidents } = await openPage(browser(), handbook.pages.gettingStarted.url, { javaScriptEnabled: false });
    try {
      await expect(page.locator("main h1").textContent()).resolves.toBe("Getting started");
      await expect(page.getByText("npm install --global docs-cli").isVisible()).resolves.toBe(true);
      await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: "Guides" }).isVisible()).resolves.toBe(true);
      const search = page.getByRole("search");
      await expect(search.getAttribute("method")).resolves.toBe("get");
      await expect(search.getAttribute("action")).resolves.toBe(`${handbook.published}search`);
      await page.goto(`${handbook.published}search?q=configuration`);
      await expect(page.locator(".search-result-page").first().textContent()).resolves.toBe("Configuration");
      expect(incidents.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the pages' screenshots (test-output/e2e/screenshots/)", () => {
  const shots: Array<[string, string]> = [
    ["handbook-getting-started", handbook.pages.gettingStarted.url],
    ["adaptive-api-authentication", adaptive.pages.authentication.url],
  ];
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`are taken on a ${viewport}, whose layout shows the sidebar ${viewport === "phone" ? "behind the menu button" : "beside the content"}`, async () => {
      for (const [name, url] of shots) {
        const { context, page } = await openPage(browser(), url, { viewport });
        try {
          // Before any interaction, so the picture is the page as it arrives.
          expect(statSync(await screenshot(page, name, viewport)).size).toBeGreaterThan(0);
          const sidebar = page.getByRole("navigation", { name: "Pages", exact: true });
          await expect(sidebar.isVisible()).resolves.toBe(viewport === "desktop");
          if (viewport === "phone") {
            // The menu button (the label of the drawer's checkbox) opens it; Escape closes it.
            await page.locator("label.menu-button").click();
            await expect.poll(() => sidebar.isVisible()).toBe(true);
            await page.keyboard.press("Escape");
            await expect.poll(() => sidebar.isVisible()).toBe(false);
          }
        } finally {
          await context.close();
        }
      }
    });
  }
});
