import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { insertShareLink } from "../../helpers/site-structure";

/**
 * The reader through the Worker's fetch handler: a published site's URLs answered with HTML,
 * markdown and the machine files, as the site token minted by URL resolution reads them.
 */

let owner: TestUser;
let orgId: string;
let root: string;
let spaceId: string;
let ids: Record<string, string>;

const HOSTILE = [
  "Before the script.",
  "",
  "<script>alert('content')</script>",
  "",
  "[a trap](javascript:alert(1)) and <img src=x onerror=alert(2)>",
  "",
].join("\n");

beforeAll(async () => {
  owner = await createUser("reader-owner");
  orgId = (await createOrganization(owner)).id;
  const docs = await spaceWithPages(owner, orgId, "Reader docs", [
    { ref: "intro", title: "Introduction", markdown: "Welcome to the docs.\n\n## First steps\n\nDo this.\n\n```js\nconst answer = 42;\n```\n" },
    { ref: "guides", title: "Guides", markdown: "All the guides.\n" },
    { ref: "install", title: "Install", into: "guides", markdown: "Run the installer. \n" },
    { ref: "hostile", title: "Hostile", markdown: HOSTILE },
    { ref: "secret", title: "Beta only", condition: "visitor.claims.unsigned.beta", markdown: "Beta secrets.\n" },
  ]);
  spaceId = docs.space.id;
  ids = docs.pageIds;
  await commitToMain(owner, spaceId, [{ operation: "update_page", page: ids.install, document: { markdown: `Run the installer. See [the intro](/pages/${ids.intro}#first-steps).\n` } }]);
  ({ root } = await publishedSite(owner, orgId, [spaceId], { basename: "reader-docs" }));
});

