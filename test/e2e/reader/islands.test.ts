import { expect, inject, it } from "vitest";
import { openPage, useBrowser } from "../harness/browser";

/**
 * The reader's few client scripts (src/reader/islands/) in chromium: the search dialog, the theme
 * toggle and its head script (no flash of the wrong theme), the code blocks' copy buttons.
 */

const { seeded } = inject("e2e");
const { handbook } = seeded;
const browser = useBrowser();

it("opens the search dialog with Ctrl+K, lists results grouped by page with the matched words marked, and follows one", async () => {
  const { context, page, incidents } = await openPage(browser(), handbook.pages.gettingStarted.url);
  try {
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("combobox").fill("configuration");
    const results = dialog.getByRole("listbox");
    await results.getByRole("option").first().waitFor();
    await expect(results.locator("mark").first().textContent()).resolves.toMatch(/^configuration$/i);
    await expect(results.getByRole("option").allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringContaining("Configuration")]));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.href.startsWith(handbook.pages.configuration.url));
    await expect(page.locator("main h1").textContent()).resolves.toBe("Configuration");
    expect(incidents).toEqual({ dialogs: [], errors: [], consoleErrors: [] });
  } finally {
    await context.close();
  }
});

it("switches the theme with the toggle, and paints the reader's choice from the first frame after a reload", async () => {
  const { context, page } = await openPage(browser(), handbook.pages.gettingStarted.url, { colorScheme: "light" });
  try {
    const root = page.locator("html");
    const toggle = page.locator("[data-theme-toggle]");
    await toggle.waitFor();
    await expect(root.getAttribute("data-theme")).resolves.toBe("light");
    const lightBackground = await page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor);
    await toggle.click();
    await expect(root.getAttribute("data-theme")).resolves.toBe("dark");
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor)).resolves.not.toBe(lightBackground);

    // The theme on <html> at the moment <body> is created, before anything of the page is painted:
    // the head script must already have applied the stored choice (the islands run only later).
    await context.addInitScript(() => {
      const scope = globalThis as any;
      new scope.MutationObserver((_records: unknown, observer: any) => {
        if (!scope.document.body) return;
        scope.themeWhenBodyStarted = scope.document.documentElement.getAttribute("data-theme");
        observer.disconnect();
      }).observe(scope.document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.evaluate(() => (globalThis as any).themeWhenBodyStarted)).resolves.toBe("dark");
  } finally {
    await context.close();
  }
});

it("copies a code block's text with its copy button", async () => {
  const { context, page } = await openPage(browser(), handbook.pages.gettingStarted.url);
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(handbook.published).origin });
    const firstBlock = page.locator(".reader-document .code-frame").first();
    await firstBlock.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => firstBlock.getByRole("button").textContent()).toBe("Copied");
    await expect(page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).resolves.toBe("npm install --global docs-cli\ndocs --version");
  } finally {
    await context.close();
  }
});
