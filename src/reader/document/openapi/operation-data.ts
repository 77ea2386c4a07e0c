/*
 * The data an API reference block shows (types.ts: OpenAPIOperationData, OpenAPISchemaData),
 * read from a parsed OpenAPI 3.x or Swagger 2.0 document: what the caller's openapiOperation
 * and openapiSchemas lookups return for a spec it loaded. Pure; reuses the markdown generator's
 * readers (formats/openapi/to-markdown.ts) so both views of a spec agree.
 */
import { collectOperations, resolve, typeOf } from "../../../formats/openapi/to-markdown";
import type { OpenAPIMediaType, OpenAPIOperationData, OpenAPIParameter, OpenAPIProperty, OpenAPISchemaData } from "../types";

type Json = Record<string, any>;

const MAX_PROPERTIES = 200;
const MAX_EXAMPLE_CHARS = 10_000;
const MAX_EXAMPLE_DEPTH = 4;

const shortType = (spec: Json, schema: Json | undefined) => typeOf(spec, schema).replaceAll("`", "");
const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

/** One operation of `spec` (or, with `webhook`, the webhook named `path`); null when there is none. */
export function openapiOperationData(spec: Json, method: string, path: string, webhook = false): OpenAPIOperationData | null {
  const source = webhook ? { ...spec, paths: { [path]: spec.webhooks?.[path] } } : spec;
  const entry = collectOperations(source).find((candidate) => candidate.method === method.toLowerCase() && candidate.path === path);
  if (!entry) return null;
  const { operation, parameters } = entry;
  const plain = parameters.filter((parameter) => parameter.in !== "body" && parameter.in !== "formData");
  const requestBody = requestBodyOf(spec, operation, parameters);
  const servers = serversOf(spec, operation, source.paths?.[path]);
  return {
    method: entry.method,
    path: entry.path,
    ...optional("summary", text(operation.summary)),
    ...optional("description", text(operation.description)),
    ...(operation.deprecated === true ? { deprecated: true } : {}),
    ...(servers.length > 0 ? { servers } : {}),
    parameters: plain.map((parameter) => parameterOf(spec, parameter)),
    ...(requestBody ? { requestBody } : {}),
    responses: Object.entries((operation.responses ?? {}) as Json).map(([status, raw]) => {
      const response = resolve(spec, raw);
      return { status, ...optional("description", text(response.description)), contents: contentsOf(spec, response, operation.produces ?? spec.produces) };
    }),
  };
}

