/*
 * referencesOf: everything a document points at, so the caller loads it in one batch before it
 * renders (the render context's lookups are synchronous). Reusable contents are listed, not
 * expanded: the caller loads them and asks again of each (mergeReferences joins the answers).
 * Pages computed from a spec (`builtin:openapi`) are the caller's: that is a page's source, not
 * a node of its document.
 */
import { conditionOf, openapiKey, openapiOperationRefOf, openapiSchemasRefOf, reusableRefOf } from "./block-refs";
import { childrenOf, dataOf, fragmentsOf, isJson, nonEmptyString, type Json } from "./nodes";
import { tableRecordRefs } from "./table-values";
import type { DocumentInput, DocumentReferences, SpaceReferences } from "./types";

const emptySpaceReferences = (): SpaceReferences => ({ pages: new Set(), files: new Set(), reusableContents: new Set(), anchors: new Map() });

export function emptyReferences(): DocumentReferences {
  return {
    ...emptySpaceReferences(),
    otherSpaces: new Map(),
    spaces: new Set(),
    collections: new Set(),
    users: new Set(),
    embeds: new Set(),
    openapiSpecs: new Set(),
    openapiOperations: [],
    openapiSchemas: [],
    codeLanguages: new Set(),
    math: false,
    expressions: new Set(),
    icons: new Set(),
  };
}

export function referencesOf(document: DocumentInput): DocumentReferences {
  const references = emptyReferences();
  const seenOpenAPI = new Set<string>();
  // Iterative: the document is untrusted input, its depth is not this function's to trust.
  const pending: Json[] = Array.isArray(document.nodes) ? document.nodes.filter(isJson).reverse() : [];
  while (pending.length > 0) {
    const node = pending.pop()!;
    collectNode(node, references, seenOpenAPI);
    const fragments = fragmentsOf(node).flatMap(childrenOf);
    pending.push(...[...childrenOf(node), ...fragments].reverse());
  }
  return references;
}

/** The references of several documents (a page and the reusable contents it places) as one. */
export function mergeReferences(...all: DocumentReferences[]): DocumentReferences {
  const merged = emptyReferences();
  const seenOpenAPI = new Set<string>();
  for (const references of all) {
    mergeSpace(merged, references);
    for (const [space, inSpace] of references.otherSpaces) mergeSpace(spaceOf(merged, space), inSpace);
    for (const key of ["spaces", "collections", "users", "embeds", "openapiSpecs", "codeLanguages", "expressions", "icons"] as const) {
      for (const value of references[key]) merged[key].add(value);
    }
    for (const ref of references.openapiOperations) if (addOnce(seenOpenAPI, openapiKey(ref))) merged.openapiOperations.push(ref);
    for (const ref of references.openapiSchemas) if (addOnce(seenOpenAPI, openapiKey(ref))) merged.openapiSchemas.push(ref);
    merged.math ||= references.math;
  }
  return merged;
}

function mergeSpace(into: SpaceReferences, from: SpaceReferences): void {
  for (const key of ["pages", "files", "reusableContents"] as const) for (const value of from[key]) into[key].add(value);
  for (const [page, anchors] of from.anchors) for (const anchor of anchors) addAnchor(into, page, anchor);
}

function addOnce(seen: Set<string>, key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

function spaceOf(references: DocumentReferences, space: string | undefined): SpaceReferences {
  if (space === undefined) return references;
  let inSpace = references.otherSpaces.get(space);
  if (!inSpace) references.otherSpaces.set(space, (inSpace = emptySpaceReferences()));
  return inSpace;
}

function addAnchor(references: SpaceReferences, page: string, anchor: string): void {
  let anchors = references.anchors.get(page);
  if (!anchors) references.anchors.set(page, (anchors = new Set()));
  anchors.add(anchor);
}

/** Adds what one ContentRef names. */
export function collectRef(ref: unknown, references: DocumentReferences): void {
  if (!isJson(ref)) return;
  const space = nonEmptyString(ref.space);
  switch (ref.kind) {
    case "page": {
      const page = nonEmptyString(ref.page);
      if (page) spaceOf(references, space).pages.add(page);
      return;
    }
    case "anchor": {
      const anchor = nonEmptyString(ref.anchor);
      const page = nonEmptyString(ref.page);
      if (page) spaceOf(references, space).pages.add(page);
      if (anchor) addAnchor(spaceOf(references, space), page ?? "", anchor);
      return;
    }
    case "file": {
      const file = nonEmptyString(ref.file);
      if (file) spaceOf(references, space).files.add(file);
      return;
    }
    case "reusable-content": {
      const id = nonEmptyString(ref.reusableContent);
      if (id) spaceOf(references, space).reusableContents.add(id);
      return;
    }
    case "space":
      if (space) references.spaces.add(space);
      return;
    case "collection": {
      const collection = nonEmptyString(ref.collection);
      if (collection) references.collections.add(collection);
      return;
    }
    case "user": {
      const user = nonEmptyString(ref.user);
      if (user) references.users.add(user);
      return;
    }
    case "openapi": {
      const spec = nonEmptyString(ref.spec);
      if (spec) references.openapiSpecs.add(spec);
      return;
    }
  }
}

function collectNode(node: Json, references: DocumentReferences, seenOpenAPI: Set<string>): void {
  const data = dataOf(node);
  collectRef(data.ref, references);
  collectRef(data.refDark, references);
  switch (node.type) {
    case "code":
      references.codeLanguages.add(typeof data.syntax === "string" ? data.syntax.trim().toLowerCase() : "");
      return;
    case "math":
    case "inline-math":
      references.math = true;
      return;
    case "icon": {
      const icon = nonEmptyString(data.icon);
      if (icon) references.icons.add(icon);
      return;
    }
    case "embed":
    case "integration": {
      const url = nonEmptyString(data.url);
      if (url) references.embeds.add(url);
      return;
    }
    case "expression": {
      const expression = nonEmptyString(data.expression);
      if (expression) references.expressions.add(expression);
      return;
    }
    case "if": {
      const expression = conditionOf(node);
      if (expression) references.expressions.add(expression);
      return;
    }
    case "reusable-content": {
      const ref = reusableRefOf(node);
      if (ref) spaceOf(references, ref.space).reusableContents.add(ref.id);
      return;
    }
    case "table":
      for (const ref of tableRecordRefs(node)) collectRef(ref, references);
      return;
    case "openapi-schemas": {
      const ref = openapiSchemasRefOf(node);
      if (ref && addOnce(seenOpenAPI, openapiKey(ref))) references.openapiSchemas.push(ref);
      return;
    }
    default: {
      const ref = openapiOperationRefOf(node);
      if (ref && addOnce(seenOpenAPI, openapiKey(ref))) references.openapiOperations.push(ref);
    }
  }
}
