import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PDF_JOB_LIMITS } from "../../../src/domain/pdf/plan";
import { spaceBlobPrefix } from "../../../src/lib/blobs";
import { MAX_CHANGES_PER_REQUEST } from "../../../src/schemas/change-request-content";
import { createChangeRequest, createdPage, createSpace, editContent, mergeChangeRequest } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { f, orgId, pdfUrl, spacePdfPath, useSuiteFixture } from "../../helpers/suites/pdf";

/**
 * More than one PDF may hold, even made by a job (PDF_JOB_LIMITS: a Worker's memory and a
 * consumer's CPU time): a 400 naming `page` and the limit, nothing queued and nothing stored; a
 * part of the same tree still prints.
 */

useSuiteFixture();

const CHAPTER_PAGES = PDF_JOB_LIMITS.pages;

describe("a PDF larger than any PDF may be", () => {
  let spaceId: string;
  let chapterId: string;

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Encyclopaedia" })).id;
    const changeRequest = await createChangeRequest(f.admin, spaceId, "Every article");
    const chapter = await editContent(f.admin, spaceId, changeRequest.id, [{ operation: "insert_page", ref: "chapter", title: "Articles", document: { markdown: "All of them.\n" } }]);
    chapterId = createdPage(chapter, "chapter");
    // The chapter and its 1,000 articles: 1,001 pages in the space, one over the limit.
    for (let first = 0; first < CHAPTER_PAGES; first += MAX_CHANGES_PER_REQUEST) {
      const articles = Array.from({ length: Math.min(MAX_CHANGES_PER_REQUEST, CHAPTER_PAGES - first) }, (_, index) => ({
        operation: "insert_page",
        into: chapterId,
        title: `Article ${first + index + 1}`,
        document: { markdown: `Text of article ${first + index + 1}.\n` },
      }));
      await editContent(f.admin, spaceId, changeRequest.id, articles);
    }
    expect((await mergeChangeRequest(f.admin, spaceId, changeRequest.id)).result).toBe("merge");
  }, 120_000);

  it("is a 400 naming `page` and the limit; nothing is queued or stored", async () => {
    const sent: unknown[] = [];
    const recordingQueue = { send: async (job: unknown) => void sent.push(job), sendBatch: async () => undefined } as unknown as Queue;
    const storedForSpace = async () => (await env.BLOBS.list({ prefix: spaceBlobPrefix(spaceId) })).objects.map((object) => object.key).filter((key) => key.includes("/pdfs/"));
    const response = await call("GET", spacePdfPath(spaceId), { token: f.read.token, bindings: { JOBS: recordingQueue } });
    const message = errorMessage(response, 400);
    expect(message).toContain("'page'");
    expect(message).toContain(`${CHAPTER_PAGES + 1} pages`);
    expect(message).toContain(`(${PDF_JOB_LIMITS.pages} pages, ${PDF_JOB_LIMITS.markdownBytes} bytes)`);
    expect(sent).toEqual([]);
    expect(await storedForSpace()).toEqual([]);
  });

  it("prints a part of the same tree", async () => {
    const articles = await call("GET", `/v1/spaces/${spaceId}/content/pages`, { token: f.read.token });
    const firstArticle = articles.body.pages[0].pages[0];
    expect(firstArticle.title).toBe("Article 1");
    expect(await pdfUrl(f.read, spacePdfPath(spaceId), { page: firstArticle.id })).toMatch(/\/pdfs\//);
  });
});
