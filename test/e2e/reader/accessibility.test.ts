import { expect, inject, it } from "vitest";
import { axeViolations, describeViolations, openPage, seriousOrCritical, useBrowser, type OpenOptions } from "../harness/browser";

/** axe-core (WCAG 2.2 A and AA, best practices) on published pages: no serious or critical violation, in either theme, on a desktop or a phone. */

const { seeded } = inject("e2e");
const browser = useBrowser();

const cases: Array<[string, string, OpenOptions]> = [
  ["Getting started, desktop, light", seeded.handbook.pages.gettingStarted.url, { viewport: "desktop", colorScheme: "light" }],
  ["Getting started, phone, dark", seeded.handbook.pages.gettingStarted.url, { viewport: "phone", colorScheme: "dark" }],
  ["the adaptive site's API section, desktop, dark", seeded.adaptive.pages.authentication.url, { viewport: "desktop", colorScheme: "dark" }],
  // axe runs as a script in the page: not with JavaScript off, so the search page is checked with it on.
  ["the search results page", `${seeded.handbook.published}search?q=configuration`, { viewport: "desktop", colorScheme: "light" }],
];

for (const [name, url, options] of cases) {
  it(`finds no serious or critical violation on ${name}`, async () => {
    const { context, page } = await openPage(browser(), url, options);
    try {
      const violations = seriousOrCritical(await axeViolations(page));
      expect(violations, describeViolations(violations)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
