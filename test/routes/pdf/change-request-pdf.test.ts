import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, editContent, mergeChangeRequest } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { outlineTitles } from "../../helpers/pdf";
import { expectSpecResponse } from "../../helpers/spec";
import { changeRequestPdfPath, downloadPdf, f, orgId, pdfUrl, spacePdfPath, useSuiteFixture } from "../../helpers/suites/pdf";

/** A change request's PDF (`getChangeRequestPDF`): its draft content, not main's; by id or number. */

useSuiteFixture();

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf (getChangeRequestPDF)", () => {
  let spaceId: string;
  let changeRequest: { id: string; number: number };
  let otherSpaceChangeRequest: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    spaceId = (await createSpace(f.admin, orgId, { title: "Release notes" })).id;
    const main = await commitToMain(f.admin, spaceId, [{ operation: "insert_page", title: "Version 1", document: { markdown: "The first release.\n" } }]);
    ids.v1 = main.changes[0]!.page.id;
    changeRequest = await createChangeRequest(f.edit, spaceId, "Version 2");
    const edit = await editContent(f.edit, spaceId, changeRequest.id, [
      { operation: "insert_page", title: "Version 2", document: { markdown: "A **draft** of the second release.\n" } },
      { operation: "update_page", page: ids.v1, document: { markdown: "The first release, corrected.\n" } },
    ]);
    ids.v2 = edit.changes.find((change) => change.object === "created_page")!.page.id;
    const other = (await createSpace(f.admin, orgId, { title: "Elsewhere" })).id;
    otherSpaceChangeRequest = (await createChangeRequest(f.admin, other)).id;
  }, 60_000);

  it("prints the change request's content, which main does not have yet", async () => {
    const pdf = await downloadPdf(await pdfUrl(f.read, changeRequestPdfPath(spaceId, changeRequest.id)));
    expect(outlineTitles(pdf.outline)).toEqual(["Version 1", "Version 2"]);
    expect(pdf.pages[0]).toMatch(/Release notes Change request · Revision \w+ · \d{4}-\d{2}-\d{2} Contents Version 1 2 Version 2 3/);
    expect(pdf.text).toContain("The first release, corrected.");
    expect(pdf.text).toContain("A draft of the second release.");

    const main = await downloadPdf(await pdfUrl(f.read, spacePdfPath(spaceId)));
    expect(outlineTitles(main.outline)).toEqual(["Version 1"]);
    expect(main.text).toContain("The first release.");
    expect(main.text).not.toContain("corrected");
  });

  it("takes the change request's number, and `page` + `only`; GitBook's client has the method", async () => {
    const byNumber = await downloadPdf(await pdfUrl(f.read, changeRequestPdfPath(spaceId, String(changeRequest.number)), { page: ids.v2, only: true }));
    expect(byNumber.pageCount).toBe(1);
    expect(byNumber.text).toContain("A draft of the second release.");

    const { data } = await gitbookClient(f.comment).spaces.getChangeRequestPdf(spaceId, changeRequest.id, { page: ids.v1 });
    expectSpecResponse("getChangeRequestPDF", 200, data);
    const pdf = await downloadPdf(data.url);
    expect(outlineTitles(pdf.outline)).toEqual(["Version 1"]);
    expect(pdf.text).toContain("corrected");
  });

  it("a page only the change request has is 404 on main; 400 for bad parameters", async () => {
    expect(errorMessage(await call("GET", `${spacePdfPath(spaceId)}?page=${ids.v2}`, { token: f.read.token }), 404)).toContain(ids.v2!);
    expect(errorMessage(await call("GET", `${changeRequestPdfPath(spaceId, changeRequest.id)}?only=1&page=${ids.v2}`, { token: f.read.token }), 400)).toContain("'only'");
    expect(errorMessage(await call("GET", `${changeRequestPdfPath(spaceId, changeRequest.id)}?only=true`, { token: f.read.token }), 400)).toContain("'only'");
  });

  it("a merged change request still prints its content", async () => {
    const merging = await createChangeRequest(f.admin, spaceId, "Merge me");
    await editContent(f.admin, spaceId, merging.id, [{ operation: "insert_page", title: "Merged page", document: { markdown: "Now on main.\n" } }]);
    await mergeChangeRequest(f.admin, spaceId, merging.id);
    const pdf = await downloadPdf(await pdfUrl(f.read, changeRequestPdfPath(spaceId, merging.id)));
    expect(pdf.text).toContain("Now on main.");
  });

  it("every role that reads the space gets it; guest, outsider, another space's change request and unknown ids 404; no token 401", async () => {
    const path = `${changeRequestPdfPath(spaceId, changeRequest.id)}?page=${ids.v2}&only=true`;
    await inParallel([f.admin, f.create, f.review, f.edit, f.comment, f.read], async (user) => {
      expect((await call("GET", path, { token: user.token })).status).toBe(200);
    });
    errorMessage(await call("GET", path, { token: f.guest.token }), 404);
    errorMessage(await call("GET", path, { token: f.outsider.token }), 404);
    errorMessage(await call("GET", changeRequestPdfPath(spaceId, otherSpaceChangeRequest), { token: f.admin.token }), 404);
    errorMessage(await call("GET", changeRequestPdfPath(spaceId, "nosuchchangerequest"), { token: f.admin.token }), 404);
    errorMessage(await call("GET", path), 401);
  });
});
