import { describe, expect, it } from "vitest";
import { createSpace, flattenPages, mainPages } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage, workerUnderTest, ORIGIN } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { CATALOGUE_IDS, f, mainOutline, spaceFromTemplate, useSuiteFixture } from "../../helpers/suites/templates";

/** The catalogue: GET /v1/templates, its preview images, and what each template gives a space. */

useSuiteFixture();

describe("GET /v1/templates", () => {
  it("lists the catalogue in order, each template in GitBook's SpaceTemplate shape with the references it takes", async () => {
    const response = await call("GET", "/v1/templates", { token: f.read.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(CATALOGUE_IDS.length);
    expect(response.body.items.map((template: { id: string }) => template.id)).toEqual([...CATALOGUE_IDS]);
    for (const template of response.body.items) expectSpecSchema("SpaceTemplate", template);
    const api = response.body.items.find((template: { id: string }) => template.id === "api-reference");
    expect(api).toMatchObject({
      object: "space-template",
      contentId: "api-reference",
      title: "API reference",
      references: [{ name: "openapi", kinds: ["openapi"], description: expect.any(String) }],
      previewImage: { light: `${ORIGIN}/templates/api-reference/preview.svg?theme=light`, dark: `${ORIGIN}/templates/api-reference/preview.svg?theme=dark` },
    });
  });

  it("pages with keyset cursors, like every list", async () => {
    // GitBook's spec has no list of templates: each item is checked against SpaceTemplate instead.
    const walked = await walkList<{ id: string }>("/v1/templates", { limit: 2 }, { token: f.outsider.token, operationId: null, expectedCount: CATALOGUE_IDS.length });
    expect(walked.map((template) => template.id)).toEqual([...CATALOGUE_IDS]);
    for (const template of walked) expectSpecSchema("SpaceTemplate", template);
    const bad = await call("GET", "/v1/templates?page=not-a-cursor", { token: f.read.token });
    expect(errorMessage(bad, 400)).toMatch(/'page'/);
  });

  it("needs a token (401), whoever the caller is otherwise", async () => {
    expect(errorMessage(await call("GET", "/v1/templates"), 401)).toBeTruthy();
  });
});

describe("preview images", () => {
  it("are SVG cards with the template's table of contents, light and dark, served without a token", async () => {
    const light = await workerUnderTest.fetch(`${ORIGIN}/templates/knowledge-base/preview.svg?theme=light`);
    expect(light.status).toBe(200);
    expect(light.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await light.text();
    expect(svg).toMatch(/^<svg /);
    for (const title of ["Knowledge base", "Help center", "Reset your password", "Contact us"]) expect(svg).toContain(title);
    const dark = await (await workerUnderTest.fetch(`${ORIGIN}/templates/knowledge-base/preview.svg?theme=dark`)).text();
    expect(dark).not.toBe(svg);
    expect((await workerUnderTest.fetch(`${ORIGIN}/templates/nope/preview.svg`)).status).toBe(404);
  });
});

describe("each template of the catalogue", () => {
  it("product-docs: an overview, getting started with its subpages, guides, FAQ and support, linked to each other", async () => {
    const spaceId = await spaceFromTemplate({ id: "product-docs" });
    expect(await mainOutline(spaceId)).toEqual([
      ["overview", "Overview"],
      ["getting-started", "Getting started"],
      ["getting-started/quickstart", "Quickstart"],
      ["getting-started/installation", "Installation"],
      ["guides", "Guides"],
      ["guides/write-your-first-guide", "Write your first guide"],
      ["faq", "FAQ"],
      ["support", "Support"],
    ]);
    const pages = flattenPages(await mainPages(f.read, spaceId));
    const id = (path: string) => pages.find((page) => page.path === path)!.id;
    const overview = await readPage(spaceId, id("overview"));
    expect(overview.description).toBe("What the product is, who it is for, and where to go from here.");
    // Relative links between the template's pages become links to the pages themselves.
    expect(overview.markdown).toContain(`[Quickstart](/pages/${id("getting-started")})`);
    expect(overview.markdown).toContain(`[FAQ](/pages/${id("faq")})`);
    // Without a `logo`, its placeholder line is left empty; without `support`, the fallback text stands.
    expect(overview.markdown).not.toContain("{{ref:");
    expect(overview.markdown.startsWith("Say in two sentences what the product does")).toBe(true);
    expect((await readPage(spaceId, id("support"))).markdown).toContain("Write to your support team");
    const quickstart = await readPage(spaceId, id("getting-started/quickstart"));
    expect(quickstart.markdown).toContain(`[Installation](/pages/${id("getting-started/installation")})`);
    expect(quickstart.markdown).toContain(`[guides](/pages/${id("guides")})`);
    // Every link is reported ok by the space's link report.
    const links = await call("GET", `/v1/spaces/${spaceId}/links`, { token: f.read.token });
    expect(links.status).toBe(200);
    expect(links.body.stats.broken.total).toBe(0);
  });

  it("api-reference: overview, authentication, errors, pagination and a reference page", async () => {
    const spaceId = await spaceFromTemplate({ id: "api-reference" });
    expect(await mainOutline(spaceId)).toEqual([
      ["api-overview", "API overview"],
      ["authentication", "Authentication"],
      ["errors", "Errors"],
      ["pagination", "Pagination"],
      ["reference", "Reference"],
    ]);
    const reference = flattenPages(await mainPages(f.read, spaceId)).find((page) => page.path === "reference")!;
    expect((await readPage(spaceId, reference.id)).markdown).toContain("No OpenAPI specification is linked to this reference yet");
  });

  it("knowledge-base: a help center with topics, articles and a contact page", async () => {
    const spaceId = await spaceFromTemplate({ id: "knowledge-base" });
    expect(await mainOutline(spaceId)).toEqual([
      ["help-center", "Help center"],
      ["account-and-billing", "Account and billing"],
      ["account-and-billing/reset-your-password", "Reset your password"],
      ["account-and-billing/change-your-plan", "Change your plan"],
      ["troubleshooting", "Troubleshooting"],
      ["troubleshooting/something-does-not-load", "Something does not load"],
      ["contact-us", "Contact us"],
    ]);
    const pages = flattenPages(await mainPages(f.read, spaceId));
    const reset = pages.find((page) => page.path === "account-and-billing/reset-your-password")!;
    const contact = pages.find((page) => page.path === "contact-us")!;
    expect((await readPage(spaceId, reset.id)).markdown).toContain(`[contact us](/pages/${contact.id})`);
  });

  it("changelog: a home page and one page per release", async () => {
    const spaceId = await spaceFromTemplate({ id: "changelog" });
    expect(await mainOutline(spaceId)).toEqual([
      ["changelog", "Changelog"],
      ["version-1-1-0", "Version 1.1.0"],
      ["version-1-0-0", "Version 1.0.0"],
    ]);
  });

  it("blank: one empty page", async () => {
    const spaceId = await spaceFromTemplate({ id: "blank" });
    const pages = await mainPages(f.read, spaceId);
    expect(pages.map((page) => [page.title, page.slug, page.markdown])).toEqual([["Untitled", "untitled", ""]]);
  });

  it("is applied through GitBook's official client (applyTemplateToSpace), and the pages read back as GitBook's schema has them", async () => {
    const spaceId = (await createSpace(f.admin, f.organization.id, { title: "Client" })).id;
    const response = await gitbookClient(f.edit).spaces.applyTemplateToSpace(spaceId, { id: "changelog" });
    expect(response.status).toBe(201);
    const pages = await call("GET", `/v1/spaces/${spaceId}/content/pages`, { token: f.read.token });
    expectSpecResponse("listPages", 200, pages.body);
    const page = await call("GET", `/v1/spaces/${spaceId}/content/page/${pages.body.pages[0].id}`, { token: f.read.token });
    expectSpecResponse("getPageById", 200, page.body);
    const revision = await call("GET", `/v1/spaces/${spaceId}/content`, { token: f.read.token });
    expectSpecResponse("getCurrentRevision", 200, revision.body);
    expect(revision.body.type).toBe("edits");
  });

  it("is found by the space's search as soon as it is applied (the index follows main's head)", async () => {
    const spaceId = await spaceFromTemplate({ id: "knowledge-base" });
    const response = await call("GET", `/v1/spaces/${spaceId}/search?query=password`, { token: f.read.token });
    expect(response.status).toBe(200);
    expect(response.body.items.map((page: { title: string }) => page.title)).toContain("Reset your password");
  });
});

async function readPage(spaceId: string, pageId: string) {
  const response = await call("GET", `/v1/spaces/${spaceId}/content/page/${pageId}`, { token: f.read.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { markdown: string; description?: string; documentId?: string };
}
