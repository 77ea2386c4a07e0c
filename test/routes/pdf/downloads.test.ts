import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace } from "../../helpers/content";
import { ORIGIN } from "../../helpers/http";
import { DOWNLOAD_URL_LIFETIME_SECONDS, signDownloadUrl } from "../../../src/lib/signed-urls";
import { downloadPdf, f, fetchUrl, orgId, pdfUrl, spacePdfPath, useSuiteFixture } from "../../helpers/suites/pdf";

/** The URL a PDF export answers: signed like a File's downloadURL, refused as it is when forged, altered or expired. */

useSuiteFixture();

describe("GET /pdfs/... (the PDF export's signed URL)", () => {
  let url: string;

  beforeAll(async () => {
    const spaceId = (await createSpace(f.admin, orgId, { title: "Signed" })).id;
    await commitToMain(f.admin, spaceId, [{ operation: "insert_page", title: "Only page", document: { markdown: "Text.\n" } }]);
    url = await pdfUrl(f.read, spacePdfPath(spaceId));
  }, 60_000);

  it("downloads the PDF inline, named after the space, with no token", async () => {
    const response = await fetchUrl(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''Signed.pdf");
    expect(Number(response.headers.get("content-length"))).toBe(response.bytes.length);
    expect((await downloadPdf(url)).text).toContain("Only page");
  });

  it("404 when any part of the URL is altered, the signature is another secret's, or it has expired", async () => {
    const altered = (change: (target: URL) => void) => {
      const target = new URL(url);
      change(target);
      return target.toString();
    };
    const key = decodeURIComponent(new URL(url).pathname.slice("/pdfs/".length));
    const forged = [
      altered((target) => target.searchParams.set("signature", "x".repeat(43))),
      altered((target) => target.searchParams.set("expires", String(Number(target.searchParams.get("expires")) + 60))),
      altered((target) => target.searchParams.set("name", "other.pdf")),
      altered((target) => target.searchParams.set("type", "text/html")),
      altered((target) => (target.pathname = target.pathname.replace(/space\.pdf$/, "only-x.pdf"))),
      altered((target) => target.searchParams.delete("signature")),
      // The same signature on the file route, which signs without the PDF prefix: refused there too.
      altered((target) => (target.pathname = target.pathname.replace(/^\/pdfs\//, "/files/"))),
      await signDownloadUrl(ORIGIN, "another-secret", { blobKey: key, name: "Signed.pdf", contentType: "application/pdf" }, Date.now(), "/pdfs/"),
      await signDownloadUrl(ORIGIN, env.SIGNING_SECRET!, { blobKey: key, name: "Signed.pdf", contentType: "application/pdf" }, Date.now() - (DOWNLOAD_URL_LIFETIME_SECONDS + 60) * 1000, "/pdfs/"),
    ];
    for (const target of forged) {
      const response = await fetchUrl(target);
      expect(response.status, target).toBe(404);
      expect(JSON.parse(new TextDecoder().decode(response.bytes)).error.code).toBe(404);
    }
    // Rightly signed now, it works: the refusals above were the alterations'.
    const fresh = await signDownloadUrl(ORIGIN, env.SIGNING_SECRET!, { blobKey: key, name: "Signed.pdf", contentType: "application/pdf" }, Date.now(), "/pdfs/");
    expect((await fetchUrl(fresh)).status).toBe(200);
  });
});
