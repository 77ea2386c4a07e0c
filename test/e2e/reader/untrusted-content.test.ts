import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { startEmbedPages } from "../../embed-pages.global";
import { apiCaller } from "../harness/api";
import { axeViolations, describeViolations, openPage, screenshot, seriousOrCritical, useBrowser } from "../harness/browser";
import { createSite, publishSite, spaceWithPages } from "../harness/seed";

/**
 * A page whose markdown holds a `<script>`, a `javascript:` link and an `<img onerror>`
 * (harness/handbook-repository.ts, UNTRUSTED_MARKDOWN) runs nothing in a reader's browser: no
 * dialog opens, nothing throws or is refused by the Content-Security-Policy (which would mean the
 * markup reached the DOM), and the DOM holds none of it as markup.
 *
 * A rich embed's markup (a provider's oEmbed `html`, test/embed-pages.global.ts's widget, whose
 * script writes what it could reach) runs only inside its sandboxed frame: there its script runs,
 * but reads neither the site's cookies nor the page around it, even with the frame opened alone;
 * without JavaScript the reader sees the embed's card instead.
 */

const { origin, seeded } = inject("e2e");
const browser = useBrowser();

let embedPages: Awaited<ReturnType<typeof startEmbedPages>>;
let embedsPageUrl: string;

beforeAll(async () => {
  embedPages = await startEmbedPages();
  const api = apiCaller(origin, seeded.user.token);
  const providers = `${embedPages.url}/e2e-embeds`;
  const markdown = `Before the embeds.\n\n{% embed url="${providers}/widget" %}\n\n{% embed url="${providers}/plain" %}\n\nThe end of the embeds.\n`;
  const space = await spaceWithPages<"embeds">(api, seeded.organizationId, "Embeds", [{ ref: "embeds", title: "Embeds", markdown }]);
  const siteId = await createSite(api, seeded.organizationId, { title: "Embeds", spaces: [space.spaceId] }, "embeds");
  const site = await publishSite(api, seeded.organizationId, siteId);
  embedsPageUrl = `${site.urls.published}${space.pages.embeds.path}`;
}, 60_000);

afterAll(() => embedPages?.close());

it("runs nothing from the content: no dialog, no error, no CSP refusal, no script, handler or javascript: URL in the DOM", async () => {
  const { context, page, response, incidents } = await openPage(browser(), seeded.handbook.pages.untrusted.url);
  try {
    await expect(page.getByText("The end of the untrusted page.").isVisible()).resolves.toBe(true);
    expect(incidents).toEqual({ dialogs: [], errors: [], consoleErrors: [] });

    const dom = await page.evaluate(() => {
      const document = (globalThis as any).document;
      const all: any[] = [...document.querySelectorAll("*")];
      return {
        contentScripts: document.querySelectorAll(".reader-document script").length,
        handlers: all.flatMap((element) => [...element.attributes].filter((attribute: any) => /^on/i.test(attribute.name)).map((attribute: any) => `${element.tagName} ${attribute.name}`)),
        javascriptUrls: all.flatMap((element) =>
          ["href", "src", "action", "formaction"].filter((name) => /^\s*javascript:/i.test(element.getAttribute(name) ?? "")).map((name) => `${element.tagName} ${name}`),
        ),
        // Every script of the page is the reader's: named by the nonce the CSP allows.
        scriptsWithoutNonce: [...document.querySelectorAll("script")].filter((script: any) => !script.nonce).length,
      };
    });
    expect(dom).toEqual({ contentScripts: 0, handlers: [], javascriptUrls: [], scriptsWithoutNonce: 0 });

    const csp = response?.headers()["content-security-policy"] ?? "";
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSources, csp).toMatch(/'nonce-[A-Za-z0-9+/_=-]+'/);
    expect(scriptSources).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  } finally {
    await context.close();
  }
});

it("runs a rich embed's script in its sandboxed frame only, where it reads neither cookies nor the page; the frame is titled and sized", async () => {
  const { context, page, incidents } = await openPage(browser(), embedsPageUrl);
  try {
    // A cookie of the site's origin, which the frame (same origin, but sandboxed) must not read.
    await context.addCookies([{ name: "reader_secret", value: "kept", url: origin }]);
    await page.reload();
    const frame = page.frameLocator('iframe[title="A widget"]');
    const status = frame.locator("#widget-status");
    await status.getByText("The widget ran").waitFor({ timeout: 10_000 });
    expect(await status.textContent()).toBe("The widget ran; cookies: refused; parent: refused.");
    // The page itself holds none of the markup; the link embed is a card.
    expect(await page.locator("#widget-status").count()).toBe(0);
    expect(await page.locator(".doc-embed:not(.doc-embed--rich) a.doc-embed-card").getAttribute("href")).toMatch(/\/e2e-embeds\/plain$/);
    // The widget reported its height, and the embeds island sized its frame to it.
    const iframe = page.locator('iframe[title="A widget"]');
    await page.waitForFunction(() => /^\d+px$/.test((globalThis as any).document.querySelector('iframe[title="A widget"]').style.height));
    expect(await iframe.getAttribute("sandbox")).toBe("allow-scripts allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms");
    expect(incidents).toEqual({ dialogs: [], errors: [], consoleErrors: [] });
    const violations = seriousOrCritical(await axeViolations(page));
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "embeds", "desktop");

    // Opened alone, the frame's document is still sandboxed by its CSP: an opaque origin.
    const alone = await context.newPage();
    const response = await alone.goto((await iframe.getAttribute("src"))!);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toMatch(/^sandbox allow-scripts /);
    await alone.getByText("The widget ran").waitFor({ timeout: 10_000 });
    // (Its parent is itself there: only the cookies say anything.)
    expect(await alone.locator("#widget-status").textContent()).toContain("cookies: refused;");
  } finally {
    await context.close();
  }
});

it("shows a rich embed's card instead of its frame to a reader without JavaScript", async () => {
  const { context, page } = await openPage(browser(), embedsPageUrl, { javaScriptEnabled: false });
  try {
    const card = page.locator(".doc-embed--rich a.doc-embed-card");
    expect(await card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain("A widget");
    expect(await page.locator('iframe[title="A widget"]').isVisible()).toBe(false);
  } finally {
    await context.close();
  }
});
