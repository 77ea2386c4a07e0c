export { referencesOf, mergeReferences } from "./references";
export { renderDocument } from "./render";
export { outlineOf, type OutlineItem, type OutlineLookups } from "./anchors";
export { loadDocumentRenderers, type RendererNeeds } from "./renderers";
export { openapiOperationData, openapiSchemasData } from "./openapi/operation-data";
export type * from "./types";
