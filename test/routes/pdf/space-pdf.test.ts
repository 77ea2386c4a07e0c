import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { tinyPng } from "../../helpers/images";
import { inParallel } from "../../helpers/lists";
import { serverTiming } from "../../helpers/server-timing";
import { outlineTitles } from "../../helpers/pdf";
import { expectSpecResponse } from "../../helpers/spec";
import { base64Of } from "../../helpers/suites/content";
import { downloadPdf, f, orgId, pdfUrl, spacePdfPath, storedPdf, useSuiteFixture } from "../../helpers/suites/pdf";

/** A space's PDF (`getSpacePDF`): the whole tree, a page with its subpages, one page; made once per revision. */

useSuiteFixture();

describe("GET /v1/spaces/{spaceId}/pdf (getSpacePDF)", () => {
  let spaceId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Operations handbook" })).id;
    const roots = await commitToMain(f.admin, spaceId, [
      {
        operation: "insert_page",
        ref: "intro",
        title: "Introduction",
        description: "Why this handbook exists",
        document: {
          markdown: [
            "## Scope",
            "",
            "This is **important** and *subtle*, with `inline code`; read [the guide](./guide.md) and [the web](https://example.com/docs).",
            "",
            "- first item",
            "- second item",
            "",
            "> A quotation worth keeping.",
            "",
            "```sh",
            "npm run deploy",
            "```",
            "",
            "| Region | Owner |",
            "|---|---|",
            "| Europe | Ada |",
            "",
            "![architecture diagram](./diagram)",
            "",
            "Привет, мир — Γειά σου — 你好",
            "",
          ].join("\n"),
        },
      },
      { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "How to work here.\n" } },
      { operation: "insert_files", files: [{ ref: "diagram", name: "diagram.png", contentType: "image/png", base64: base64Of(tinyPng()) }] },
    ]);
    ids.intro = roots.changes.find((change) => change.ref === "intro")!.page.id;
    ids.guide = roots.changes.find((change) => change.ref === "guide")!.page.id;
    const children = await commitToMain(f.admin, spaceId, [
      { operation: "insert_page", title: "Deploying", into: ids.guide, document: { markdown: "Deploy on Tuesdays.\n" } },
      { operation: "insert_page", title: "Rollbacks", into: ids.guide, document: { markdown: "Roll back with care. Back to [the intro](../introduction.md).\n" } },
    ]);
    ids.deploying = children.changes[0]!.page.id;
    ids.rollbacks = children.changes[1]!.page.id;
  }, 60_000);

  it("answers a signed URL of a PDF of the whole space: contents, pages in tree order, outline, text, links and the image", async () => {
    const url = await pdfUrl(f.read, spacePdfPath(spaceId));
    expect(new URL(url).pathname).toMatch(new RegExp(`^/pdfs/spaces/${spaceId}/pdfs/[A-Za-z0-9]+/space\\.pdf$`));
    expect(Number(new URL(url).searchParams.get("expires")) * 1000 - Date.now()).toBeGreaterThan(3590 * 1000);
    const pdf = await downloadPdf(url);
    expect(pdf.title).toBe("Operations handbook");
    // Contents, then one sheet per page.
    expect(pdf.pageCount).toBe(5);
    expect(pdf.pages[0]).toMatch(/Operations handbook .*Contents Introduction 2 Guide 3 Deploying 4 Rollbacks 5/);
    expect(pdf.outline).toEqual([
      { title: "Introduction", page: 1, children: [] },
      {
        title: "Guide",
        page: 2,
        children: [
          { title: "Deploying", page: 3, children: [] },
          { title: "Rollbacks", page: 4, children: [] },
        ],
      },
    ]);
    const intro = pdf.pages[1]!;
    for (const text of ["Introduction", "Why this handbook exists", "Scope", "important", "subtle", "inline code", "first item", "A quotation worth keeping.", "npm run deploy", "Region", "Europe", "Ada", "Привет, мир", "Γειά σου"]) {
      expect(intro).toContain(text);
    }
    // CJK is not in the embedded font: visible boxes, not a failure.
    expect(intro).toContain("\u25a1\u25a1");
    expect(pdf.imageCount).toBe(1);
    // The link to another printed page goes to its sheet; the web link stays a URL.
    expect(pdf.links[1]).toEqual([{ page: 2 }, { uri: "https://example.com/docs" }]);
    expect(pdf.links[4]).toEqual([{ page: 1 }]);
    expect(pdf.pages.map((text) => text.match(/(\d+) \/ 5$/)?.[1])).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("prints a page with its subpages (`page`), or the page alone (`page` + `only`)", async () => {
    const tree = await downloadPdf(await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.guide }));
    expect(outlineTitles(tree.outline)).toEqual(["Guide", "Deploying", "Rollbacks"]);
    expect(tree.pageCount).toBe(4);
    expect(tree.text).not.toContain("Scope");
    // The intro is not printed: its link leads to the page in the app.
    expect(tree.links[3]).toEqual([{ uri: expect.stringMatching(new RegExp(`/s/${spaceId}/introduction$`)) }]);

    const alone = await downloadPdf(await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.guide, only: true }));
    expect(alone.pageCount).toBe(1);
    expect(alone.outline).toEqual([{ title: "Guide", page: 0, children: [] }]);
    expect(alone.text).toContain("How to work here.");
    expect(alone.text).not.toContain("Deploy on Tuesdays.");

    // `only=false` is the page with its subpages, the same stored file.
    const explicit = await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.guide, only: false });
    expect(new URL(explicit).pathname).toBe(new URL(await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.guide })).pathname);
  });

  it("makes a revision's PDF once: the next request signs the stored file; a new revision makes a new one", async () => {
    const first = await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.deploying, only: true });
    const stored = await storedPdf(first);
    expect(stored).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await pdfUrl(f.comment, spacePdfPath(spaceId), { page: ids.deploying, only: true });
    expect(new URL(second).pathname).toBe(new URL(first).pathname);
    const again = await storedPdf(second);
    expect(again!.uploaded.getTime()).toBe(stored!.uploaded.getTime());
    expect(again!.etag).toBe(stored!.etag);
    // A stored PDF costs the access round trip (the caller's lookup in it) and a signature.
    const hit = await call("GET", `${spacePdfPath(spaceId)}?page=${ids.deploying}&only=true`, { token: f.read.token });
    expect(hit.status).toBe(200);
    expect(serverTiming(hit).d1.roundTrips).toBe(1);

    await commitToMain(f.admin, spaceId, [{ operation: "update_page", page: ids.deploying, document: { markdown: "Deploy on Wednesdays.\n" } }]);
    const third = await pdfUrl(f.read, spacePdfPath(spaceId), { page: ids.deploying, only: true });
    expect(new URL(third).pathname).not.toBe(new URL(first).pathname);
    expect((await downloadPdf(third)).text).toContain("Deploy on Wednesdays.");
    // The earlier revision's file is still what its URL downloads.
    expect((await downloadPdf(first)).text).toContain("Deploy on Tuesdays.");
  });

  it("works through GitBook's client", async () => {
    const { data } = await gitbookClient(f.read).spaces.getSpacePdf(spaceId, { page: ids.guide, only: true });
    expectSpecResponse("getSpacePDF", 200, data);
    expect((await downloadPdf(data.url)).outline.map((item) => item.title)).toEqual(["Guide"]);
  });

  it("prints an empty space as a PDF of no pages' worth: the title sheet", async () => {
    const empty = (await createSpace(f.admin, orgId, { title: "Empty" })).id;
    const pdf = await downloadPdf(await pdfUrl(f.read, spacePdfPath(empty)));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.outline).toEqual([]);
  });

  it("400 for bad parameters, naming them; 404 for an unknown page", async () => {
    const cases: Array<[string, string]> = [
      ["?only=yes&page=abc", "only"],
      ["?page=not%20an%20id", "page"],
      ["?only=true", "only"],
    ];
    await inParallel(cases, async ([query, field]) => {
      const message = errorMessage(await call("GET", `${spacePdfPath(spaceId)}${query}`, { token: f.read.token }), 400);
      expect(message).toContain(`'${field}'`);
    });
    expect(errorMessage(await call("GET", `${spacePdfPath(spaceId)}?page=nosuchpage`, { token: f.read.token }), 404)).toContain("nosuchpage");
    expect(errorMessage(await call("GET", `${spacePdfPath(spaceId)}?page=nosuchpage&only=true`, { token: f.read.token }), 404)).toContain("nosuchpage");
  });

  it("every member who may read the space gets it; a guest, an outsider and an unknown space get 404; no token 401", async () => {
    await inParallel([f.admin, f.create, f.review, f.edit, f.comment, f.read], async (user) => {
      expect((await call("GET", `${spacePdfPath(spaceId)}?page=${ids.rollbacks}&only=true`, { token: user.token })).status).toBe(200);
    });
    errorMessage(await call("GET", spacePdfPath(spaceId), { token: f.guest.token }), 404);
    errorMessage(await call("GET", spacePdfPath(spaceId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", spacePdfPath("nosuchspace"), { token: f.read.token }), 404);
    errorMessage(await call("GET", spacePdfPath(spaceId)), 401);
    errorMessage(await call("GET", spacePdfPath(spaceId), { token: "gb_api_unknown" }), 401);
  });
});