/** The schemas named (OpenAPI 3 `components.schemas`, Swagger 2 `definitions`), in the order asked; unknown names are left out. */
export function openapiSchemasData(spec: Json, names: readonly string[]): OpenAPISchemaData[] {
  const schemas = { ...((spec.definitions ?? {}) as Json), ...((spec.components?.schemas ?? {}) as Json) };
  return names.flatMap((name) => {
    if (!Object.hasOwn(schemas, name)) return [];
    const schema = resolve(spec, schemas[name] as Json);
    return [{ name, ...optional("description", text(schema.description)), type: shortType(spec, schema), properties: propertiesOf(spec, schema) }];
  });
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function parameterOf(spec: Json, parameter: Json): OpenAPIParameter {
  return {
    name: String(parameter.name ?? ""),
    in: String(parameter.in ?? "query"),
    type: shortType(spec, parameter.schema ?? parameter),
    ...(parameter.required === true ? { required: true } : {}),
    ...(parameter.deprecated === true ? { deprecated: true } : {}),
    ...optional("description", text(parameter.description)),
  };
}

function requestBodyOf(spec: Json, operation: Json, parameters: Json[]): OpenAPIOperationData["requestBody"] {
  const swaggerBody = parameters.find((parameter) => parameter.in === "body");
  if (swaggerBody) {
    const media = ((operation.consumes ?? spec.consumes ?? ["application/json"]) as string[])[0] ?? "application/json";
    return {
      ...(swaggerBody.required === true ? { required: true } : {}),
      ...optional("description", text(swaggerBody.description)),
      contents: [mediaTypeOf(spec, media, { schema: swaggerBody.schema })],
    };
  }
  if (!operation.requestBody) return undefined;
  const body = resolve(spec, operation.requestBody);
  return { ...(body.required === true ? { required: true } : {}), ...optional("description", text(body.description)), contents: contentsOf(spec, body, undefined) };
}

/** The media types of a request body or response: OpenAPI 3 `content`, or Swagger 2's one schema. */
function contentsOf(spec: Json, holder: Json, produces: unknown): OpenAPIMediaType[] {
  if (holder.content && typeof holder.content === "object") {
    return Object.entries(holder.content as Json).map(([media, content]) => mediaTypeOf(spec, media, (content ?? {}) as Json));
  }
  if (!holder.schema) return [];
  const media = Array.isArray(produces) && typeof produces[0] === "string" ? produces[0] : "application/json";
  return [mediaTypeOf(spec, media, { schema: holder.schema, example: holder.examples?.[media] })];
}

function mediaTypeOf(spec: Json, mediaType: string, content: Json): OpenAPIMediaType {
  const schema = content.schema ? resolve(spec, content.schema) : undefined;
  const properties = schema ? propertiesOf(spec, schema) : [];
  const example = exampleText(spec, content, schema);
  return {
    mediaType,
    ...(content.schema ? { type: shortType(spec, content.schema) } : {}),
    ...(properties.length > 0 ? { properties } : {}),
    ...(example !== undefined ? { example } : {}),
  };
}

/** The properties of an object schema (of an array's items; allOf parts merged), one level deep. */
function propertiesOf(spec: Json, schema: Json): OpenAPIProperty[] {
  const object = schema.type === "array" && schema.items ? resolve(spec, schema.items) : schema;
  const parts = [object, ...((Array.isArray(object.allOf) ? object.allOf : []) as Json[]).map((part) => resolve(spec, part))];
  const required = new Set(parts.flatMap((part) => (Array.isArray(part.required) ? (part.required as string[]) : [])));
  const properties = parts.flatMap((part) => Object.entries((part.properties ?? {}) as Json));
  return properties.slice(0, MAX_PROPERTIES).map(([name, raw]) => {
    const property = resolve(spec, (raw ?? {}) as Json);
    return {
      name,
      type: shortType(spec, raw as Json),
      ...(required.has(name) ? { required: true } : {}),
      ...(property.deprecated === true ? { deprecated: true } : {}),
      ...optional("description", text(property.description)),
    };
  });
}

function serversOf(spec: Json, operation: Json, pathItem: Json | undefined): string[] {
  const servers = (operation.servers ?? pathItem?.servers ?? spec.servers) as Json[] | undefined;
  if (Array.isArray(servers)) return servers.flatMap((server) => (typeof server?.url === "string" ? [server.url] : []));
  if (typeof spec.host === "string") {
    const scheme = Array.isArray(spec.schemes) && typeof spec.schemes[0] === "string" ? spec.schemes[0] : "https";
    return [`${scheme}://${spec.host}${typeof spec.basePath === "string" ? spec.basePath : ""}`];
  }
  return [];
}

/** The example the spec gives (media example, first named example, schema example), else one made from the schema. */
function exampleText(spec: Json, content: Json, schema: Json | undefined): string | undefined {
  const named = content.examples && typeof content.examples === "object" ? Object.values(content.examples as Json)[0] : undefined;
  const given = content.example ?? (named ? resolve(spec, named as Json).value : undefined) ?? schema?.example;
  const value = given !== undefined ? given : schema ? sampleOf(spec, schema, 0) : undefined;
  if (value === undefined) return undefined;
  const serialized = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return serialized.length > MAX_EXAMPLE_CHARS ? undefined : serialized;
}

/** A sample value of a schema: its example, default or first enum value, else a placeholder by type. */
function sampleOf(spec: Json, raw: Json, depth: number): unknown {
  const schema = resolve(spec, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (depth >= MAX_EXAMPLE_DEPTH) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.find((candidate: unknown) => candidate !== "null") : schema.type;
  if (type === "array") return schema.items ? [sampleOf(spec, schema.items, depth + 1)].filter((item) => item !== undefined) : [];
  if (type === "object" || schema.properties || schema.allOf) {
    const entries = propertiesOf(spec, schema).map((property) => {
      const holder = [schema, ...((schema.allOf ?? []) as Json[]).map((part) => resolve(spec, part))].find((part) => part.properties?.[property.name]);
      return [property.name, sampleOf(spec, holder?.properties?.[property.name] ?? {}, depth + 1)] as const;
    });
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }
  if (type === "integer" || type === "number") return 0;
  if (type === "boolean") return true;
  if (type === "string") return schema.format === "date-time" ? "2024-01-01T00:00:00Z" : schema.format === "uuid" ? "00000000-0000-0000-0000-000000000000" : "string";
  return undefined;
}
