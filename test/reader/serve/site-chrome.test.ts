import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";
import { addSection, addSiteSpace, ok } from "../../helpers/site-structure";
import { sitePath } from "../../helpers/sites";

/**
 * What the reader shows around a page: sections as tabs, the variants picker, the customization
 * (title, header links, theme toggle, the edit link), `lang`; and visitor-authenticated sites,
 * whose visitors come back from the site's sign-in with `jwt_token`.
 */

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await createUser("chrome-owner");
  orgId = (await createOrganization(owner)).id;
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await workerUnderTest.fetch(url, { headers });
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

describe("sections, variants and customization", () => {
  let root: string;

  beforeAll(async () => {
    const guide = await spaceWithPages(owner, orgId, "Chrome guide", [{ ref: "start", title: "Start" }]);
    const api = await spaceWithPages(owner, orgId, "Chrome API", [{ ref: "auth", title: "Auth" }]);
    const apiV2 = await spaceWithPages(owner, orgId, "Chrome API v2", [{ ref: "tokens", title: "Tokens" }]);
    ok(await call("PATCH", `/v1/spaces/${apiV2.space.id}`, { token: owner.token, body: { language: "fr" } }), 200, null);
    // The start page as a Git import leaves it (its file in the repository), in a space synced with GitHub.
    await env.DB.prepare(
      `INSERT INTO git_syncs (space_id, url, ref, provider, updated_at, job_id, direction, state, started_at) VALUES (?, 'https://github.com/acme/docs.git', 'refs/heads/main', 'github', ?, 'job', 'import', 'complete', ?)`,
    )
      .bind(guide.space.id, new Date().toISOString(), new Date().toISOString())
      .run();
    await env.DB.prepare(`UPDATE content_entries SET data = json_set(data, '$.git', json_object('oid', 'abc', 'path', 'docs/start.md')) WHERE space_id = ? AND entry_id = ?`).bind(guide.space.id, guide.pageIds.start!).run();
    const made = await publishedSite(owner, orgId, [guide.space.id], { basename: "chrome" });
    root = made.root;
    const ctx = { orgId, siteId: made.site.id };
    const section = await addSection(owner, ctx, { spaceId: api.space.id, title: "API" });
    await addSiteSpace(owner, ctx, { spaceId: apiV2.space.id, sectionId: section.id });
    const customization = {
      title: "Chrome Docs",
      header: { preset: "default", links: [{ title: "Status", to: { kind: "url", url: "https://status.example.com/" }, links: [] }] },
      themes: { default: "dark", toggeable: true },
      git: { showEditLink: true },
    };
    ok(await call("PUT", `${sitePath(orgId, made.site.id)}/customization`, { token: owner.token, body: customization }), 200, null);
  });

  it("shows the sections as tabs, the current one marked, and the site's title and header links", async () => {
    const { response, document } = await page(root);
    expect(response.status).toBe(200);
    const text = document.body.textContent ?? "";
    expect(text).toContain("Chrome Docs");
    expect(text).toContain("API");
    expect(document.querySelector('a[href="https://status.example.com/"]')?.textContent).toContain("Status");
    const current = [...document.querySelectorAll('[aria-current="page"], [aria-current="true"]')].map((element) => element.textContent);
    expect(current.some((value) => value?.includes("Start"))).toBe(true);
  });

  it("offers the section's variants in a picker and reads `lang` from the space", async () => {
    const { response, document } = await page(`${root}api/chrome-api-v2/tokens`);
    expect(response.status).toBe(200);
    expect(document.documentElement.getAttribute("lang")).toBe("fr");
    const variants = [...document.querySelectorAll("a")].filter((anchor) => /\/api\/chrome-api-v2\/?$/.test(anchor.getAttribute("href") ?? "") || /\/api\/?$/.test(anchor.getAttribute("href") ?? ""));
    expect(variants.length).toBeGreaterThan(0);
  });

  it("links the page's file in the synced repository when the customization asks and the page came from Git", async () => {
    const { document } = await page(`${root}start`);
    expect(document.querySelector('a[href="https://github.com/acme/docs/edit/main/docs/start.md"]')).not.toBeNull();
  });

  it("links the site space's PDF, a redirect to its signed download", async () => {
    const { document } = await page(`${root}start`);
    const href = document.querySelector('a[href$="/~pdf"]')?.getAttribute("href");
    expect(href).toBe(`${root}~pdf`);
    const pdf = await workerUnderTest.fetch(href!);
    expect(pdf.status).toBe(302);
    expect(pdf.headers.get("location")).toMatch(/^https:\/\/docs\.test\/pdfs\//);
  });
});

describe("a visitor-authenticated site", () => {
  let root: string;
  let siteId: string;

  beforeAll(async () => {
    const docs = await spaceWithPages(owner, orgId, "Customers only", [{ ref: "welcome", title: "Welcome", markdown: "For customers.\n" }]);
    ({ root, site: { id: siteId } } = await publishedSite(owner, orgId, [docs.space.id], { basename: "customers-reader", visibility: "visitor-auth" }));
    ok(await call("PATCH", `${sitePath(orgId, siteId)}/publishing/auth`, { token: owner.token, body: { backend: "custom", fallbackURL: "https://auth.example.com/login" } }), 200, null);
  });

  it("sends a visitor without a token to the site's sign-in, and lets them in with the token it hands back (kept in a cookie)", async () => {
    const away = await workerUnderTest.fetch(`${root}welcome`);
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toMatch(/^https:\/\/auth\.example\.com\/login\?location=welcome/);

    const auth = await call("GET", `${sitePath(orgId, siteId)}/publishing/auth`, { token: owner.token });
    const token = await new SignJWT({ plan: "pro" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h").sign(new TextEncoder().encode(auth.body.privateKey));
    const back = await page(`${root}welcome?jwt_token=${token}`);
    expect(back.response.status).toBe(200);
    expect(back.document.querySelector("main")?.textContent).toContain("For customers.");
    const cookie = back.response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/visitor_token=[^;]+;.*HttpOnly/);
    expect((await workerUnderTest.fetch(`${root}welcome`, { headers: { cookie: cookie.split(";")[0]! } })).status).toBe(200);
    // A forged token is no way in.
    expect((await workerUnderTest.fetch(`${root}welcome?jwt_token=${token.slice(0, -2)}xx`)).status).toBe(302);
  });
});
