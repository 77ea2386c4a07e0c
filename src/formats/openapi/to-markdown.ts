/**
 * API reference pages generated from an OpenAPI 3.0/3.1 or Swagger 2.0 document, as markdown:
 * one page per tag (operations without a tag go to "Other"), or one page per operation
 * (GitBook's `props.grouping`: "by-tag", the default, or "by-operation"). Each operation shows its
 * method and path, summary, description, parameters, request body and responses. Pure: the
 * computed-page read that calls it (domain/computed-pages) owns caching.
 */

export type Grouping = "by-tag" | "by-operation";

export interface GeneratedPage {
  title: string;
  slug: string;
  markdown: string;
}

type Json = Record<string, any>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface Operation {
  method: string;
  path: string;
  operation: Json;
  /** Parameters of the path item and of the operation, the operation's winning by (name, in). */
  parameters: Json[];
}

export function openAPIToPages(document: Json, grouping: Grouping = "by-tag"): GeneratedPage[] {
  const operations = collectOperations(document);
  if (grouping === "by-operation") {
    return operations.map((entry) => ({
      title: entry.operation.summary || `${entry.method.toUpperCase()} ${entry.path}`,
      slug: slugify(entry.operation.operationId || `${entry.method}-${entry.path}`),
      markdown: operationMarkdown(document, entry, "#"),
    }));
  }
  const byTag = new Map<string, Operation[]>();
  for (const tag of (document.tags ?? []) as Json[]) if (typeof tag?.name === "string") byTag.set(tag.name, []);
  for (const entry of operations) {
    const tag = (entry.operation.tags?.[0] as string | undefined) ?? "Other";
    byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
  }
  const tagDescription = (name: string) => ((document.tags ?? []) as Json[]).find((tag) => tag?.name === name)?.description as string | undefined;
  return [...byTag]
    .filter(([, entries]) => entries.length > 0)
    .map(([tag, entries]) => ({
      title: tag,
      slug: slugify(tag),
      markdown: [`# ${tag}`, tagDescription(tag), ...entries.map((entry) => operationMarkdown(document, entry, "##"))].filter(Boolean).join("\n\n") + "\n",
    }));
}

export function collectOperations(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    if (!item || typeof item !== "object") continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== "object") continue;
      const merged = new Map<string, Json>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])] as Json[]) {
        const resolved = resolve(document, parameter);
        merged.set(`${resolved.in}:${resolved.name}`, resolved);
      }
      operations.push({ method, path, operation, parameters: [...merged.values()] });
    }
  }
  return operations;
}

export function operationMarkdown(document: Json, { method, path, operation, parameters }: Operation, heading: "#" | "##"): string {
  const sub = `${heading}#`;
  const parts = [`${heading} ${operation.summary || `${method.toUpperCase()} ${path}`}`, `\`${method.toUpperCase()} ${path}\``];
  if (operation.deprecated) parts.push("> Deprecated.");
  if (operation.description) parts.push(String(operation.description).trim());
  const plain = parameters.filter((parameter) => parameter.in !== "body");
  if (plain.length > 0) {
    const rows = plain.map((parameter) => `| \`${parameter.name}\` | ${parameter.in} | ${typeOf(document, parameter.schema ?? parameter)} | ${parameter.required ? "yes" : "no"} | ${cell(parameter.description)} |`);
    parts.push(`${sub} Parameters`, ["| name | in | type | required | description |", "|---|---|---|---|---|", ...rows].join("\n"));
  }
  const body = requestBody(document, operation, parameters);
  if (body) parts.push(`${sub} Request body`, body);
  const responses = Object.entries((operation.responses ?? {}) as Json).map(([status, raw]) => {
    const response = resolve(document, raw);
    const schema = response.schema ?? Object.values((response.content ?? {}) as Json)[0]?.schema;
    const media = Object.keys((response.content ?? {}) as Json);
    const what = schema ? ` — ${typeOf(document, schema)}${media.length ? ` (${media.join(", ")})` : ""}` : "";
    return `- **${status}**: ${cell(response.description) || "No description"}${what}`;
  });
  if (responses.length > 0) parts.push(`${sub} Responses`, responses.join("\n"));
  return parts.join("\n\n");
}

function requestBody(document: Json, operation: Json, parameters: Json[]): string | null {
  const swaggerBody = parameters.find((parameter) => parameter.in === "body");
  if (swaggerBody) return `${typeOf(document, swaggerBody.schema)}${swaggerBody.required ? " (required)" : ""}${swaggerBody.description ? `: ${cell(swaggerBody.description)}` : ""}`;
  if (!operation.requestBody) return null;
  const body = resolve(document, operation.requestBody);
  const lines = Object.entries((body.content ?? {}) as Json).map(([media, content]) => `- \`${media}\`: ${typeOf(document, content?.schema)}`);
  return [`${body.required ? "Required." : "Optional."}${body.description ? ` ${cell(body.description)}` : ""}`, ...lines].join("\n");
}

/** A schema's short name: its component name when it is a reference, else its type. */
export function typeOf(document: Json, schema: Json | undefined): string {
  if (!schema || typeof schema !== "object") return "any";
  if (typeof schema.$ref === "string") return `\`${schema.$ref.split("/").pop()}\``;
  if (schema.type === "array") return `array of ${typeOf(document, schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? (schema.properties ? "object" : "any"));
  return schema.format ? `${type} (${schema.format})` : String(type);
}

/** Follows a local `$ref` (`#/...`); anything else is returned as it is. */
export function resolve(document: Json, value: Json): Json {
  let current = value;
  for (let depth = 0; depth < 10 && typeof current?.$ref === "string" && current.$ref.startsWith("#/"); depth++) {
    const target = current.$ref
      .slice(2)
      .split("/")
      .map((segment: string) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((node: any, key: string) => node?.[key], document);
    if (!target) break;
    current = target;
  }
  return current ?? {};
}

export const cell = (text: unknown) => (typeof text === "string" ? text.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|").trim() : "");

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "operation";
