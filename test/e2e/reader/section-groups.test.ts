import { describe, expect, inject, it } from "vitest";
import { axeViolations, describeViolations, openPage, screenshot, seriousOrCritical, useBrowser } from "../harness/browser";

/**
 * A section group in chromium (the adaptive site: its API section is in the group "Reference"):
 * a tab that opens a menu of its sections by keyboard, by pointer and with JavaScript off, and on
 * a phone a heading over its sections in the drawer.
 */

const { seeded } = inject("e2e");
const { adaptive } = seeded;
const browser = useBrowser();

describe("a section group", () => {
  it("opens its menu from the keyboard, closes it with Escape back on its tab, and leads to its section, where it is marked", async () => {
    const { context, page, incidents } = await openPage(browser(), adaptive.published);
    try {
      const tabs = page.getByRole("navigation", { name: "Sections" });
      const group = tabs.locator("summary", { hasText: "Reference" });
      const api = tabs.getByRole("link", { name: "API" });
      await expect(api.isVisible()).resolves.toBe(false);
      // Their Font Awesome icons, drawn inline.
      await expect(group.locator("svg.section-icon path").count()).resolves.toBe(1);

      await group.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => api.isVisible()).toBe(true);
      // Open, the page has no serious or critical violation either.
      const violations = seriousOrCritical(await axeViolations(page));
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, "adaptive-section-group-menu", "desktop", { fullPage: false });
      await page.keyboard.press("Tab");
      await expect(page.locator(":focus").textContent()).resolves.toBe("API");
      await page.keyboard.press("Escape");
      await expect.poll(() => api.isVisible()).toBe(false);
      await expect(page.locator("summary:focus").textContent()).resolves.toBe("Reference");

      // A click outside closes it too.
      await group.click();
      await expect.poll(() => api.isVisible()).toBe(true);
      await page.locator("main h1").click();
      await expect.poll(() => api.isVisible()).toBe(false);

      await group.click();
      await api.click();
      await page.waitForURL(adaptive.sections.api.published);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Authentication");
      await expect(group.getAttribute("aria-current")).resolves.toBe("true");
      expect(incidents.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("opens with JavaScript off", async () => {
    const { context, page } = await openPage(browser(), adaptive.published, { javaScriptEnabled: false });
    try {
      const tabs = page.getByRole("navigation", { name: "Sections" });
      await tabs.locator("summary", { hasText: "Reference" }).click();
      await tabs.getByRole("link", { name: "API" }).click();
      await page.waitForURL(adaptive.sections.api.published);
    } finally {
      await context.close();
    }
  });

  it("is a heading over its sections in a phone's drawer, where the header's tabs make way", async () => {
    const { context, page } = await openPage(browser(), adaptive.sections.api.published, { viewport: "phone" });
    try {
      await expect(page.locator("nav.section-tabs").isVisible()).resolves.toBe(false);
      await page.locator("label.menu-button").click();
      const drawer = page.getByRole("navigation", { name: "Sections" });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await expect(drawer.locator(".section-list-heading").allTextContents()).resolves.toEqual(["Reference"]);
      await expect(drawer.locator("a[aria-current]").textContent()).resolves.toBe("API");
      await screenshot(page, "adaptive-section-group-drawer", "phone");
      await drawer.getByRole("link", { name: "Guide" }).click();
      await page.waitForURL(adaptive.sections.guide.published);
    } finally {
      await context.close();
    }
  });
});
