import { parseDocument } from "yaml";
import type { OpenAPIProcessingError } from "../../db/schema";

/**
 * Reads a specification's text (JSON or YAML) and checks that it is an OpenAPI 3.0/3.1 or Swagger
 * 2.0 document. Every error says where it is, so the person who wrote the document can fix it:
 * `Line 4, column 3: …` for syntax, a JSON pointer (`/info/title: …`) for structure.
 */

export type SpecFormat = "json" | "yaml";

export type ParsedSpec =
  | { ok: true; format: SpecFormat; document: Record<string, unknown>; dialect: "openapi-3.0" | "openapi-3.1" | "swagger-2.0" }
  | { ok: false; errors: OpenAPIProcessingError[] };

/** How many errors a spec keeps (`lastProcessedErrors`); `lastProcessedErrorCount` has them all. */
export const MAX_REPORTED_ERRORS = 20;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** JSON when the text starts like JSON, YAML otherwise (YAML 1.2 would read JSON too, with worse messages). */
export const formatOf = (text: string): SpecFormat => (/^\s*[{[]/.test(text) ? "json" : "yaml");

export function parseSpec(text: string): ParsedSpec {
  const format = formatOf(text);
  const read = format === "json" ? readJson(text) : readYaml(text);
  if (!read.ok) return read;
  const errors = structuralErrors(read.value);
  if (errors.length > 0) return { ok: false, errors };
  const document = read.value as Record<string, unknown>;
  const dialect = document.swagger !== undefined ? "swagger-2.0" : String(document.openapi).startsWith("3.1") ? "openapi-3.1" : "openapi-3.0";
  return { ok: true, format, document, dialect };
}

/** The parsed value of text already known to be valid (a stored version's content). */
export function readStoredSpec(text: string, format: SpecFormat): unknown {
  return format === "json" ? JSON.parse(text) : parseDocument(text).toJS();
}

function readJson(text: string): { ok: true; value: unknown } | { ok: false; errors: OpenAPIProcessingError[] } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(message.match(/position (\d+)/)?.[1] ?? text.length);
    const { line, column } = lineAndColumn(text, position);
    const reason = message.replace(/\s*(in JSON )?at position \d+.*$/s, "").replace(/^JSON\.parse: /, "");
    return { ok: false, errors: [{ code: "JSON_SYNTAX", message: `Line ${line}, column ${column}: ${reason} (JSON syntax)` }] };
  }
}

function readYaml(text: string): { ok: true; value: unknown } | { ok: false; errors: OpenAPIProcessingError[] } {
  const document = parseDocument(text, { uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      errors: document.errors.map((error) => {
        const [start] = error.linePos ?? [];
        const reason = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        const where = start ? `Line ${start.line}, column ${start.col}: ` : "";
        return { code: `YAML_${error.code}`, message: `${where}${reason} (YAML syntax)` };
      }),
    };
  }
  return { ok: true, value: document.toJS({ maxAliasCount: 1000 }) };
}

function lineAndColumn(text: string, position: number) {
  const before = text.slice(0, position).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** What a document lacks to be an OpenAPI 3.0/3.1 or Swagger 2.0 description, by JSON pointer. */
function structuralErrors(value: unknown): OpenAPIProcessingError[] {
  const errors: OpenAPIProcessingError[] = [];
  const fail = (pointer: string, message: string) => errors.push({ code: "STRUCTURE", message: `${pointer || "/"}: ${message}` });
  if (!isObject(value)) {
    fail("", "the document must be an object with an 'openapi' (3.0 or 3.1) or 'swagger' (2.0) field");
    return errors;
  }
  const { openapi, swagger } = value;
  const isSwagger = swagger !== undefined;
  if (isSwagger) {
    if (swagger !== "2.0") fail("/swagger", `must be "2.0" (found ${JSON.stringify(swagger)})`);
  } else if (openapi === undefined) {
    fail("", "this is not an OpenAPI document: it has neither an 'openapi' field (3.0 or 3.1) nor a 'swagger' field (2.0)");
    return errors;
  } else if (typeof openapi !== "string" || !/^3\.[01]\.\d+(-.+)?$/.test(openapi)) {
    fail("/openapi", `must be a 3.0.x or 3.1.x version string (found ${JSON.stringify(openapi)})`);
  }
  if (!isObject(value.info)) fail("/info", "is required: an object with 'title' and 'version'");
  else {
    if (typeof value.info.title !== "string") fail("/info/title", "is required and must be a string");
    if (typeof value.info.version !== "string") fail("/info/version", "is required and must be a string (quote numbers such as \"1.0\")");
  }
  const is31 = typeof openapi === "string" && openapi.startsWith("3.1");
  if (value.paths === undefined) {
    if (!is31) fail("/paths", "is required");
    else if (value.webhooks === undefined && value.components === undefined) fail("", "an OpenAPI 3.1 document needs 'paths', 'webhooks' or 'components'");
  } else if (!isObject(value.paths)) fail("/paths", "must be an object of paths");
  else {
    for (const [path, item] of Object.entries(value.paths)) {
      const pointer = `/paths/${escapePointer(path)}`;
      if (!path.startsWith("/")) fail(pointer, "a path must start with '/'");
      if (!isObject(item)) {
        fail(pointer, "must be a path item object");
        continue;
      }
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (operation === undefined) continue;
        if (!isObject(operation)) fail(`${pointer}/${method}`, "must be an operation object");
        else if (operation.responses !== undefined && !isObject(operation.responses)) fail(`${pointer}/${method}/responses`, "must be an object of responses by status");
        else if (operation.responses === undefined && !is31) fail(`${pointer}/${method}/responses`, "is required");
      }
    }
  }
  return errors;
}
