import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { apiCaller } from "../harness/api";
import { openPage, useBrowser } from "../harness/browser";

/**
 * The reader's few client scripts (src/reader/islands/) in chromium: the search dialog, the theme
 * toggle and its head script (no flash of the wrong theme), the code blocks' copy buttons, and the
 * site's code themes following the toggle.
 */

const { origin, seeded } = inject("e2e");
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

/** The colour and background the browser computed for the first `selector` in the page's content. */
const computedColours = (page: Page, selector: string) =>
  page
    .locator(`.reader-document ${selector}`)
    .first()
    .evaluate((element) => {
      const style = (globalThis as any).getComputedStyle(element);
      return { color: style.color as string, background: style.backgroundColor as string };
    });

it("paints code in the site's code themes, the light one in light mode and the dark one after the toggle, and the reader's own palette elsewhere", async () => {
  // A site of its own (the seeded ones keep the default): the handbook's space, Solarized Light and Dracula for its code.
  const api = apiCaller(origin, seeded.user.token);
  const sitePath = `/v1/orgs/${seeded.organizationId}/sites`;
  const site = await api.call<{ id: string }>("POST", sitePath, { body: { title: "Themed handbook", spaces: [handbook.spaceId] }, expect: 201 });
  await api.call("PATCH", `${sitePath}/${site.id}`, { body: { basename: "themed-handbook" } });
  await api.call("PUT", `${sitePath}/${site.id}/customization`, { body: { styling: { codeTheme: { default: { light: "solarized-light", dark: "dracula" } } } } });
  await api.call("POST", `${sitePath}/${site.id}/publish`);
  const { urls } = await api.call<{ urls: { published: string } }>("GET", `${sitePath}/${site.id}`);

  const { context, page, incidents } = await openPage(browser(), `${urls.published}${handbook.pages.gettingStarted.path}`, { colorScheme: "light" });
  try {
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("light");
    // Solarized Light: green keywords on its cream background.
    await expect(computedColours(page, ".hljs-keyword")).resolves.toEqual({ color: "rgb(133, 153, 0)", background: "rgba(0, 0, 0, 0)" });
    await expect(computedColours(page, "pre")).resolves.toMatchObject({ color: "rgb(101, 123, 131)", background: "rgb(253, 246, 227)" });
    await page.locator("[data-theme-toggle]").click();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    // Dracula: pink keywords on its dark blue-grey.
    await expect(computedColours(page, ".hljs-keyword")).resolves.toMatchObject({ color: "rgb(255, 121, 198)" });
    await expect(computedColours(page, "pre")).resolves.toMatchObject({ color: "rgb(248, 248, 242)", background: "rgb(40, 42, 54)" });
    expect(incidents).toEqual({ dialogs: [], errors: [], consoleErrors: [] });

    // The seeded handbook chose no code theme: the reader's own light palette.
    await page.goto(handbook.pages.gettingStarted.url);
    await page.evaluate(() => (globalThis as any).localStorage.clear());
    await page.reload();
    await expect(computedColours(page, ".hljs-keyword")).resolves.toMatchObject({ color: "rgb(207, 34, 46)" });
  } finally {
    await context.close();
  }

  // A site that follows the system (no `data-theme` until the reader chooses) and a reader whose system is dark: Dracula from the first paint.
  await api.call("PUT", `${sitePath}/${site.id}/customization`, { body: { themes: { default: "system", toggeable: true }, styling: { codeTheme: { default: { light: "solarized-light", dark: "dracula" } } } } });
  const system = await openPage(browser(), `${urls.published}${handbook.pages.gettingStarted.path}`, { colorScheme: "dark" });
  try {
    await expect(system.page.locator("html").getAttribute("data-theme")).resolves.toBeNull();
    await expect(computedColours(system.page, ".hljs-keyword")).resolves.toMatchObject({ color: "rgb(255, 121, 198)" });
    await expect(computedColours(system.page, "pre")).resolves.toMatchObject({ background: "rgb(40, 42, 54)" });
  } finally {
    await system.context.close();
  }
});

/**
 * OpenAPI operation blocks come only from documents holding `openapi-operation` nodes, which no
 * write path of the API makes yet (computed pages render as markdown): so the served stylesheets
 * are checked on markup of the renderer's shape, in a document of the Worker's origin.
 */
it("paints OpenAPI blocks in the `openapi` code themes, apart from the code blocks', and each role in its own mode only", async () => {
  const { context, page } = await openPage(browser(), handbook.pages.gettingStarted.url, { colorScheme: "light" });
  try {
    const stylesheet = (await page.locator('link[rel="stylesheet"]').first().getAttribute("href"))!;
    const theme = (name: string) => stylesheet.replace(/reader\.css$/, `code-themes/${name}.css`);
    const block = (token: string) => `<pre><code class="doc-code-body hljs language-json"><span class="doc-code-line">${token}</span></code></pre>`;
    await page.setContent(
      `<!doctype html><html data-theme="light" data-code-light="dracula" data-openapi-light="github-light"><head>` +
        [stylesheet, theme("dracula"), theme("github-light")].map((href) => `<link rel="stylesheet" href="${href}">`).join("") +
        `</head><body><div class="reader-document"><figure class="doc-code" id="content">${block('<span class="hljs-attr">"id"</span>')}</figure>` +
        `<section class="doc-openapi"><figure class="doc-code" id="operation">${block('<span class="hljs-attr">"name"</span>')}</figure></section></div></body></html>`,
    );
    const attr = (id: string) => computedColours(page, `#${id} .hljs-attr`).then(({ color }) => color);
    const background = (id: string) => computedColours(page, `#${id} pre`).then(({ background }) => background);
    // Light: the code blocks in Dracula (cyan on its dark blue-grey), the OpenAPI block in GitHub Light (blue on white).
    await expect(attr("content")).resolves.toBe("rgb(139, 233, 253)");
    await expect(background("content")).resolves.toBe("rgb(40, 42, 54)");
    await expect(attr("operation")).resolves.toBe("rgb(0, 92, 197)");
    await expect(background("operation")).resolves.toBe("rgb(255, 255, 255)");
    // OpenAPI left on the default: the reader's own palette there, whatever the code blocks show.
    await page.evaluate(() => (globalThis as any).document.documentElement.removeAttribute("data-openapi-light"));
    await expect(attr("operation")).resolves.toBe("rgb(5, 80, 174)");
    await expect(attr("content")).resolves.toBe("rgb(139, 233, 253)");
    // Dark, with no dark code theme chosen: the light choice does not leak into it; the reader's own dark palette.
    await page.evaluate(() => (globalThis as any).document.documentElement.setAttribute("data-theme", "dark"));
    await expect(attr("content")).resolves.toBe("rgb(121, 192, 255)");
    await expect(attr("operation")).resolves.toBe("rgb(121, 192, 255)");
  } finally {
    await context.close();
  }
});
