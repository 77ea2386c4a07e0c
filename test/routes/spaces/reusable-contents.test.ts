import { GitBookAPI as GitBookAPI0146 } from "gitbook-api-0146";
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createChangeRequest, createSpace, flattenPages } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { createRepo } from "../../helpers/git-repos";
import { syncNow } from "../../helpers/git-sync";
import { ORIGIN, call, errorMessage } from "../../helpers/http";
import { serverTiming } from "../../helpers/server-timing";
import { expectSpecResponse } from "../../helpers/spec";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { f, orgId, read, useSuiteFixture } from "../../helpers/suites/content";

/**
 * The reads of reusable contents (getReusableContentById, ...InRevisionById, ...DocumentInRevisionById,
 * ...InChangeRequestById), the revision listing them, and the pages placing them, on a space
 * imported from a repository whose two pages include the same `.gitbook/includes/` block.
 */

useSuiteFixture();

const REUSABLE_REPO = {
  "README.md": '# Home\n\nWelcome.\n\n{% include ".gitbook/includes/support.md" %}\n',
  "SUMMARY.md": "# Table of contents\n\n* [Home](README.md)\n* [Setup](guides/setup.md)\n",
  "guides/setup.md": '# Setup\n\n{% include "../.gitbook/includes/support.md" %}\n\nThen {% include "../.gitbook/includes/support.md" %} stays text.\n',
  ".gitbook/includes/support.md": "---\ntitle: Need help?\n---\n\nAsk on [the forum](https://forum.example.com) or read [Setup](../../guides/setup.md).\n",
};

const NO_SUCH_REUSABLE_CONTENT = "noSuchReusable000000";

