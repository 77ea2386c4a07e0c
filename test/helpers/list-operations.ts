import { commitToMain, createChangeRequest, createSpace, createdPage } from "./content";
import { addMember, createOrganization, createUser, type TestUser } from "./fixtures";
import { ADMIN_TOKEN, call } from "./http";
import { createSpec, specQueue } from "./openapi";
import { createSite } from "./sites";

/**
 * Every list of the API, as the served OpenAPI document declares them (an operation answering
 * `{items, next}`), and fixtures to call each one: test/http/list-round-trips.test.ts checks their
 * round trips, bench/profile/list-sql.ts prints the statements each one sends.
 */

export type ListOperation = { operationId: string; path: string };

export async function listOperations(): Promise<ListOperation[]> {
  const document = (await call("GET", "/v1/openapi.json")).body;
  const resolve = (schema: any): any => (schema?.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()]) : schema);
  const operations: ListOperation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    const schema = resolve(methods.get?.responses?.["200"]?.content?.["application/json"]?.schema);
    if (schema?.properties?.items && schema.properties.next) operations.push({ operationId: methods.get.operationId, path });
  }
  return operations;
}

/** An organization with one of everything a list can show (an admin, and a reader who commented), named by `prefix`. */
export async function seedListFixtures(prefix: string) {
  const admin: TestUser = await createUser(`${prefix}-admin`);
  const reader: TestUser = await createUser(`${prefix}-reader`);
  const ids: Record<string, string> = {};
  ids.userId = admin.id;
  const organizationId = (ids.organizationId = (await createOrganization(admin)).id);
  await addMember(admin, organizationId, reader, "review");
  const spaceId = (ids.spaceId = (await createSpace(admin, organizationId)).id);
  const edit = await commitToMain(admin, spaceId, [
    { operation: "insert_page", ref: "p", title: "P", document: { markdown: "See [the file](./notes.txt).\n" } },
    { operation: "insert_files", files: [{ ref: "notes.txt", name: "notes.txt", contentType: "text/plain", base64: btoa("Notes\n") }] },
  ]);
  ids.pageId = createdPage(edit, "p");
  ids.fileId = edit.insertedFiles[0]!.id;
  ids.revisionId = (await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token })).body.revision;
  const changeRequestId = (ids.changeRequestId = (await createChangeRequest(admin, spaceId)).id);
  const comment = await call("POST", `/v1/spaces/${spaceId}/comments`, { token: reader.token, body: { body: { markdown: "A comment" } } });
  ids.commentId = comment.body.id;
  const crComment = await call("POST", `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments`, { token: reader.token, body: { body: { markdown: "A comment" } } });
  ids.crCommentId = crComment.body.id;
  ids.collectionId = (await call("POST", `/v1/orgs/${organizationId}/collections`, { token: admin.token, body: { title: "C" } })).body.id;
  ids.teamId = (await call("PUT", `/v1/orgs/${organizationId}/teams`, { token: admin.token, body: { title: "T" } })).body.id;
  ids.siteId = (await createSite(admin, organizationId)).id;
  ids.specSlug = (await createSpec(admin.token, organizationId, { text: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n" })).slug;
  specQueue.take();

  /** The operation's path with the fixtures' ids (the comment of the change request under one). */
  const concrete = ({ path }: ListOperation) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const id = name === "commentId" && path.includes("/change-requests/") ? ids.crCommentId : ids[name];
      if (id === undefined) throw new Error(`no fixture for {${name}} in ${path}`);
      return id;
    });
  const tokenFor = ({ path }: ListOperation) => (path.startsWith("/admin/") ? ADMIN_TOKEN : admin.token);
  return { admin, reader, ids, concrete, tokenFor };
}
