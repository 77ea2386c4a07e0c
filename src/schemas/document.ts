import { z } from "@hono/zod-openapi";

/** Serialized documents beyond this size are refused: they are stored whole in one row. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

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
  .refine((document) => new TextEncoder().encode(JSON.stringify(document)).length <= MAX_DOCUMENT_BYTES, {
    message: `must be at most ${MAX_DOCUMENT_BYTES} bytes of JSON`,
  })
  .openapi("JSONDocument");

export type DocumentValue = z.infer<typeof JSONDocument>;

export const EMPTY_DOCUMENT: DocumentValue = { object: "document", data: {}, nodes: [] };
