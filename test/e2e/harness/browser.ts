import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { SCREENSHOT_DIR } from "./output";

/**
 * A real browser for the e2e tests: Debian's `chromium` (installed by .ci/run with apt-get when
 * absent) driven by playwright-core, which ships no browser of its own. One browser per test file
 * (`useBrowser`); a context per test (`openPage`) keeps cookies and storage apart.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** The file's browser: launched before its tests, closed after them. Call at the top level of a test file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error("useBrowser: the browser is launched in beforeAll");
    return browser;
  };
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get update && apt-get install -y chromium), or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH });
}

export interface OpenOptions {
  viewport?: ViewportName;
  /** false: a context with JavaScript off, as a reader without it sees the page. */
  javaScriptEnabled?: boolean;
  /** The system theme the page sees (`prefers-color-scheme`); light unless told. */
  colorScheme?: "light" | "dark";
}

/**
 * `url` opened in a new context of its own (no cookies or storage from other tests), watching from
 * before the first request what crosses to another origin and what the page does that it must not.
 * Close `context` when done.
 */
export async function openPage(browser: Browser, url: string, options: OpenOptions = {}) {
  const context = await browser.newContext({
    ...VIEWPORTS[options.viewport ?? "desktop"],
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  const foreign = requestsToOtherOrigins(page, new URL(url).origin);
  const incidents = pageIncidents(page);
  const response = await page.goto(url);
  return { context, page, response, foreign, incidents };
}

/**
 * A PNG under test-output/e2e/screenshots/, named `<name>-<viewport>.png`; answers its path. On a
 * desktop the whole page unless told; on a phone the screen a reader sees: Chromium's full-page
 * capture under mobile emulation lays the page out again without the touch screen's media features
 * (`hover: none` styles were missing from it), so it would show a page no phone shows.
 */
export async function screenshot(page: Page, name: string, viewport: ViewportName, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? viewport === "desktop" });
  return path;
}

/**
 * Every request the page makes to an origin other than `origin` (data: and blob: URLs are the
 * page's own): collect them from before the first navigation.
 */
export function requestsToOtherOrigins(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

/** What a page did that content must never make it do: dialogs (alert, confirm, prompt), uncaught errors, console errors. */
export function pageIncidents(page: Page): { dialogs: string[]; errors: string[]; consoleErrors: string[] } {
  const incidents = { dialogs: [] as string[], errors: [] as string[], consoleErrors: [] as string[] };
  page.on("dialog", (dialog) => {
    incidents.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => incidents.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") incidents.consoleErrors.push(message.text());
  });
  return incidents;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

/**
 * axe-core's WCAG 2.x A and AA rules (and best practices) run in the page. It is evaluated through
 * the DevTools protocol rather than added as a <script>, so a page's Content-Security-Policy, which
 * must refuse scripts it did not name, does not stop it. It needs JavaScript on in the context.
 */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (exclude) => {
    const axe = (globalThis as any).axe;
    const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : (globalThis as any).document;
    const results = await axe.run(context, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return results.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node: any) => ({ target: node.target, html: node.html, failureSummary: node.failureSummary })),
    }));
  }, options.exclude ?? []);
}

/** The serious and critical violations, the ones the reader must not have. */
export const seriousOrCritical = (violations: AxeViolation[]) => violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

/** One line per violation, for an assertion message a person can act on. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length}×, e.g. ${violation.nodes[0]?.html.slice(0, 160)})`).join("\n");
