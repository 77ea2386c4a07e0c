import { createRouter, type Router } from "../shared";
import { openAPISpecRoutes } from "./specs";
import { openAPISpecVersionRoutes } from "./versions";

/**
 * /orgs/{organizationId}/openapi: hosted OpenAPI specs and their versions (the public link is
 * public-link.ts). The routers are mounted as plain routers: merging their route types is more
 * than TypeScript will represent, and nothing reads them (clients use the OpenAPI document).
 */
export const openAPIRouter = createRouter()
  .route("/", openAPISpecRoutes as unknown as Router)
  .route("/", openAPISpecVersionRoutes as unknown as Router);
