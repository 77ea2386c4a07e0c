import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { READER_ASSETS } from "../../../src/reader/layout";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage, throughAssets, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { ok } from "../../helpers/site-structure";
import { sitePath } from "../../helpers/sites";

/**
 * The customization's `styling.codeTheme` on served pages: <html> names the theme of each role
 * (code blocks' light and dark, OpenAPI blocks' light and dark) that has a generated stylesheet,
 * the head links those stylesheets and no other, and GitBook's `default-*` and `monochrome-*`
 * keep the reader's own palette (no attribute, no file). A change shows on the next request.
 */

const ROLES = ["data-code-light", "data-code-dark", "data-openapi-light", "data-openapi-dark"];
const CODE = "```javascript\nconst answer = 42; // the answer\n```\n";

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await createUser("code-themes-owner");
  orgId = (await createOrganization(owner)).id;
});

/** A published site of one page with a code block, customized with `codeTheme` when given; its page's URL and a way to customize it again. */
async function siteWithCode(basename: string, codeTheme?: unknown) {
  const docs = await spaceWithPages(owner, orgId, `Code themes ${basename}`, [{ ref: "code", title: "Code", markdown: `Some code:\n\n${CODE}` }]);
  const made = await publishedSite(owner, orgId, [docs.space.id], { basename });
  const put = (value: unknown) => call("PUT", `${sitePath(orgId, made.site.id)}/customization`, { token: owner.token, body: { styling: { codeTheme: value } } });
  const customize = async (value: unknown) => ok(await put(value), 200, null);
  if (codeTheme !== undefined) await customize(codeTheme);
  return { url: `${made.root}code`, customize, put };
}

async function served(url: string) {
  const response = await workerUnderTest.fetch(url);
  expect(response.status).toBe(200);
  const { document } = parseHTML(await response.text());
  const html = document.documentElement;
  return {
    document,
    roles: Object.fromEntries(ROLES.filter((name) => html.hasAttribute(name)).map((name) => [name, html.getAttribute(name)])),
    stylesheets: [...document.querySelectorAll("link[rel=stylesheet]")].map((link) => link.getAttribute("href")!),
  };
}

const themeFile = (name: string) => `${READER_ASSETS.codeThemes!.path}/${name}.css`;

describe("a site's code themes", () => {
  it("are named on <html> by role, and only the two chosen are linked, after the reader's stylesheet", async () => {
    const { url } = await siteWithCode("code-themes-chosen", { default: { light: "solarized-light", dark: "dracula" } });
    const { document, roles, stylesheets } = await served(url);
    expect(roles).toEqual({ "data-code-light": "solarized-light", "data-code-dark": "dracula" });
    expect(stylesheets).toEqual([READER_ASSETS.stylesheet, themeFile("solarized-light"), themeFile("dracula")]);
    // The code is highlighted on the server: the themes colour highlight.js's classes.
    expect(document.querySelector("main .doc-code .hljs-keyword")?.textContent).toBe("const");
    expect(document.querySelector("main .doc-code .hljs-comment")?.textContent).toBe("// the answer");
    for (const href of stylesheets.slice(1)) {
      const response = await throughAssets(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get("content-type"), href).toMatch(/^text\/css/);
      expect(response.headers.get("cache-control"), href).toBe("public, max-age=31536000, immutable");
    }
  });

  it("give OpenAPI blocks their own themes, a theme used in two roles linked once", async () => {
    const { url } = await siteWithCode("code-themes-openapi", { default: { light: "github-light", dark: "nord" }, openapi: { light: "one-light", dark: "nord" } });
    const { roles, stylesheets } = await served(url);
    expect(roles).toEqual({ "data-code-light": "github-light", "data-code-dark": "nord", "data-openapi-light": "one-light", "data-openapi-dark": "nord" });
    expect(stylesheets).toEqual([READER_ASSETS.stylesheet, themeFile("github-light"), themeFile("nord"), themeFile("one-light")]);
  });

  it("are the reader's own palette when the customization says nothing, or names GitBook's default or monochrome themes", async () => {
    for (const [basename, codeTheme] of [
      ["code-themes-unset", undefined],
      ["code-themes-monochrome", { default: { light: "monochrome-light", dark: "monochrome-dark" }, openapi: { light: "default-light", dark: "default-dark" } }],
    ] as const) {
      const { roles, stylesheets } = await served((await siteWithCode(basename, codeTheme)).url);
      expect(roles, basename).toEqual({});
      expect(stylesheets, basename).toEqual([READER_ASSETS.stylesheet]);
    }
  });

  it("keep one role on the default while the other is themed", async () => {
    const { url } = await siteWithCode("code-themes-half", { default: { light: "default-light", dark: "tokyo-night" } });
    const { roles, stylesheets } = await served(url);
    expect(roles).toEqual({ "data-code-dark": "tokyo-night" });
    expect(stylesheets).toEqual([READER_ASSETS.stylesheet, themeFile("tokyo-night")]);
  });

  it("show a change of the customization on the very next request (the page's cache key follows the site's version)", async () => {
    const { url, customize } = await siteWithCode("code-themes-change", { default: { light: "github-light", dark: "github-dark" } });
    expect((await served(url)).roles).toEqual({ "data-code-light": "github-light", "data-code-dark": "github-dark" });
    // Served again: now from the HTML cache.
    expect((await served(url)).roles).toEqual({ "data-code-light": "github-light", "data-code-dark": "github-dark" });
    await customize({ default: { light: "catppuccin-latte", dark: "catppuccin-mocha" } });
    const after = await served(url);
    expect(after.roles).toEqual({ "data-code-light": "catppuccin-latte", "data-code-dark": "catppuccin-mocha" });
    expect(after.stylesheets).toEqual([READER_ASSETS.stylesheet, themeFile("catppuccin-latte"), themeFile("catppuccin-mocha")]);
  });

  it("refuse a name GitBook's schema does not have, changing nothing", async () => {
    const { url, put } = await siteWithCode("code-themes-refused", { default: { light: "github-light", dark: "github-dark" } });
    const refused = await put({ default: { light: "not-a-theme", dark: "github-dark" } });
    expect(errorMessage(refused, 400)).toMatch(/codeTheme/);
    expect((await served(url)).roles).toEqual({ "data-code-light": "github-light", "data-code-dark": "github-dark" });
  });
});
