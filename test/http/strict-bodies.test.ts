import spec from "@gitbook/api/spec/openapi.json";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

/**
 * Nothing a client sends is silently dropped: every field of a request body is either honoured
 * or refused with a 400 that names it. The document checks make this hold for routes added later.
 */

type Schema = { $ref?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };
type Document = { paths: Record<string, Record<string, { operationId?: string; requestBody?: any }>>; components: { schemas: Record<string, Schema> } };

/** Bodies GitBook's own spec leaves open to any field (`additionalProperties: true`). */
const OPEN_BODIES = new Set(["createChangeRequest"]);

const resolve = (document: Document, schema: Schema): Schema =>
  schema.$ref ? resolve(document, document.components.schemas[schema.$ref.split("/").pop()!]!) : schema;

/** The object shapes a body may take (the branches of its unions, resolved). */
function objectShapes(document: Document, schema: Schema): Schema[] {
  const resolved = resolve(document, schema);
  const branches = [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])];
  return resolved.properties ? [resolved, ...branches.flatMap((branch) => objectShapes(document, branch))] : branches.flatMap((branch) => objectShapes(document, branch));
}

function bodies(document: Document): Map<string, Schema> {
  const found = new Map<string, Schema>();
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      if (schema && operation.operationId) found.set(operation.operationId, schema);
    }
  }
  return found;
}

describe("request bodies in the OpenAPI document", () => {
  let ours: Document;
  beforeAll(async () => {
    ours = (await call("GET", "/v1/openapi.json")).body;
  });

  it("refuse fields they do not define", () => {
    const loose = [...bodies(ours)]
      .filter(([operationId]) => !OPEN_BODIES.has(operationId))
      .flatMap(([operationId, schema]) => objectShapes(ours, schema).filter((shape) => shape.additionalProperties !== false).map(() => operationId));
    expect(loose).toEqual([]);
  });

  it("define every field GitBook's spec gives the same operation (honoured, or documented as refused)", () => {
    const gitbook = spec as unknown as Document;
    const theirs = bodies(gitbook);
    const missing = [...bodies(ours)].flatMap(([operationId, schema]) => {
      const theirSchema = theirs.get(operationId);
      if (!theirSchema) return [];
      const defined = new Set(objectShapes(ours, schema).flatMap((shape) => Object.keys(shape.properties ?? {})));
      return objectShapes(gitbook, theirSchema)
        .flatMap((shape) => Object.keys(shape.properties ?? {}))
        .filter((field) => !defined.has(field))
        .map((field) => `${operationId}.${field}`);
    });
    expect(missing).toEqual([]);
  });
});

describe("a body field", () => {
  let user: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    user = await createUser("strict");
    organizationId = (await createOrganization(user)).id;
  });

  const spaceCount = async () => (await call("GET", `/v1/orgs/${organizationId}/spaces`, { token: user.token })).body.count;

  it("that the operation does not define is a 400 naming it, and nothing is created", async () => {
    const before = await spaceCount();
    const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title: "Secret", visibility: "secret" } });
    expect(errorMessage(response, 400)).toBe("Invalid body field 'visibility': not a field this operation accepts");
    expect(await spaceCount()).toBe(before);
  });

  it("that GitBook defines but this deployment does not support is a 400 saying so", async () => {
    const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { template: "api-docs" } });
    expect(errorMessage(response, 400)).toBe("Invalid body field 'template': templates are not supported by this deployment");
  });

  it("that GitBook defines and this deployment honours is accepted: `empty: true` creates a space with no page", async () => {
    const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: { title: "Empty", empty: true } });
    expect(response.status).toBe(201);
    const pages = await call("GET", `/v1/spaces/${response.body.id}/content/pages`, { token: user.token });
    expect(pages.body.pages).toEqual([]);
  });

  it("inside a content change is named with its path", async () => {
    const space = (await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: user.token, body: {} })).body;
    const changeRequest = (await call("POST", `/v1/spaces/${space.id}/change-requests`, { token: user.token, body: {} })).body;
    const response = await call("POST", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`, {
      token: user.token,
      body: { changes: [{ operation: "delete_page", page: "somepage", recursive: true }] },
    });
    expect(errorMessage(response, 400)).toBe("Invalid body field 'changes[0].recursive': not a field this operation accepts");
  });
});
