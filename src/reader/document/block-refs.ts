/*
 * What a block points at, read once for referencesOf, the anchors and the renderer alike, so the
 * three always agree on which reusable content, spec or condition a block means.
 */
import { dataOf, isJson, nonEmptyString, refOf, type Json } from "./nodes";
import type { DocumentInput, DocumentRenderContext, OpenAPIOperationRef, OpenAPISchemasRef, OpenAPISource } from "./types";

/** How deep reusable contents may be placed in one another (GitBook allows none; we allow a few). */
export const MAX_REUSABLE_DEPTH = 3;

export const OPENAPI_OPERATION_BLOCKS = new Set(["openapi-operation", "swagger", "openapi-webhook"]);

/** The reusable content a `reusable-content` block places. */
export function reusableRefOf(node: Json): { id: string; space?: string } | undefined {
  const ref = refOf(node);
  const id = ref?.kind === "reusable-content" ? nonEmptyString(ref.reusableContent) : undefined;
  if (!id) return undefined;
  const space = nonEmptyString(ref!.space);
  return space ? { id, space } : { id };
}

/** Reusable contents being expanded, outermost first, as `space/id` keys (a cycle guard). */
export type ReusableTrail = readonly string[];

/**
 * The document a reusable-content block expands to here, with the trail to pass to its blocks;
 * null when it is unknown, hidden, placed in itself or placed too deep.
 */
export function expandReusable(
  node: Json,
  lookup: DocumentRenderContext["reusableContent"] | undefined,
  trail: ReusableTrail,
): { document: DocumentInput; trail: ReusableTrail } | null {
  const ref = reusableRefOf(node);
  if (!ref || !lookup || trail.length >= MAX_REUSABLE_DEPTH) return null;
  const key = `${ref.space ?? ""}/${ref.id}`;
  if (trail.includes(key)) return null;
  const document = lookup(ref.id, ref.space);
  if (!document || !Array.isArray(document.nodes)) return null;
  return { document, trail: [...trail, key] };
}

function openapiSourceOf(node: Json): OpenAPISource | undefined {
  const ref = refOf(node);
  if (!ref) return undefined;
  if (ref.kind === "openapi") {
    const spec = nonEmptyString(ref.spec);
    return spec ? { kind: "openapi", spec } : undefined;
  }
  if (ref.kind === "file") {
    const file = nonEmptyString(ref.file);
    const space = nonEmptyString(ref.space);
    return file ? { kind: "file", file, ...(space ? { space } : {}) } : undefined;
  }
  if (ref.kind === "url") {
    const url = nonEmptyString(ref.url);
    return url ? { kind: "url", url } : undefined;
  }
  return undefined;
}

/** The operation (or webhook) of an `openapi-operation`, `swagger` or `openapi-webhook` block. */
export function openapiOperationRefOf(node: Json): OpenAPIOperationRef | undefined {
  if (typeof node.type !== "string" || !OPENAPI_OPERATION_BLOCKS.has(node.type)) return undefined;
  const data = dataOf(node);
  const source = openapiSourceOf(node);
  const method = nonEmptyString(data.method)?.toLowerCase();
  const webhook = node.type === "openapi-webhook";
  const path = nonEmptyString(webhook ? data.name : data.path);
  if (!source || !method || !path) return undefined;
  return webhook ? { source, method, path, webhook } : { source, method, path };
}

/** The schemas of an `openapi-schemas` block. */
export function openapiSchemasRefOf(node: Json): OpenAPISchemasRef | undefined {
  if (node.type !== "openapi-schemas") return undefined;
  const source = openapiSourceOf(node);
  const names = dataOf(node).schemas;
  const schemas = Array.isArray(names) ? names.filter((name): name is string => typeof name === "string" && name !== "") : [];
  return source && schemas.length > 0 ? { source, schemas } : undefined;
}

/** The condition of an `if` block. */
export const conditionOf = (node: Json): string | undefined => (node.type === "if" ? nonEmptyString(dataOf(node).expression) : undefined);

/** Whether an `if` block's content is shown: only when the caller says its condition holds. */
export function conditionHolds(node: Json, lookups: Pick<DocumentRenderContext, "condition">): boolean {
  const expression = conditionOf(node);
  if (expression === undefined || !lookups.condition) return false;
  try {
    return lookups.condition(expression) === true;
  } catch {
    return false;
  }
}

/** A stable key of an OpenAPI ref, to deduplicate them. */
export const openapiKey = (ref: OpenAPIOperationRef | OpenAPISchemasRef): string => JSON.stringify(ref);

export const isBlock = (node: unknown): node is Json => isJson(node) && node.object === "block";
