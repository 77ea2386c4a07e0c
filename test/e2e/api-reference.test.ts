import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations, describeViolations, openPage, screenshot, seriousOrCritical, useBrowser } from "./harness/browser";

/**
 * The interactive API reference (Scalar, src/http/api-reference.ts) as a person opens it: in
 * chromium, from `wrangler dev`. README promises it loads nothing from another origin.
 */

const { origin } = inject("e2e");
const browser = useBrowser();

/**
 * The serious and critical axe violations of Scalar 1.72.1's page that nothing outside its bundle
 * can fix: its copy buttons are icons without a name (markup only the bundle writes). Its colours,
 * its sidebar toggles' size and the page's language are fixed by src/http/api-reference-style.ts
 * and the route. The test fails on any other; the reader's pages allow none.
 */
const KNOWN_SCALAR_VIOLATIONS = ["button-name"];

describe.each(["light", "dark"] as const)("the API reference page in chromium, %s", (colorScheme) => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let context: BrowserContext;
  // Scalar renders the whole document (hundreds of operations) in the page: a few seconds on two
  // idle cores, far longer on busy ones, hence a timeout of its own.
  const RENDER_TIMEOUT_MS = 90_000;
  beforeAll(async () => {
    opened = await openPage(browser(), `${origin}/v1/reference`, { colorScheme });
    ({ page, context } = opened);
    // An operation Scalar draws from /v1/openapi.json: the document was fetched and parsed.
    await page.getByRole("heading", { name: "Get the authenticated user", level: 3 }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    await page.waitForLoadState("networkidle", { timeout: RENDER_TIMEOUT_MS });
  }, RENDER_TIMEOUT_MS * 2);
  afterAll(() => context?.close());

  it("renders the OpenAPI document with every request to the Worker's own origin, and no script error", async () => {
    expect(opened.response?.status()).toBe(200);
    expect(await page.title()).toBe("Docs content management API reference");
    await expect(page.getByRole("heading", { name: "Docs content management API", level: 1 }).isVisible()).resolves.toBe(true);
    expect(opened.foreign, "requests to another origin").toEqual([]);
    expect(opened.incidents.errors, "uncaught errors").toEqual([]);
    expect(opened.incidents.dialogs).toEqual([]);
    // The reference is one very long page: the first screen is what a person sees.
    await screenshot(page, `api-reference-${colorScheme}`, "desktop", { fullPage: false });
  });

  it("has no serious or critical accessibility violation but Scalar's known ones (axe-core, WCAG 2.2 A/AA)", async () => {
    const violations = seriousOrCritical(await axeViolations(page));
    const unknown = violations.filter((violation) => !KNOWN_SCALAR_VIOLATIONS.includes(violation.id));
    expect(unknown, describeViolations(unknown)).toEqual([]);
  });
});
