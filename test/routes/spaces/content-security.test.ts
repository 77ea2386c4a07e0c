import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage } from "../../helpers/content";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { base64Of, changeRequestContentPath, f, orgId, spaceContentPath, textBytes, useSuiteFixture } from "../../helpers/suites/content";

/** Space and change request content reads: who may read them (404 to outsiders and guests, 200 to every role), and unknown spaces or change requests. */

useSuiteFixture();

describe("security of the content routes", () => {
  let routes: Array<[string, string]>;

  beforeAll(async () => {
    const space = await createSpace(f.admin, orgId, { title: "Guarded" });
    const main = await commitToMain(f.admin, space.id, [
      { operation: "insert_page", ref: "p", title: "Guarded page", document: {} },
      { operation: "insert_files", files: [{ name: "g.txt", contentType: "text/plain", base64: base64Of(textBytes("g")) }] },
    ]);
    const page = createdPage(main, "p");
    const file = main.insertedFiles[0]!.id;
    const changeRequest = await createChangeRequest(f.admin, space.id);
    const s = spaceContentPath(space.id);
    const c = changeRequestContentPath(space.id, changeRequest.id);
    routes = [
      ["getCurrentRevision", s],
      ["listPages", `${s}/pages`],
      ["listFiles", `${s}/files`],
      ["getFileById", `${s}/files/${file}`],
      ["listSpaceFileBacklinks", `${s}/files/${file}/backlinks`],
      ["getPageById", `${s}/page/${page}`],
      ["listPageLinksInSpace", `${s}/page/${page}/links`],
      ["listSpaceLinks", `/v1/spaces/${space.id}/links`],
      ["getRevisionOfChangeRequestById", c],
      ["listPagesInChangeRequest", `${c}/pages`],
      ["listFilesInChangeRequestById", `${c}/files`],
      ["getFileInChangeRequestById", `${c}/files/${file}`],
      ["listChangeRequestFileBacklinks", `${c}/files/${file}/backlinks`],
      ["getPageInChangeRequestById", `${c}/page/${page}`],
      ["listPageLinksInChangeRequest", `${c}/page/${page}/links`],
      ["listChangeRequestPageBacklinks", `${c}/page/${page}/backlinks`],
    ];
  }, 60_000);

  it("is a 404 to an outsider and to a guest on every read route", async () => {
    await inParallel(routes, async ([operation, path]) => {
      for (const who of ["outsider", "guest"] as const) {
        const response = await call("GET", path, { token: f[who].token });
        expect(response.status, `${operation} as ${who}: ${JSON.stringify(response.body)}`).toBe(404);
        errorMessage(response, 404);
      }
    });
  });

  it("lets every member with a role read every route, the read role included", async () => {
    await inParallel(["read", "comment", "edit", "review", "create", "admin"] as const, async (role) => {
      for (const [operation, path] of routes) {
        const response = await call("GET", path, { token: f[role].token });
        expect(response.status, `${operation} as ${role}: ${JSON.stringify(response.body)}`).toBe(200);
      }
    });
  });

  it("answers 404 for an unknown space or change request on every read route", async () => {
    const unknown = routes.map(([operation, path]): [string, string] => [
      operation,
      path.replace(/\/v1\/spaces\/[^/]+/, "/v1/spaces/noSuchSpace000000000"),
    ]);
    const unknownChangeRequest = routes
      .filter(([, path]) => path.includes("/change-requests/"))
      .map(([operation, path]): [string, string] => [operation, path.replace(/\/change-requests\/[^/]+/, "/change-requests/noSuchChangeRequest0")]);
    await inParallel([...unknown, ...unknownChangeRequest], async ([operation, path]) => {
      const response = await call("GET", path, { token: f.admin.token });
      expect(response.status, `${operation} ${path}`).toBe(404);
    });
  });
});
