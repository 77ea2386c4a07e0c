import { getAgentInstructions, updateAgentInstructions } from "../../domain/agent-instructions/agent-instructions";
import { AgentInstructions, UpdateAgentInstructionsBody } from "../../schemas/agent-instructions";
import { OrganizationParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, userRoute } from "../shared";

const tags = ["organizations"];

export const agentInstructionRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/agent-instructions",
      operationId: "getOrganizationAgentInstructions",
      permission: { organization: "viewAgentInstructions" },
      summary: "Get the organization's docs-agent instructions",
      tags,
      request: { params: OrganizationParams },
      responses: { 200: jsonResponse(AgentInstructions, "The instructions"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await getAgentInstructions(c.get("callerContext"), c.req.valid("param").organizationId), 200),
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/agent-instructions",
      operationId: "updateOrganizationAgentInstructions",
      permission: { organization: "updateAgentInstructions" },
      summary: "Replace the organization's docs-agent instructions (admins)",
      tags,
      request: { params: OrganizationParams, body: jsonBody(UpdateAgentInstructionsBody) },
      responses: { 200: jsonResponse(AgentInstructions, "Updated instructions"), ...errorResponses(400, 403, 404) },
    }),
    async (c) =>
      c.json(
        await updateAgentInstructions(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json").instructions),
        200,
      ),
  );
