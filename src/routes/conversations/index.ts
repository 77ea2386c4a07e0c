import { createRouter, type Router } from "../shared";
import { conversationRoutes } from "./conversations";
import { conversationIssueRoutes } from "./issues";

/**
 * /orgs/{organizationId}/conversations*: support conversations, their issues and the clusters of
 * issues (GitBook 0.146). Mounted as plain routers, as the OpenAPI routers are.
 */
export const conversationsRouter = createRouter()
  .route("/", conversationRoutes as unknown as Router)
  .route("/", conversationIssueRoutes as unknown as Router);
