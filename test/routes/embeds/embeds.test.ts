import { beforeAll, describe, expect, inject, it } from "vitest";
import { GitBookAPI } from "@gitbook/api";
import { GitBookAPI as GitBookAPI0146 } from "gitbook-api-0146";
import type { Bindings } from "../../../src/context";
import { createSpace } from "../../helpers/content";
import { createUser, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { ORIGIN, call, errorMessage, workerUnderTest } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";

/**
 * Embeds (`getEmbedByUrl`, `getEmbedByUrlInSpace`): pages of a real HTTP server on a loopback
 * port (test/embed-pages.global.ts) read for their oEmbed endpoint and metadata, through the
 * outbound guard; the server's request log shows what the Worker fetched and what it kept.
 */

const pagesUrl = inject("embedPagesUrl");
/** The pages are on loopback: a private target, which these requests are let reach. */
const LOCAL = { ALLOW_PRIVATE_NETWORK: "true" } as Partial<Bindings> as Partial<Env>;

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;
let spaceId: string;

beforeAll(async () => {
  f = await organizationWithEveryRole();
  spaceId = (await createSpace(f.admin, f.organization.id)).id;
}, 60_000);

/** A path of the pages' server of its own (requests are logged per session). */
const session = () => `${pagesUrl}/s${Math.random().toString(36).slice(2, 10)}`;
/** The pages the server was asked for under a session, in order. */
const requested = async (base: string): Promise<string[]> => (await fetch(`${base}/requests`)).json();

const embedPath = (url: string, inSpace?: string) => `${inSpace ? `/v1/spaces/${inSpace}/embed` : "/v1/urls/embed"}?url=${encodeURIComponent(url)}`;

/** The embed of `url`, checked against GitBook's 0.202 and 0.146 schemas. */
async function embedOf(url: string, { user = f.read, inSpace }: { user?: TestUser; inSpace?: string } = {}) {
  const response = await call("GET", embedPath(url, inSpace), { token: user.token, bindings: LOCAL });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const operationId = inSpace ? "getEmbedByUrlInSpace" : "getEmbedByUrl";
  expectSpecResponse(operationId, 200, response.body);
  expectSpec0146Response(operationId, 200, response.body);
  return response.body;
}

describe("the embed of a page", () => {
  it("embeds the markup of a page's oEmbed endpoint, with its title, provider and the page's icon", async () => {
    const base = session();
    expect(await embedOf(`${base}/video`, { inSpace: spaceId })).toEqual({
      type: "rich",
      title: "A video & more",
      site: "Tube",
      icon: `${base}/icons/favicon.png`,
      html: '<iframe src="https://player.example/1" width="640"></iframe>',
    });
    expect(await requested(base)).toEqual(["video", "oembed/video?format=json"]);
  });

  it("keeps each URL's embed: a second call, on either route, fetches nothing", async () => {
    const base = session();
    const first = await embedOf(`${base}/video`);
    expect(await embedOf(`${base}/video`)).toEqual(first);
    expect(await embedOf(`${base}/video#at-1m`, { inSpace: spaceId })).toEqual(first);
    expect(await requested(base)).toEqual(["video", "oembed/video?format=json"]);
  });

  it("makes a link card of OpenGraph metadata, then Twitter's, then <title>, references decoded", async () => {
    const base = session();
    expect(await embedOf(`${base}/article`)).toEqual({ type: "link", title: 'Tom & Jerry — the "article"', site: "Cartoons", icon: "http://cdn.example.org/icon.ico?a=1&b=2" });
    // Only the head speaks for the page: a <title> in the body does not.
    expect(await embedOf(`${base}/plain`)).toEqual({ type: "link", title: "Just a title — here", site: "127.0.0.1" });
  });

  it("makes a link card of a photo or link oEmbed, and of the page when its endpoint fails", async () => {
    const base = session();
    expect(await embedOf(`${base}/photo`)).toEqual({ type: "link", title: "A photo", site: "Pics" });
    expect(await embedOf(`${base}/broken-oembed`)).toEqual({ type: "link", title: "Broken oEmbed", site: "127.0.0.1" });
    expect(await embedOf(`${base}/failing-oembed`)).toEqual({ type: "link", title: "Failing oEmbed", site: "127.0.0.1" });
  });

  it("follows redirects, and reads the head of a page larger than what it fetches", async () => {
    const base = session();
    expect(await embedOf(`${base}/moved`)).toMatchObject({ type: "link", title: 'Tom & Jerry — the "article"' });
    expect(await requested(base)).toEqual(["moved", "article"]);
    expect(await embedOf(`${base}/big`)).toEqual({ type: "link", title: "A big page", site: "127.0.0.1" });
  });

  it("gives a link card to the URL for a file, a missing page and a failing server; a failure is kept only briefly", async () => {
    const base = session();
    for (const page of ["file.pdf", "missing", "broken"]) {
      const url = `${base}/${page}`;
      expect(await embedOf(url)).toEqual({ type: "link", title: url, site: "127.0.0.1" });
    }
    const kept = async (page: string) => (await caches.default.match(`${ORIGIN}/.embed-cache/v1?url=${encodeURIComponent(`${base}/${page}`)}`))?.headers.get("cache-control");
    expect(await kept("file.pdf")).toBe("public, max-age=86400");
    expect(await kept("broken")).toBe("public, max-age=600");
  });
});

describe("what cannot be embedded", () => {
  it("refuses a URL that is not absolute http(s), naming `url`", async () => {
    for (const url of ["ftp://example.com/file", "javascript:alert(1)", "/relative", "not a url", `https://example.com/${"x".repeat(2048)}`]) {
      expect(errorMessage(await call("GET", embedPath(url), { token: f.read.token }), 400)).toMatch(/^Invalid query parameter 'url'/);
    }
    expect(errorMessage(await call("GET", "/v1/urls/embed", { token: f.read.token }), 400)).toMatch(/query parameter 'url'/);
  });

  it("refuses private targets unless ALLOW_PRIVATE_NETWORK is set, without fetching them", async () => {
    const base = session();
    const refused = async (url: string, inSpace?: string) => errorMessage(await call("GET", embedPath(url, inSpace), { token: f.read.token }), 400);
    expect(await refused(`${base}/video`)).toMatch(/^Invalid query parameter 'url': '127.0.0.1' is a loopback address; only public internet hosts/);
    expect(await refused(`${base}/video`, spaceId)).toMatch(/loopback/);
    expect(await refused("http://169.254.169.254/latest/meta-data/")).toMatch(/link-local/);
    expect(await refused("http://localhost:8787/")).toMatch(/local host name/);
    expect(await requested(base)).toEqual([]);
    // A kept embed is no way around it either.
    await embedOf(`${base}/article`);
    expect(await refused(`${base}/article`)).toMatch(/loopback/);
  });
});

describe("who may ask", () => {
  it("lets whoever sees the space ask in it; hides it from others (404)", async () => {
    const base = session();
    await embedOf(`${base}/article`, { user: f.read, inSpace: spaceId });
    for (const user of [f.guest, f.outsider]) {
      expect(errorMessage(await call("GET", embedPath(`${base}/article`, spaceId), { token: user.token, bindings: LOCAL }), 404)).toMatch(/^Space .* not found$/);
    }
    expect(errorMessage(await call("GET", embedPath(`${base}/article`, "noSuchSpace"), { token: f.read.token, bindings: LOCAL }), 404)).toMatch(/not found$/);
    // The space's 404 comes before the URL is looked at.
    expect(errorMessage(await call("GET", embedPath("http://localhost/", spaceId), { token: f.outsider.token }), 404)).toMatch(/not found$/);
  });

  it("lets any authenticated user embed a URL outside a space; no token is a 401", async () => {
    const base = session();
    const loner = await createUser("loner");
    expect(await embedOf(`${base}/plain`, { user: loner })).toMatchObject({ type: "link", title: "Just a title — here" });
    expect(errorMessage(await call("GET", embedPath(`${base}/plain`)), 401)).toBeTruthy();
    expect(errorMessage(await call("GET", embedPath(`${base}/plain`, spaceId)), 401)).toBeTruthy();
  });

  it("answers through GitBook's clients, 0.202 and 0.146", async () => {
    const base = session();
    // The clients' requests reach the Worker with the pages' loopback host allowed.
    const serviceBinding = { fetch: ((input: RequestInfo | URL, init?: RequestInit) => workerUnderTest.fetch(input, init, LOCAL)) as typeof fetch };
    const latest = new GitBookAPI({ endpoint: ORIGIN, authToken: f.read.token, serviceBinding });
    const older = new GitBookAPI0146({ endpoint: ORIGIN, authToken: f.read.token, serviceBinding });
    const { data: rich } = await latest.urls.getEmbedByUrl({ url: `${base}/video` });
    expect(rich).toMatchObject({ type: "rich", site: "Tube" });
    const { data: link } = await older.spaces.getEmbedByUrlInSpace(spaceId, { url: `${base}/article` });
    expect(link).toMatchObject({ type: "link", site: "Cartoons" });
  });
});
