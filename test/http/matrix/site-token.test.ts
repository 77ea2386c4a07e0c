import { beforeAll, expect, it } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { publishedSite, resolved, spaceWithPages } from "../../helpers/published";
import { loadOperations, operationUrl, type Operation } from "./operations";

/**
 * A site token (a published URL's `apiToken`) is taken only by the routes that read published
 * content (their security lists `site`): every other /v1 route refuses it with a 403, before it
 * runs, whatever it is about. What the reads let it see is tested in test/routes/published.
 */

let operations: Operation[] = [];
let token: string;

beforeAll(async () => {
  operations = (await loadOperations()).operations.filter(
    (operation) => operation.path.startsWith("/v1/") && operation.path !== "/v1/openapi.json" && !(operation.permission && "anyone" in operation.permission),
  );
  const owner = await createUser("owner");
  const orgId = (await createOrganization(owner)).id;
  const docs = await spaceWithPages(owner, orgId, "Docs", [{ ref: "a", title: "A" }]);
  const { root } = await publishedSite(owner, orgId, [docs.space.id], { basename: "matrix" });
  token = (await resolved(root)).apiToken;
});

it("is refused (403) by every route but the reads of published content", async () => {
  const refusing = operations.filter((operation) => !operation.readsPublished);
  expect(refusing.length).toBeGreaterThan(150);
  const failures = (
    await Promise.all(
      refusing.map(async (operation) => {
        const { method, operationId, example } = operation;
        const response = await call(method.toUpperCase(), operationUrl(operation), { token, body: method === "get" ? undefined : (example ?? {}) });
        if (response.status !== 403) return [`${operationId}: ${response.status}`];
        errorMessage(response, 403);
        return [];
      }),
    )
  ).flat();
  expect(failures).toEqual([]);
});

it("is taken by exactly the reads GitBook's renderer makes of a published site", () => {
  expect(operations.filter((operation) => operation.readsPublished).map((operation) => operation.operationId).sort()).toEqual(
    [
      "getComputedDocument",
      "getComputedRevision",
      "getCurrentRevision",
      "getDocumentById",
      "getEmbedByUrl",
      "getEmbedByUrlInSpace",
      "getFileById",
      "getFileInChangeRequestById",
      "getFileInRevisionById",
      "getPageById",
      "getPageByPath",
      "getPageDocumentInRevisionById",
      "getPageInChangeRequestById",
      "getPageInChangeRequestByPath",
      "getPageInRevisionById",
      "getPageInRevisionByPath",
      "getPublishedContentSite",
      "getReusableContentById",
      "getReusableContentDocumentInRevisionById",
      "getReusableContentInChangeRequestById",
      "getReusableContentInRevisionById",
      "getRevisionById",
      "getRevisionOfChangeRequestById",
      "getSiteRedirectBySource",
      "getSiteStructure",
      "getSpaceById",
      "getUserById",
      "listFiles",
      "listFilesInChangeRequestById",
      "listFilesInRevisionById",
      "listPages",
      "listPagesInChangeRequest",
      "listPagesInRevisionById",
      "searchSiteContent",
      "trackEventsInSiteById",
    ].sort(),
  );
});
