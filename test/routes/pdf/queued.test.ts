import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { markPending, PDF_PENDING_FRESH_MS, pendingKey } from "../../../src/domain/pdf/storage";
import worker from "../../../src/index";
import type { Job, PdfSpec } from "../../../src/lib/jobs";
import { JOBS_QUEUE } from "../../../src/queues/consumer";
import { commitToMain, createSpace } from "../../helpers/content";
import { outlineTitles } from "../../helpers/pdf";
import { downloadPdf, f, fetchUrl, orgId, pdfUrl, spacePdfPath, storedPdf, useSuiteFixture } from "../../helpers/suites/pdf";

/** A PDF too large for a request: queued (pdf.render), its URL answering 503 + Retry-After until the job stored it. */

useSuiteFixture();

const PAGES = 41;

async function runJobs(jobs: Job[]) {
  const batch = createMessageBatch(
    JOBS_QUEUE,
    jobs.map((body, index) => ({ id: `pdf-${index}-${Math.random()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("PDFs made by the pdf.render queue job", () => {
  let spaceId: string;
  const sent: Job[] = [];
  const recordingQueue = { send: async (job: Job) => void sent.push(job), sendBatch: async () => undefined } as unknown as Queue;
  const request = () => pdfUrl(f.read, spacePdfPath(spaceId), {}, { JOBS: recordingQueue });

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Big manual" })).id;
    await commitToMain(
      f.admin,
      spaceId,
      Array.from({ length: PAGES }, (_, index) => ({ operation: "insert_page", title: `Chapter ${index + 1}`, document: { markdown: `Body of chapter ${index + 1}.\n` } })),
    );
  }, 60_000);

  it("queues the PDF, answers its URL at once (503 + Retry-After until ready), and the job makes it", async () => {
    const url = await request();
    expect(sent).toEqual([{ kind: "pdf.render", spec: expect.objectContaining({ spaceId, page: null, only: false, title: "Big manual" }) }]);
    expect(await storedPdf(url)).toBeNull();
    const waiting = await fetchUrl(url);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get("retry-after")).toBe("5");
    expect(JSON.parse(new TextDecoder().decode(waiting.bytes)).error.code).toBe(503);

    // Asked again while it is being made: the same URL, nothing queued twice.
    expect(new URL(await request()).pathname).toBe(new URL(url).pathname);
    expect(sent).toHaveLength(1);

    const result = await runJobs([sent[0]!]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const pdf = await downloadPdf(url);
    expect(pdf.outline).toHaveLength(PAGES);
    expect(outlineTitles(pdf.outline).slice(0, 2)).toEqual(["Chapter 1", "Chapter 2"]);
    // Two contents sheets, then a sheet per chapter.
    expect(pdf.pageCount).toBe(PAGES + 2);
    expect(pdf.pages[PAGES + 1]).toContain("Body of chapter 41.");
    expect(await env.BLOBS.head(pendingKey(new URL(url).pathname.slice("/pdfs/".length)))).toBeNull();

    // Redelivered: the stored file is kept as it is. Asked again: a signature, no job.
    const stored = await storedPdf(url);
    expect((await runJobs([sent[0]!])).explicitAcks).toHaveLength(1);
    expect((await storedPdf(url))!.uploaded.getTime()).toBe(stored!.uploaded.getTime());
    await request();
    expect(sent).toHaveLength(1);
  });

  it("queues it again when its job was lost (the marker went stale: the URL reads 404 meanwhile)", async () => {
    // A new revision: a new PDF, queued.
    const pages = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", title: "Appendix", document: { markdown: "Late addition.\n" } }]);
    expect(pages.changes).toHaveLength(1);
    const url = await request();
    expect(sent).toHaveLength(2);
    const key = decodeURIComponent(new URL(url).pathname.slice("/pdfs/".length));
    await env.BLOBS.put(pendingKey(key), "", { customMetadata: { queuedAt: new Date(Date.now() - PDF_PENDING_FRESH_MS - 1000).toISOString() } });
    expect((await fetchUrl(url)).status).toBe(404);

    await request();
    expect(sent).toHaveLength(3);
    expect((await fetchUrl(url)).status).toBe(503);
    // Both deliveries of the job run: the first makes the file, the second finds it made.
    const result = await runJobs([sent[1]!, sent[2]!]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(outlineTitles((await downloadPdf(url)).outline)).toContain("Appendix");
  });

  it("a job whose revision is gone (its space purged) ends without retrying and clears its marker", async () => {
    const spec = (sent[0] as Extract<Job, { kind: "pdf.render" }>).spec;
    const gone: PdfSpec = { ...spec, revisionId: "nosuchrevision", key: `${spec.key}.gone` };
    await markPending(env.BLOBS, gone.key);
    const result = await runJobs([{ kind: "pdf.render", spec: gone }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await env.BLOBS.head(gone.key)).toBeNull();
    expect(await env.BLOBS.head(pendingKey(gone.key))).toBeNull();
  });
});
