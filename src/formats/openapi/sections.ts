/**
 * The parts of an OpenAPI reference a computed document names (GitBook's
 * ComputedContentSourceDocumentOpenAPI `props.doc`): the API's description (`info`), one tag's
 * operations (`operations`, `tag`), one operation (`operation`, by method and path) and the
 * schemas (`models`), as markdown in the same style as the generated pages (to-markdown.ts).
 * Pure; null when the document has no such part.
 */
import { cell, collectOperations, openAPIToPages, operationMarkdown, resolve, slugify, typeOf } from "./to-markdown";

type Json = Record<string, any>;

/** The title, version and description of the API. */
export function infoMarkdown(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const title = typeof info.title === "string" && info.title.trim() ? info.title.trim() : "API";
  const parts = [`# ${title}`];
  if (info.version !== undefined) parts.push(`Version ${String(info.version)}`);
  if (typeof info.description === "string" && info.description.trim()) parts.push(info.description.trim());
  return parts.join("\n\n") + "\n";
}

/** The generated page of a tag, named by its name or by its page's slug. */
export function tagMarkdown(document: Json, tag: string): string | null {
  const page = openAPIToPages(document, "by-tag").find((candidate) => candidate.title === tag || candidate.slug === tag);
  return page?.markdown ?? null;
}

/** One operation, by its method and path (`hook`: a webhook of OpenAPI 3.1's `webhooks`, none here). */
export function operationOnlyMarkdown(document: Json, method: string, path: string): string | null {
  const operation = collectOperations(document).find((entry) => entry.method === method && entry.path === path);
  return operation ? operationMarkdown(document, operation, "#") + "\n" : null;
}

/** The schemas (OpenAPI 3 `components.schemas`, Swagger 2 `definitions`), each with its properties. */
export function modelsMarkdown(document: Json): string {
  const schemas = { ...((document.definitions ?? {}) as Json), ...((document.components?.schemas ?? {}) as Json) };
  const names = Object.keys(schemas).sort((a, b) => a.localeCompare(b));
  if (names.length === 0) return "# Models\n\nThe specification defines no models.\n";
  const sections = names.map((name) => {
    const schema = resolve(document, schemas[name] as Json);
    const parts = [`## ${name}`];
    if (typeof schema.description === "string" && schema.description.trim()) parts.push(cell(schema.description));
    const properties = Object.entries((schema.properties ?? {}) as Json);
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    if (properties.length === 0) parts.push(`Type: ${typeOf(document, schema)}`);
    else {
      const rows = properties.map(([property, value]) => `| \`${property}\` | ${typeOf(document, value as Json)} | ${required.has(property) ? "yes" : "no"} | ${cell((value as Json)?.description)} |`);
      parts.push(["| name | type | required | description |", "|---|---|---|---|", ...rows].join("\n"));
    }
    return parts.join("\n\n");
  });
  return ["# Models", ...sections].join("\n\n") + "\n";
}

/** The models as a generated page (title and slug), for a computed revision with `props.models`. */
export function modelsPage(document: Json) {
  return { title: "Models", slug: slugify("Models"), markdown: modelsMarkdown(document) };
}
