import { expect, inject, it } from "vitest";
import { openPage, useBrowser } from "../harness/browser";

/**
 * A page whose markdown holds a `<script>`, a `javascript:` link and an `<img onerror>`
 * (harness/handbook-repository.ts, UNTRUSTED_MARKDOWN) runs nothing in a reader's browser: no
 * dialog opens, nothing throws or is refused by the Content-Security-Policy (which would mean the
 * markup reached the DOM), and the DOM holds none of it as markup.
 */

const { seeded } = inject("e2e");
const browser = useBrowser();

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
