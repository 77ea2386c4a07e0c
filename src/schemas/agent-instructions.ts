import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, Timestamp } from "./common";
import { JSONDocument } from "./document";

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

export const UpdateAgentInstructionsBody = z.strictObject({ instructions: JSONDocument });
