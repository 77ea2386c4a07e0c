import { call } from "../../helpers/http";

/**
 * The operations of the OpenAPI document the Worker serves, as the matrix sees them: where they
 * live, who may call them (`x-permission`, declared on every route) and the example of their body.
 * Everything the matrix checks is read from here, so a route is covered the moment it is declared.
 */

export type Permission =
  | { organization: string; note?: string }
  | { content: string; on: "space" | "collection"; note?: string }
  | { site: string; note?: string }
  | { anyUser: string }
  | { outsiders: string }
  | { anyone: string };

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  permission?: Permission;
  /** The body's example, with the placeholders of src/schemas/examples.ts still in it. */
  example?: unknown;
  /** Whether the operation must be sent a body (`requestBody.required`); absent when it takes none. */
  bodyRequired?: boolean;
  /** A site's visitor may call it with a site token (its security lists `site`). */
  readsPublished: boolean;
  /** The required query parameters with their examples (`?query=…`), or "": what a valid call sends. */
  requiredQuery: string;
  /** The path templates of every GET operation, to read what an operation might change. */
}

type Schema = { $ref?: string; example?: unknown };
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type RawOperation = {
  operationId: string;
  security?: Array<Record<string, unknown>>;
  "x-permission"?: Permission;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
};

/** `?name=example&…` for the operation's required query parameters (e.g. a search's `query`). */
function requiredQueryOf(operation: RawOperation): string {
  const required = (operation.parameters ?? []).filter((parameter) => parameter.in === "query" && parameter.required);
  return required.length === 0 ? "" : `?${new URLSearchParams(required.map((parameter) => [parameter.name, String(parameter.schema?.example ?? "")]))}`;
}

export async function loadOperations(): Promise<{ operations: Operation[]; readable: Set<string> }> {
  const document = (await call("GET", "/v1/openapi.json")).body as {
    paths: Record<string, Record<string, RawOperation>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()!]!) : schema);
  const operations: Operation[] = [];
  const readable = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === "get") readable.add(path);
      const schema = operation.requestBody?.content["application/json"]?.schema;
      operations.push({
        method,
        path,
        operationId: operation.operationId,
        permission: operation["x-permission"],
        example: schema ? (schema.example ?? resolve(schema).example) : undefined,
        // OpenAPI's default: a body not marked required is optional.
        bodyRequired: operation.requestBody ? operation.requestBody.required === true : undefined,
        requiredQuery: requiredQueryOf(operation),
        readsPublished: (operation.security ?? []).some((scheme) => "site" in scheme),
      });
    }
  }
  return { operations, readable };
}

/** A concrete URL for a templated path, with the ids given and made-up other ids. */
export function concretePath(path: string, ids: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? (name === "emailDomain" ? "example.com" : `unknown${name}`));
}

/** The URL a valid call of the operation goes to: its concrete path and its required query. */
export const operationUrl = (operation: Operation, ids: Record<string, string> = {}) => concretePath(operation.path, ids) + operation.requiredQuery;

/** The names of the ids in a path template, e.g. ["spaceId", "changeRequestId"]. */
export const pathIds = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
