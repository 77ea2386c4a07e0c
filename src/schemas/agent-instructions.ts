import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, Timestamp } from "./common";
import { JSONDocument } from "./document";
import { EXAMPLE_DOCUMENT } from "./examples";

export const AgentInstructions = z
  .object({
    object: z.literal("agent-instructions"),
    instructions: JSONDocument,
    updatedAt: Timestamp,
    updatedBy: z.string(),
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("OrganizationAgentInstructions");

export type AgentInstructionsObject = z.infer<typeof AgentInstructions>;

export const UpdateAgentInstructionsBody = z.strictObject({ instructions: JSONDocument })
  .openapi({ example: { instructions: EXAMPLE_DOCUMENT } });
