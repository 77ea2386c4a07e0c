import { describe, expect, inject, it } from "vitest";
import { openPage, useBrowser } from "../harness/browser";

/**
 * Who sees what (harness/seed.ts): a share-link site opened with its key, kept in a cookie; adaptive
 * content by unsigned claims in `visitor.<claim>=` query parameters, also kept in a cookie. What a
 * condition hides is not in the HTML at all.
 */

const { seeded } = inject("e2e");
const { shareLink, adaptive } = seeded;
const browser = useBrowser();

describe("a share-link site", () => {
  it("is a 404 without the key, opens with ?share=<key>, and keeps the key in a cookie for the next pages", async () => {
    const setup = shareLink.pages.setup.url;
    const { context, page, response } = await openPage(browser(), setup);
    try {
      expect(response?.status()).toBe(404);
      expect(await page.content()).not.toContain("For partners holding the link");

      const opened = await page.goto(`${setup}?share=${shareLink.key}`);
      expect(opened?.status()).toBe(200);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Setup");
      const cookie = (await context.cookies()).find((candidate) => candidate.value === shareLink.key);
      expect(cookie).toMatchObject({ httpOnly: true, path: new URL(shareLink.published).pathname });

      const again = await page.goto(setup);
      expect(again?.status()).toBe(200);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Setup");
    } finally {
      await context.close();
    }
  });
});

describe("adaptive content", () => {
  const sectionTabs = (html: string) => [...html.matchAll(/<nav class="section-tabs"[\s\S]*?<\/nav>/g)].map((match) => match[0]).join("");

  it("shows the Beta lab section and the Beta features page only with visitor.betaUser=true, and remembers the claim", async () => {
    const { context, page } = await openPage(browser(), adaptive.published);
    try {
      const tabs = page.getByRole("navigation", { name: "Sections" });
      // The API section is in the section group "Reference": a tab of its own.
      const tabTitles = () => tabs.locator(":scope > ul > li > a, :scope > ul > li > details > summary").allTextContents();
      await expect(tabTitles()).resolves.toEqual(["Guide", "Reference"]);
      const plain = await page.content();
      expect(plain).not.toContain("Beta lab");
      expect(plain).not.toContain("Beta features");

      await page.goto(`${adaptive.published}?visitor.betaUser=true`);
      await expect(tabTitles()).resolves.toEqual(["Guide", "Reference", "Beta lab"]);
      await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: "Beta features" }).isVisible()).resolves.toBe(true);

      // The claim is kept: the section opens on the next page without the parameter.
      await tabs.getByRole("link", { name: "Beta lab" }).click();
      await page.waitForURL(adaptive.sections.betaLab.published);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Experiments");
      expect(sectionTabs(await page.content())).toContain("Beta lab");
    } finally {
      await context.close();
    }
  });

  it("offers the API v2 variant only with visitor.plan=pro", async () => {
    const { context, page } = await openPage(browser(), adaptive.sections.api.published);
    try {
      expect(await page.content()).not.toContain("API v2");
      await page.goto(`${adaptive.sections.api.published}?visitor.plan=pro`);
      const picker = page.locator("details.space-picker");
      await picker.locator("summary").click();
      await picker.getByRole("link", { name: "API v2" }).click();
      await page.waitForURL(adaptive.apiV2.published);
      await expect(page.locator("main h1").textContent()).resolves.toBe("Tokens");
    } finally {
      await context.close();
    }
  });
});

// Visitor-authenticated sites (the fallback redirect, `jwt_token` kept in an HttpOnly cookie, a
// forged token refused) are tested through the Worker's fetch handler in
// test/reader/serve/site-chrome.test.ts; the browser adds nothing there but following a redirect.