describe("reusable contents imported from Git", () => {
  let spaceId: string;
  let revisionId: string;
  let reusableContentId: string;
  let pages: Record<"home" | "setup", string>;
  const content = (suffix = "") => `/v1/spaces/${spaceId}/content${suffix}`;
  const inRevision = (suffix = "") => `/v1/spaces/${spaceId}/revisions/${revisionId}${suffix}`;

  beforeAll(async () => {
    const repo = await createRepo("reusable-reads", REUSABLE_REPO);
    spaceId = (await createSpace(f.admin, orgId, { title: "Reusable" })).id;
    const { info } = await syncNow(f.admin.token, spaceId, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(info.body.operation.state).toBe("success");
    const revision = await read(f.read, content());
    revisionId = revision.id;
    reusableContentId = revision.reusableContents[0].id;
    const byTitle = new Map(flattenPages(revision.pages).map((page) => [page.title, page.id]));
    pages = { home: byTitle.get("Home")!, setup: byTitle.get("Setup")! };
  }, 60_000);

  it("lists it in the revision as GitBook's spec models it, valid against 0.146 and 0.202", async () => {
    const revision = await read(f.read, content());
    expect(revision.reusableContents).toEqual([
      { id: reusableContentId, title: "Need help?", document: expect.stringMatching(/^[0-9a-f]{64}$/), git: { oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: ".gitbook/includes/support.md" } },
    ]);
    expectSpecResponse("getCurrentRevision", 200, revision);
    expectSpec0146Response("getCurrentRevision", 200, revision);
    const byId = await read(f.read, inRevision());
    expect(byId.reusableContents).toEqual(revision.reusableContents);
    expectSpecResponse("getRevisionById", 200, byId);
    expectSpec0146Response("getRevisionById", 200, byId);
  });

  it("places it in both pages' documents as a reusable-content block, and keeps {% include %} in their markdown", async () => {
    const block = { object: "block", type: "reusable-content", key: expect.any(String), isVoid: true, data: { ref: { kind: "reusable-content", reusableContent: reusableContentId } } };
    for (const pageId of [pages.home, pages.setup]) {
      const page = await read(f.read, content(`/page/${pageId}?format=document`));
      expect(page.document.nodes).toContainEqual(block);
      expectSpecResponse("getPageById", 200, page);
      expectSpec0146Response("getPageById", 200, page);
    }
    const setup = await read(f.read, content(`/page/${pages.setup}?format=document`));
    // Only a paragraph that is the tag alone is the block; one inside a sentence stays text.
    expect(setup.document.nodes.map((node: { type: string }) => node.type)).toEqual(["reusable-content", "paragraph"]);
    const markdown = await read(f.read, content(`/page/${pages.home}`));
    expect(markdown.markdown).toBe(`Welcome.\n\n{% include "/reusable-contents/${reusableContentId}" %}\n`);
  });

  it("answers the four reads, valid against 0.146 and 0.202, through both of GitBook's clients", async () => {
    const changeRequest = await createChangeRequest(f.admin, spaceId);
    const expected = (await read(f.read, content())).reusableContents[0];
    const reads: Array<[string, string]> = [
      ["getReusableContentById", content(`/reusable-contents/${reusableContentId}`)],
      ["getReusableContentInRevisionById", inRevision(`/reusable-contents/${reusableContentId}`)],
      ["getReusableContentInChangeRequestById", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/reusable-contents/${reusableContentId}?metadata=false&computed=false`],
    ];
    for (const [operationId, path] of reads) {
      const body = await read(f.read, path);
      expect(body, operationId).toEqual(expected);
      expectSpecResponse(operationId, 200, body);
      expectSpec0146Response(operationId, 200, body);
    }
    const document = await read(f.read, inRevision(`/reusable-contents/${reusableContentId}/document?evaluated=true`));
    expect(document.object).toBe("document");
    expect(document.nodes).toHaveLength(1);
    const links = document.nodes[0].nodes.filter((node: { object: string }) => node.object === "inline");
    expect(links.map((link: { data: { ref: unknown } }) => link.data.ref)).toEqual([
      { kind: "url", url: "https://forum.example.com" },
      { kind: "page", page: pages.setup },
    ]);
    expectSpecResponse("getReusableContentDocumentInRevisionById", 200, document);
    expectSpec0146Response("getReusableContentDocumentInRevisionById", 200, document);

    const api = gitbookClient(f.read);
    const old = new GitBookAPI0146({ endpoint: ORIGIN, authToken: f.read.token, serviceBinding: SELF });
    for (const client of [api, old]) {
      expect((await client.spaces.getReusableContentById(spaceId, reusableContentId)).data).toEqual(expected);
      expect((await client.spaces.getReusableContentInRevisionById(spaceId, revisionId, reusableContentId)).data).toEqual(expected);
      expect((await client.spaces.getReusableContentInChangeRequestById(spaceId, changeRequest.id, reusableContentId)).data).toEqual(expected);
      expect((await client.spaces.getReusableContentDocumentInRevisionById(spaceId, revisionId, reusableContentId)).data).toEqual(document);
    }
  });

  it("serves them from the revision cache with a strong ETag, and 304 when it is sent back", async () => {
    for (const path of [content(`/reusable-contents/${reusableContentId}`), inRevision(`/reusable-contents/${reusableContentId}/document`)]) {
      const first = await call("GET", path, { token: f.read.token });
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^"[^"]+"$/);
      const again = await call("GET", path, { token: f.read.token, headers: { "If-None-Match": etag! } });
      expect(again.status, path).toBe(304);
      // Access is decided again (one round trip); the body comes from the cache.
      expect(serverTiming(again).metrics.get("cache")?.desc, path).toMatch(/^(memory hit|hit)$/);
      expect(serverTiming(again).d1.roundTrips, path).toBe(1);
    }
  });

  it("expands the block into the reusable content with dereferenced=true or reusable-contents", async () => {
    const plain = await read(f.read, content(`/page/${pages.home}?format=document`));
    for (const dereferenced of ["true", "reusable-contents"]) {
      const page = await read(f.read, content(`/page/${pages.home}?format=document&dereferenced=${dereferenced}`));
      expect(page.document.nodes.map((node: { type: string }) => node.type)).toEqual(["paragraph", "paragraph"]);
      expect(JSON.stringify(page.document.nodes[1])).toContain("Ask on ");
      expectSpecResponse("getPageById", 200, page);
    }
    expect(plain.document.nodes.map((node: { type: string }) => node.type)).toEqual(["paragraph", "reusable-content"]);
    const markdown = await read(f.read, content(`/page/${pages.home}?dereferenced=true`));
    expect(markdown.markdown).toBe(`Welcome.\n\nAsk on [the forum](https://forum.example.com) or read [Setup](/pages/${pages.setup}).\n`);
    const inPath = await read(f.read, inRevision(`/page/${pages.setup}?format=document&dereferenced=reusable-contents`));
    expect(inPath.document.nodes.map((node: { type: string }) => node.type)).toEqual(["paragraph", "paragraph"]);
  });

  it("answers 404 for an unknown reusable content, a revision of no such id, and a space of another organization; 400 for a bad query", async () => {
    const changeRequest = await createChangeRequest(f.admin, spaceId);
    const unknown = [
      content(`/reusable-contents/${NO_SUCH_REUSABLE_CONTENT}`),
      inRevision(`/reusable-contents/${NO_SUCH_REUSABLE_CONTENT}`),
      inRevision(`/reusable-contents/${NO_SUCH_REUSABLE_CONTENT}/document`),
      `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/reusable-contents/${NO_SUCH_REUSABLE_CONTENT}`,
    ];
    for (const path of unknown) expect(errorMessage(await call("GET", path, { token: f.read.token }), 404), path).toBe(`Reusable content '${NO_SUCH_REUSABLE_CONTENT}' not found`);
    // A page id is not a reusable content's: entries are read by their kind.
    expect((await call("GET", content(`/reusable-contents/${pages.home}`), { token: f.read.token })).status).toBe(404);
    const otherRevision = `/v1/spaces/${spaceId}/revisions/noSuchRevision000000/reusable-contents/${reusableContentId}`;
    expect(errorMessage(await call("GET", otherRevision, { token: f.read.token }), 404)).toBe("Revision 'noSuchRevision000000' not found");

    const known = [content(`/reusable-contents/${reusableContentId}`), inRevision(`/reusable-contents/${reusableContentId}/document`)];
    for (const path of known) {
      expect(errorMessage(await call("GET", path, { token: f.outsider.token }), 404), path).toMatch(/not found$/);
      expect((await call("GET", path, { token: f.guest.token })).status, path).toBe(404);
      expect((await call("GET", path)).status, path).toBe(401);
    }
    const badQuery = await call("GET", inRevision(`/reusable-contents/${reusableContentId}/document?dereferenced=maybe`), { token: f.read.token });
    expect(errorMessage(badQuery, 400)).toMatch(/dereferenced/);
  });
});
