import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { READER_ASSETS } from "../../../src/reader/layout";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { throughAssets, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";

/**
 * The head the layout gives a served page: one doctype, the versioned stylesheet and script (served
 * by the static assets), every element with the nonce of the response's CSP. (KaTeX's stylesheet
 * on a page with math is not checked here: a formula written through the API does not survive the
 * write, which keeps bodies as markdown without math.)
 */

let root: string;

beforeAll(async () => {
  const owner = await createUser("reader-head");
  const orgId = (await createOrganization(owner)).id;
  const docs = await spaceWithPages(owner, orgId, "Reader head", [{ ref: "plain", title: "Plain", markdown: "Nothing but text.\n" }]);
  ({ root } = await publishedSite(owner, orgId, [docs.space.id], { basename: "reader-head" }));
});

async function page(path: string) {
  const response = await workerUnderTest.fetch(`${root}${path}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { text, nonce, document: parseHTML(text).document };
}

describe("a served page's head", () => {
  it("is one document: a single doctype, first", async () => {
    const { text } = await page("plain");
    expect(text.startsWith("<!doctype html><html")).toBe(true);
    expect(text.match(/<!doctype/gi)).toHaveLength(1);
  });

  it("loads the versioned stylesheet and script, which the static assets serve, all with the response's nonce", async () => {
    const { document, nonce } = await page("plain");
    expect(nonce).toBeTruthy();
    expect([...document.querySelectorAll("link[rel=stylesheet]")].map((link) => link.getAttribute("href"))).toEqual([READER_ASSETS.stylesheet]);
    expect([...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"))).toEqual([READER_ASSETS.script]);
    for (const element of document.querySelectorAll("script, style, link[rel=stylesheet]")) expect(element.getAttribute("nonce"), element.outerHTML.slice(0, 60)).toBe(nonce);
    for (const path of [READER_ASSETS.stylesheet, READER_ASSETS.script]) expect((await throughAssets(path)).status, path).toBe(200);
  });
});
