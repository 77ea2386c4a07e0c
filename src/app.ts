import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { handleError, handleNotFound } from "./http/errors";
import { authenticate, requestContext, requestIdAndLog } from "./http/middleware";
import { validationHook } from "./http/validation";
import { errorBody } from "./lib/errors";
import { adminRoutes } from "./routes/admin";
import { agentInstructionRoutes } from "./routes/agent-instructions";
import { changeRequestRoutes } from "./routes/change-requests";
import { collectionRoutes } from "./routes/collections";
import { contentRoutes } from "./routes/content";
import { fileDownloadRoutes } from "./routes/file-downloads";
import { inviteRoutes } from "./routes/invites";
import { memberRoutes } from "./routes/members";
import { organizationRoutes } from "./routes/organizations";
import { samlRoutes } from "./routes/saml";
import { spaceRoutes } from "./routes/spaces";
import { teamRoutes } from "./routes/teams";
import { userRoutes } from "./routes/user";

/** JSON bodies beyond this are refused with 413 before they are parsed. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Content edits carry files as base64 (each at most MAX_FILE_BYTES), so they may be larger. */
export const MAX_CONTENT_EDIT_BODY_BYTES = 16 * 1024 * 1024;
const isContentEdit = (method: string, path: string) => method === "POST" && /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content$/.test(path);

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", requestIdAndLog);
  app.use("*", requestContext);
  for (const [maxSize, applies] of [
    [MAX_JSON_BODY_BYTES, (method: string, path: string) => !isContentEdit(method, path)],
    [MAX_CONTENT_EDIT_BODY_BYTES, isContentEdit],
  ] as const) {
    const limit = bodyLimit({ maxSize, onError: (c) => c.json(errorBody(413, `Request body exceeds ${maxSize} bytes`), 413) });
    app.use("*", (c, next) => (applies(c.req.method, c.req.path) ? limit(c, next) : next()));
  }
  app.onError(handleError);
  app.notFound(handleNotFound);

  app.openAPIRegistry.registerComponent("securitySchemes", "user", {
    type: "http",
    scheme: "bearer",
    description: "A user API token (see POST /admin/users).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "admin", {
    type: "http",
    scheme: "bearer",
    description: "The deployment's ADMIN_TOKEN secret.",
  });

  // The OpenAPI document is public; it is registered before the authentication middleware,
  // and Hono runs handlers in registration order, so it answers without a token.
  app.doc31("/v1/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Docs content management API",
      version: "1.0.0",
      description: "A self-hostable implementation of GitBook's /v1 API on Cloudflare Workers.",
    },
    servers: [{ url: new URL(c.req.url).origin + "/v1" }],
  }));
  app.route("/", adminRoutes);
  // Signed, expiring file downloads: the signature is the credential, so no token is needed.
  app.route("/", fileDownloadRoutes);

  app.use("/v1/*", authenticate);
  const routers = [
    userRoutes,
    organizationRoutes,
    memberRoutes,
    inviteRoutes,
    agentInstructionRoutes,
    spaceRoutes,
    contentRoutes,
    changeRequestRoutes,
    collectionRoutes,
    teamRoutes,
    samlRoutes,
  ];
  for (const routes of routers) {
    app.route("/v1", routes);
  }
  return app;
}