const get = (url: string, headers: Record<string, string> = {}) => workerUnderTest.fetch(url, { headers });
async function html(url: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

describe("a page", () => {
  it("is served as HTML with the site's chrome, its body and a CSP whose nonce its scripts carry", async () => {
    const { response, document } = await html(`${root}guides/install`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(document.querySelector("h1")?.textContent).toContain("Install");
    expect(document.querySelector("main")?.textContent).toContain("Run the installer");
    const current = document.querySelector('[aria-current="page"]');
    expect(current?.textContent).toContain("Install");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    for (const script of document.querySelectorAll("script")) expect(script.getAttribute("nonce")).toBe(nonce);
    // The link to another page is its published URL, with its anchor.
    const link = [...document.querySelectorAll("main a")].find((anchor) => anchor.textContent === "the intro");
    expect(link?.getAttribute("href")).toMatch(/\/introduction#first-steps$/);
  });

  it("shows the space's first page at the site's root", async () => {
    const { response, document } = await html(root);
    expect(response.status).toBe(200);
    expect(document.querySelector("h1")?.textContent).toContain("Introduction");
  });

  it("runs nothing of what the content holds: scripts, javascript: links and handlers are gone", async () => {
    const { response, text, document } = await html(`${root}hostile`);
    expect(response.status).toBe(200);
    const main = document.querySelector("main")!;
    expect(main.querySelectorAll("script")).toHaveLength(0);
    expect(main.innerHTML).not.toMatch(/javascript:/i);
    for (const element of main.querySelectorAll("*")) for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    expect(text).not.toContain("<script>alert('content')</script>");
  });

  it("answers 304 to a client that has the page, and a new ETag once a merge changed it", async () => {
    const first = await get(`${root}guides`);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await get(`${root}guides`, { "if-none-match": etag })).status).toBe(304);
    await commitToMain(owner, spaceId, [{ operation: "update_page", page: ids.guides, document: { markdown: "Every guide, updated.\n" } }]);
    const after = await html(`${root}guides`, { "if-none-match": etag });
    expect(after.response.status).toBe(200);
    expect(after.document.querySelector("main")?.textContent).toContain("Every guide, updated.");
  });

  it("is a 404 page with a search form for a path that is no page", async () => {
    const { response, document } = await html(`${root}no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(document.querySelector('form[role="search"], form[action$="/search"]')).not.toBeNull();
  });

  it("offers no PDF of a space whose pages have conditions (it would print what they hide)", async () => {
    const { document } = await html(`${root}guides`);
    expect(document.querySelector('a[href$="/~pdf"]')).toBeNull();
    expect((await get(`${root}~pdf`)).status).toBe(404);
  });

  it("leaves the API's own paths and unknown hosts to the API", async () => {
    const unknown = await call("GET", "/v1/no-such-route");
    expect(unknown.status).toBe(401);
    const nowhere = await get("https://docs.test/sites/nobody/nothing/");
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ error: { code: 404 } });
  });
});

describe("adaptive content", () => {
  it("leaves a page whose condition fails out of the HTML, and shows it for `visitor.<claim>` (kept in a cookie)", async () => {
    const without = await html(`${root}guides/install`);
    expect(without.text).not.toContain("Beta only");
    expect((await get(`${root}beta-only`)).status).toBe(404);
    const withClaim = await html(`${root}beta-only?visitor.beta=true`);
    expect(withClaim.response.status).toBe(200);
    expect(withClaim.document.querySelector("main")?.textContent).toContain("Beta secrets.");
    const cookie = withClaim.response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/visitor_claims=/);
    const again = await get(`${root}beta-only`, { cookie: cookie.split(";")[0]! });
    expect(again.status).toBe(200);
  });
});

describe("a share-link site", () => {
  it("opens with ?share=<key>, keeps the key in a cookie, and is nothing without it", async () => {
    const { site, root: shareRoot } = await publishedSite(owner, orgId, [spaceId], { basename: "reader-shared", visibility: "share-link" });
    const key = `reader-key-${crypto.randomUUID()}`;
    await insertShareLink(site.id, owner, key);
    expect((await get(`${shareRoot}guides`)).status).toBe(404);
    const opened = await html(`${shareRoot}guides?share=${key}`);
    expect(opened.response.status).toBe(200);
    expect(opened.document.querySelector('meta[name="robots"]')?.getAttribute("content")).toMatch(/noindex/);
    const cookie = opened.response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/share_key=.*HttpOnly/);
    expect((await get(`${shareRoot}guides/install`, { cookie: cookie.split(";")[0]! })).status).toBe(200);
    // The key as the first segment, as share links give it.
    expect((await get(`${shareRoot}${key}/guides`)).status).toBe(200);
  });
});

describe("for machines", () => {
  it("gives a page's markdown at <page URL>.md, its links published", async () => {
    const response = await get(`${root}guides/install.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/markdown/);
    const text = await response.text();
    expect(text).toContain("# Install");
    expect(text).toMatch(/\]\(https:\/\/docs\.test\/sites\/[^)]+\/introduction#first-steps\)/);
    expect(text).not.toContain("/pages/");
  });

  it("lists the pages in llms.txt and sitemap.xml, all of them in llms-full.txt, and robots.txt names the sitemap", async () => {
    const llms = await (await get(`${root}llms.txt`)).text();
    expect(llms).toContain("# ");
    expect(llms).toMatch(/\[Install\]\(https:\/\/docs\.test\/sites\/.+\/guides\/install\.md\)/);
    expect(llms).not.toContain("Beta only");
    const full = await (await get(`${root}llms-full.txt`)).text();
    expect(full).toContain("Run the installer.");
    expect(full).not.toContain("Beta secrets.");
    const sitemap = await get(`${root}sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toMatch(/xml/);
    expect(await sitemap.text()).toContain("/guides/install</loc>");
    const robots = await (await get(`${root}robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${root}sitemap.xml`);
  });
});

describe("search and feedback", () => {
  it("finds pages on the /search page and as JSON for the dialog", async () => {
    const page = await html(`${root}search?q=installer`);
    expect(page.response.status).toBe(200);
    expect(page.document.querySelector("main")?.textContent).toContain("Install");
    const json = await get(`${root}search?q=installer&format=json`);
    const body = (await json.json()) as { results: Array<{ title: string; href: string }> };
    expect(body.results.map((result) => result.title)).toContain("Install");
    expect(body.results[0]!.href).toMatch(/^https:\/\/docs\.test\/sites\//);
  });

  it("takes a page's feedback (204 for the island, 303 back to the page without JavaScript), and refuses a page it does not show", async () => {
    const post = (body: string, accept = "application/json") =>
      workerUnderTest.fetch(`${root}~feedback`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept }, body });
    expect((await post(`pageId=${ids.install}&rating=good`)).status).toBe(204);
    const back = await post(`pageId=${ids.install}&rating=bad`, "text/html");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(/\/guides\/install$/);
    expect((await post(`pageId=${ids.secret}&rating=good`)).status).toBe(400);
    expect((await post(`pageId=${ids.install}&rating=awful`)).status).toBe(400);
  });
});

describe("moved pages", () => {
  it("answer 301 at their former path", async () => {
    const docs = await spaceWithPages(owner, orgId, "Reader moving", [{ ref: "old", title: "Old title" }]);
    const { root: movingRoot } = await publishedSite(owner, orgId, [docs.space.id], { basename: "reader-moving" });
    await commitToMain(owner, docs.space.id, [{ operation: "update_page", page: docs.pageIds.old, title: "New title", slug: "new-title" }]);
    const response = await get(`${movingRoot}old-title`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${movingRoot}new-title`);
  });
});
