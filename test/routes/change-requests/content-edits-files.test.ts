import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { editContent } from "../../helpers/content";
import { ORIGIN, errorMessage, workerUnderTest } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type File, base64Of, changeRequestContentPath, changeRequestSnapshot, download, f, postChanges, read, spaceContentPath, spaceWithChangeRequest, textBytes, useSuiteFixture } from "../../helpers/suites/content";
import { DOWNLOAD_PATH_PREFIX, DOWNLOAD_URL_LIFETIME_SECONDS, signDownloadUrl } from "../../../src/lib/signed-urls";

/** Change request content edits (updateChangeRequestContent) of files: insert_files, their signed download URLs and size limit. */

useSuiteFixture();

describe("POST …/change-requests/{id}/content (updateChangeRequestContent): insert_files", () => {
  /** Every byte value, so an encoding slip anywhere shows. */
  const binary = Uint8Array.from({ length: 300 }, (_, index) => (index * 7) % 256);

  it("stores base64 files: listed with name, size and type, downloadable byte for byte through a signed URL", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      {
        operation: "insert_files",
        files: [
          { name: "bytes.bin", contentType: "application/octet-stream", base64: base64Of(binary) },
          { name: "hello world.txt", contentType: "text/plain", base64: base64Of(textBytes("héllo\n")) },
        ],
      },
    ]);
    expectSpecResponse("updateChangeRequestContent", 200, result);
    expect(result.changes).toEqual([]);
    expect(result.insertedFiles).toHaveLength(2);
    expect(result.insertedFiles.map(({ downloadURL: _url, id: _id, ...file }: any) => file)).toEqual([
      { name: "bytes.bin", contentType: "application/octet-stream", size: 300 },
      { name: "hello world.txt", contentType: "text/plain", size: 7 },
    ]);
    const [bin, txt] = result.insertedFiles as unknown as [File, File];

    const listed = await read<{ items: File[]; count: number }>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files`);
    expectSpecResponse("listFilesInChangeRequestById", 200, listed);
    expect(listed.count).toBe(2);
    expect(listed.items.map(({ downloadURL: _url, ...file }) => file).sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
      [bin, txt].map(({ downloadURL: _url, ...file }) => file).sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    // Not on main until merged.
    expect((await read(f.admin, `${spaceContentPath(spaceId)}/files`)).items).toEqual([]);

    const binDownload = await download(bin.downloadURL);
    expect(binDownload.status).toBe(200);
    expect(binDownload.type).toBe("application/octet-stream");
    expect([...binDownload.bytes]).toEqual([...binary]);
    // The URL read from the file itself (a later request, a new signature) works as well.
    const txtFile = await read<File>(f.read, `${changeRequestContentPath(spaceId, changeRequestId)}/files/${txt.id}`);
    expectSpecResponse("getFileInChangeRequestById", 200, txtFile);
    expect(new URL(txtFile.downloadURL).origin).toBe(ORIGIN);
    const txtDownload = await download(txtFile.downloadURL);
    expect(txtDownload.status).toBe(200);
    expect(txtDownload.type).toBe("text/plain");
    expect(new TextDecoder().decode(txtDownload.bytes)).toBe("héllo\n");
  });

  it("keeps files with identical bytes apart: each its own id, name and type", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const same = base64Of(textBytes("<p>same bytes</p>"));
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "page.html", contentType: "text/html", base64: same }] },
      { operation: "insert_files", files: [{ name: "page.txt", contentType: "text/plain", base64: same }] },
    ]);
    const [html, text] = result.insertedFiles as unknown as [File, File];
    expect(html.id).not.toBe(text.id);
    expect((await download(html.downloadURL)).type).toBe("text/html");
    expect((await download(text.downloadURL)).type).toBe("text/plain");
    const listed = await read<{ items: File[] }>(f.admin, `${changeRequestContentPath(spaceId, changeRequestId)}/files`);
    expect(listed.items.map((file) => `${file.name} ${file.contentType} ${file.size}`).sort()).toEqual(["page.html text/html 17", "page.txt text/plain 17"]);
  });

  it("answers 404 for a download URL whose signature, expiry, name or type was altered", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "secret.txt", contentType: "text/plain", base64: base64Of(textBytes("secret")) }] },
    ]);
    const original = result.insertedFiles[0]!.downloadURL;
    expect((await download(original)).status).toBe(200);

    const altered = (change: (url: URL) => void) => {
      const url = new URL(original);
      change(url);
      return url.toString();
    };
    const signature = new URL(original).searchParams.get("signature")!;
    const expires = Number(new URL(original).searchParams.get("expires"));
    const forgeries = {
      signature: altered((url) => url.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)),
      "later expiry": altered((url) => url.searchParams.set("expires", String(expires + 3600))),
      "past expiry": altered((url) => url.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 60))),
      name: altered((url) => url.searchParams.set("name", "other.txt")),
      type: altered((url) => url.searchParams.set("type", "text/html")),
      "no signature": altered((url) => url.searchParams.delete("signature")),
      "other blob": altered((url) => (url.pathname = `${url.pathname.slice(0, -1)}${url.pathname.endsWith("0") ? "1" : "0"}`)),
    };
    for (const [what, url] of Object.entries(forgeries)) {
      const response = await workerUnderTest.fetch(url);
      expect(response.status, what).toBe(404);
      const body = (await response.json()) as { error: { code: number } };
      expect(body.error.code, what).toBe(404);
    }
  });

  it("answers 404 for a correctly signed URL once it has expired (URLs live an hour)", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const result = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "old.txt", contentType: "text/plain", base64: base64Of(textBytes("old")) }] },
    ]);
    const issued = new URL(result.insertedFiles[0]!.downloadURL);
    // It expires an hour after it was issued.
    expect(Number(issued.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeGreaterThan(DOWNLOAD_URL_LIFETIME_SECONDS - 60);
    expect(Number(issued.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(DOWNLOAD_URL_LIFETIME_SECONDS);
    const target = { blobKey: issued.pathname.slice(DOWNLOAD_PATH_PREFIX.length), name: "old.txt", contentType: "text/plain" };
    const secret = (env as unknown as { SIGNING_SECRET: string }).SIGNING_SECRET;
    // Signed with the deployment's secret just now: valid (so the next one fails for its age only).
    const fresh = await signDownloadUrl(ORIGIN, secret, target);
    expect(new TextDecoder().decode((await download(fresh)).bytes)).toBe("old");
    const expired = await signDownloadUrl(ORIGIN, secret, target, Date.now() - (DOWNLOAD_URL_LIFETIME_SECONDS + 60) * 1000);
    expect((await download(expired)).status).toBe(404);
    // Signed with another secret: refused too.
    expect((await download(await signDownloadUrl(ORIGIN, "another-secret", target))).status).toBe(404);
  });

  it("accepts a file of exactly 1 MiB, and refuses one byte more (400 naming the file's base64)", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const mebibyte = new Uint8Array(1024 * 1024).fill(0x61);
    const accepted = await editContent(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "big.bin", contentType: "application/octet-stream", base64: base64Of(mebibyte) }] },
    ]);
    expect(accepted.insertedFiles[0]).toMatchObject({ name: "big.bin", size: 1024 * 1024 });
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const tooBig = new Uint8Array(1024 * 1024 + 1).fill(0x62);
    const response = await postChanges(f.admin, spaceId, changeRequestId, [
      { operation: "insert_files", files: [{ name: "ok.txt", contentType: "text/plain", base64: base64Of(textBytes("ok")) }] },
      { operation: "insert_files", files: [{ name: "bigger.bin", contentType: "application/octet-stream", base64: base64Of(tooBig) }] },
    ]);
    expect(errorMessage(response, 400)).toMatch(/'changes\[1\]\.files\[0\]\.base64'/);
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });

  it("answers 400 naming the field for a bad file", async () => {
    const { spaceId, changeRequestId } = await spaceWithChangeRequest();
    const before = await changeRequestSnapshot(spaceId, changeRequestId);
    const file = { name: "a.txt", contentType: "text/plain", base64: base64Of(textBytes("a")) };
    const cases: Array<[unknown, RegExp]> = [
      [{ operation: "insert_files", files: [{ ...file, base64: "not base64!" }] }, /'changes\[0\]\.files\[0\]\.base64'/],
      [{ operation: "insert_files", files: [{ ...file, contentType: "text" }] }, /'changes\[0\]\.files\[0\]\.contentType'/],
      [{ operation: "insert_files", files: [{ ...file, name: "" }] }, /'changes\[0\]\.files\[0\]\.name'/],
      [{ operation: "insert_files", files: [] }, /'changes\[0\]\.files'/],
      // GitBook's `url` source (fetching the bytes) is not supported: base64 is required.
      [{ operation: "insert_files", files: [{ name: "a.png", contentType: "image/png", url: "https://example.com/a.png" }] }, /'changes\[0\]\.files\[0\]\.base64'/],
    ];
    await inParallel(cases, async ([change, field]) => {
      expect(errorMessage(await postChanges(f.admin, spaceId, changeRequestId, [change]), 400), JSON.stringify(change)).toMatch(field);
    });
    expect(await changeRequestSnapshot(spaceId, changeRequestId)).toEqual(before);
  });
});
