import { z } from "@hono/zod-openapi";
import { jsonChildren, nestingDepth, tooDeep } from "../lib/nesting";

/** Serialized documents beyond this size are refused: they are stored whole in one row. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Levels of JSON values a document may nest, the document itself being the first. A block inside
 * another costs two (the node and its `nodes`), so this is about 100 levels of blocks: far
 * past any real page (ten nested lists are about 50), and far below where serializing it, or
 * passing it to the space's Durable Object, overflows the stack (a few thousand).
 */
export const MAX_DOCUMENT_NESTING = 200;

/**
 * GitBook's rich-text Document (seed 2.1). Only the envelope and the top-level blocks are
 * checked here; block and inline node types are open-ended (seed: "not shown"), so deeper nodes
 * are kept as given.
 */
const TopLevelBlock = z.looseObject({
  object: z.literal("block"),
  type: z.string().min(1),
  key: z.string().optional(),
  isVoid: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nodes: z.array(z.unknown()).optional(),
});

export const JSONDocument = z
  .object({
    object: z.literal("document"),
    data: z.looseObject({ schemaVersion: z.number().int().optional() }),
    nodes: z.array(TopLevelBlock),
    meta: z.looseObject({ token: z.string().optional() }).optional(),
  })
  // Depth first, and size only within it: serializing to measure the size is itself recursive.
  // One check, not two chained ones, because an aborting check would hide this branch's message
  // inside the unions that take a document (zod then reports a sibling branch instead).
  .superRefine((document, context) => {
    if (nestingDepth<unknown>(document, jsonChildren, MAX_DOCUMENT_NESTING) > MAX_DOCUMENT_NESTING) {
      context.addIssue({ code: "custom", message: tooDeep(MAX_DOCUMENT_NESTING) });
    } else if (new TextEncoder().encode(JSON.stringify(document)).length > MAX_DOCUMENT_BYTES) {
      context.addIssue({ code: "custom", message: `must be at most ${MAX_DOCUMENT_BYTES} bytes of JSON` });
    }
  })
  .openapi("JSONDocument");

export type DocumentValue = z.infer<typeof JSONDocument>;

export const EMPTY_DOCUMENT: DocumentValue = { object: "document", data: {}, nodes: [] };
