import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage } from "../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { ADMIN_TOKEN, call, errorMessage } from "../helpers/http";
import { createSpec, specQueue } from "../helpers/openapi";
import { serverTiming } from "../helpers/server-timing";
import { createSite } from "../helpers/sites";

/**
 * Every list of the API (an operation of the served OpenAPI document answering `{items, next}`)
 * authenticates, authorizes and reads its page, its count and what its items refer to in one D1
 * round trip (docs/architecture.md, "Lists: keyset pagination"); a content list read from D1 rather
 * than the revision cache takes two (access, then the revision), as every content read does. A
 * list that is declared is covered here the moment it is: its path parameters are filled from the
 * fixtures below, by name.
 */

const UNKNOWN_TOKEN = "gb_api_this-token-was-never-issued-to-anyone-at-all";

/** Lists that are not one batch of D1 reads, and why (asserted to be exactly these). */
const NOT_ONE_BATCH: Record<string, string> = {
  searchSpaceContent: "search ranks in its own statements (docs/performance.md, \"Search\"); its budget is a page read's",
  searchOrganizationContent: "search ranks in its own statements, after the organization's spaces are known",
  listSpaceTemplates: "the catalogue is code: no D1 at all",
};

type Operation = { operationId: string; path: string };

async function listOperations(): Promise<Operation[]> {
  const document = (await call("GET", "/v1/openapi.json")).body;
  const resolve = (schema: any): any => (schema?.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()]) : schema);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    const schema = resolve(methods.get?.responses?.["200"]?.content?.["application/json"]?.schema);
    if (schema?.properties?.items && schema.properties.next) operations.push({ operationId: methods.get.operationId, path });
  }
  return operations;
}

describe("every list in one round trip", () => {
  let admin: TestUser;
  let reader: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await createUser("list-trips-admin");
    reader = await createUser("list-trips-reader");
    ids.userId = admin.id;
    ids.organizationId = (await createOrganization(admin)).id;
    await addMember(admin, ids.organizationId!, reader, "review");
    ids.spaceId = (await createSpace(admin, ids.organizationId!)).id;
    const edit = await commitToMain(admin, ids.spaceId!, [
      { operation: "insert_page", ref: "p", title: "P", document: { markdown: "See [the file](./notes.txt).\n" } },
      { operation: "insert_files", files: [{ ref: "notes.txt", name: "notes.txt", contentType: "text/plain", base64: btoa("Notes\n") }] },
    ]);
    ids.pageId = createdPage(edit, "p");
    ids.fileId = edit.insertedFiles[0]!.id;
    ids.revisionId = (await call("GET", `/v1/spaces/${ids.spaceId}`, { token: admin.token })).body.revision;
    ids.changeRequestId = (await createChangeRequest(admin, ids.spaceId!)).id;
    const comment = await call("POST", `/v1/spaces/${ids.spaceId}/comments`, { token: reader.token, body: { body: { markdown: "A comment" } } });
    ids.commentId = comment.body.id;
    const crComment = await call("POST", `/v1/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}/comments`, { token: reader.token, body: { body: { markdown: "A comment" } } });
    ids.crCommentId = crComment.body.id;
    ids.collectionId = (await call("POST", `/v1/orgs/${ids.organizationId}/collections`, { token: admin.token, body: { title: "C" } })).body.id;
    ids.teamId = (await call("PUT", `/v1/orgs/${ids.organizationId}/teams`, { token: admin.token, body: { title: "T" } })).body.id;
    ids.siteId = (await createSite(admin, ids.organizationId!)).id;
    ids.specSlug = (await createSpec(admin.token, ids.organizationId!, { text: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n" })).slug;
    specQueue.take();
  });

  /** The operation's path with the fixtures' ids (the comment of the change request under one). */
  const concrete = ({ path }: Operation) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const id = name === "commentId" && path.includes("/change-requests/") ? ids.crCommentId : ids[name];
      if (id === undefined) throw new Error(`no fixture for {${name}} in ${path}`);
      return id;
    });
  const tokenFor = ({ path }: Operation) => (path.startsWith("/admin/") ? ADMIN_TOKEN : admin.token);
  const isContent = ({ path }: Operation) => /\/(content|revisions\/\{revisionId\})\/|\/links$/.test(path);

  it("lists the operations it knows about: every list but the named exceptions", async () => {
    const operations = await listOperations();
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => operation.operationId).filter((id) => id in NOT_ONE_BATCH).sort()).toEqual(Object.keys(NOT_ONE_BATCH).sort());
  });

  it("answers each in one round trip (content lists: one cached, two read from D1)", async () => {
    for (const operation of (await listOperations()).filter((candidate) => !(candidate.operationId in NOT_ONE_BATCH))) {
      const path = `${concrete(operation)}?limit=100`;
      const token = tokenFor(operation);
      const first = await call("GET", path, { token, headers: { "Cache-Control": "no-cache" } });
      expect(first.status, `${operation.operationId}: ${JSON.stringify(first.body)}`).toBe(200);
      expect(serverTiming(first).d1.roundTrips, operation.operationId).toBe(isContent(operation) ? 2 : 1);
      if (isContent(operation)) expect(serverTiming(await call("GET", path, { token })).d1.roundTrips, operation.operationId).toBe(1);
    }
  });

  it("is a 401 for an unknown or missing token before anything else, in that one round trip", async () => {
    for (const operation of await listOperations()) {
      if (operation.path.startsWith("/admin/")) continue;
      const path = concrete(operation);
      const refused = await call("GET", path, { token: UNKNOWN_TOKEN });
      expect(errorMessage(refused, 401), operation.operationId).toBe("Invalid API token");
      if (!(operation.operationId in NOT_ONE_BATCH)) expect(serverTiming(refused).d1.roundTrips, operation.operationId).toBe(1);
      expect(errorMessage(await call("GET", path), 401), operation.operationId).toMatch(/Missing API token/);
      // A malformed page cursor is refused only once the caller is known.
      expect(errorMessage(await call("GET", `${path}?limit=-1`, { token: UNKNOWN_TOKEN }), 401), operation.operationId).toBe("Invalid API token");
    }
  });

  it("is a 403 for a role that may not list, after that one round trip", async () => {
    for (const list of ["link-invites", "saml"]) {
      const refused = await call("GET", `/v1/orgs/${ids.organizationId}/${list}`, { token: reader.token });
      expect(errorMessage(refused, 403), list).toMatch(/admin/);
      expect(serverTiming(refused).d1.roundTrips, list).toBe(1);
    }
  });

  it("is a 404 for an outsider, with nothing of the page read shown", async () => {
    const outsider = await createUser("list-trips-outsider");
    await createOrganization(outsider);
    for (const operation of await listOperations()) {
      if (operation.path.startsWith("/admin/") || operation.operationId in NOT_ONE_BATCH || !operation.path.includes("{")) continue;
      expect((await call("GET", concrete(operation), { token: outsider.token })).status, operation.operationId).toBe(404);
    }
  });
});
