import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { corsForAllowedOrigins } from "./http/cors";
import { handleError, handleNotFound } from "./http/errors";
import { rateLimitPerToken } from "./http/rate-limit";
import { authenticate, requestContext, requestIdAndLog } from "./http/middleware";
import { apiReferencePage } from "./http/api-reference";
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH, openApiDocumentHead } from "./http/openapi-document";
import { validationHook } from "./http/validation";
import { serveReader } from "./reader/serve/serve";
import { adminRoutes } from "./routes/admin";
import { changeRequestsRouter } from "./routes/change-requests";
import { collectionRoutes } from "./routes/collections";
import { grantRoutes } from "./routes/grants";
import { commentsRouter } from "./routes/comments";
import { embedRoutes } from "./routes/embeds";
import { gitRoutes } from "./routes/git";
import { fileDownloadRoutes } from "./routes/file-downloads";
import { pdfDownloadRoutes } from "./routes/pdf-downloads";
import { openAPIRouter } from "./routes/openapi";
import { translationRoutes } from "./routes/translations";
import { conversationsRouter } from "./routes/conversations";
import { publicSpecRoutes } from "./routes/openapi/public-link";
import { publishedUrlRoutes } from "./routes/published";
import { organizationsRouter } from "./routes/organizations";
import { pdfRoutes } from "./routes/pdf";
import { searchRoutes } from "./routes/search";
import { sitesRouter } from "./routes/sites";
import { spacesRouter } from "./routes/spaces";
import { teamsRouter } from "./routes/teams";
import { templatePreviewRoutes } from "./routes/template-previews";
import { templateRoutes } from "./routes/templates";
import { systemRoutes } from "./routes/system";
import { userRoutes } from "./routes/user";

const READER_METHODS = new Set(["GET", "HEAD", "POST"]);

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", requestIdAndLog);
  // Before authentication: a browser's preflight carries no token.
  app.use("*", corsForAllowedOrigins);
  app.use("*", requestContext);
  // Body limits are declared by each route (routes/shared.ts, userRoute), after authentication.
  app.onError(handleError);
  // Published sites (src/reader): whatever no API route answers is a published site's URL, or a 404.
  app.notFound(async (c) => (READER_METHODS.has(c.req.method) ? ((await serveReader(c)) ?? handleNotFound(c)) : handleNotFound(c)));

  app.openAPIRegistry.registerComponent("securitySchemes", "user", {
    type: "http",
    scheme: "bearer",
    description: "A user API token (see POST /admin/users).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "site", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A site token: the short-lived `apiToken` of POST /v1/urls/published, reading what that site publishes to that visitor.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "admin", {
    type: "http",
    scheme: "bearer",
    description: "The deployment's ADMIN_TOKEN secret.",
  });

  // The OpenAPI document is public; it is registered before the authentication middleware,
  // and Hono runs handlers in registration order, so it answers without a token.
  app.doc31(OPENAPI_DOCUMENT_PATH, (c) => openApiDocumentHead(new URL(c.req.url).origin));
  // The interactive reference (Scalar) renders that same document in a browser; also public.
  app.get(API_REFERENCE_PATH, apiReferencePage);
  app.route("/", adminRoutes);
  // Signed, expiring file downloads: the signature is the credential, so no token is needed.
  app.route("/", fileDownloadRoutes);
  // The catalogue's preview images: public, as an <img> carries no token.
  app.route("/", templatePreviewRoutes);
  // Signed, expiring PDF downloads, for the same reason as files.
  app.route("/", pdfDownloadRoutes);
  // Public OpenAPI specs: being public is the permission, so no token is needed.
  app.route("/", publicSpecRoutes);

  // Before authentication, so that guessing tokens is limited too.
  app.use("/v1/*", rateLimitPerToken);
  // Published URLs resolve without a token (a share key or visitor token is the credential): before authentication.
  app.route("/v1", publishedUrlRoutes);
  app.use("/v1/*", authenticate);
  // GitBook's `GET /v1/` (with its slash): mounted at the root, as Hono merges "/v1" and "/" into "/v1".
  app.route("/", systemRoutes);
  const routers = [userRoutes, organizationsRouter, teamsRouter, spacesRouter, changeRequestsRouter, commentsRouter, collectionRoutes, grantRoutes, searchRoutes, templateRoutes, pdfRoutes, openAPIRouter, sitesRouter, translationRoutes, conversationsRouter, gitRoutes, embedRoutes];
  for (const routes of routers) {
    app.route("/v1", routes);
  }
  return app;
}
