import { eq } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { organizationAgentInstructions } from "../../db/schema";
import { nowIso } from "../../lib/ids";
import { assertOrganizationAction } from "../../lib/permissions";
import type { AgentInstructionsObject } from "../../schemas/agent-instructions";
import { EMPTY_DOCUMENT, type DocumentValue } from "../../schemas/document";
import { loadOrganizationAccess } from "../organizations/access";

function present(
  ctx: CallerContext,
  organizationId: string,
  stored: { instructions: DocumentValue; updatedAt: string; updatedBy: string },
): AgentInstructionsObject {
  // Only the public fields: callers pass whole rows, whose other columns must not leak.
  return {
    object: "agent-instructions",
    instructions: stored.instructions,
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
    urls: { location: ctx.urls.api(`/orgs/${organizationId}/agent-instructions`) },
  };
}

/** Before any are written, an organization's instructions are an empty document from its creation. */
export async function getAgentInstructions(ctx: CallerContext, organizationId: string) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "viewAgentInstructions");
  const [stored] = await ctx.db
    .select()
    .from(organizationAgentInstructions)
    .where(eq(organizationAgentInstructions.organizationId, organizationId))
    .limit(1);
  return present(ctx, organizationId, {
    instructions: (stored?.instructions as DocumentValue | undefined) ?? EMPTY_DOCUMENT,
    updatedAt: stored?.updatedAt ?? access.organization.createdAt,
    updatedBy: stored?.updatedBy ?? access.organization.createdBy,
  });
}

export async function updateAgentInstructions(ctx: CallerContext, organizationId: string, instructions: DocumentValue) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "updateAgentInstructions");
  const row = { organizationId, instructions, updatedBy: ctx.caller.id, updatedAt: nowIso() };
  await ctx.db
    .insert(organizationAgentInstructions)
    .values(row)
    .onConflictDoUpdate({ target: organizationAgentInstructions.organizationId, set: row });
  return present(ctx, organizationId, row);
}
