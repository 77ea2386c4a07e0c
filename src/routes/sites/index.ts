import { createRouter } from "../shared";
import { customizationRoutes } from "./customization";
import { siteInsightsRoutes } from "./insights";
import { publishedRoutes } from "./published";
import { publishingAuthRoutes } from "./publishing-auth";
import { publishingPreviewRoutes } from "./publishing-preview";
import { siteRedirectRoutes } from "./redirects";
import { siteSearchRoutes } from "./search";
import { shareLinkRoutes } from "./share-links";
import { siteStructureReadRoutes } from "./site-structure";
import { siteRoutes } from "./sites";
import { siteStructureRouter } from "./structure";

/** /orgs/{organizationId}/sites: docs sites, their customization, share links, published profile, structure and adaptive content. */
export const sitesRouter = createRouter()
  .route("/", siteRoutes)
  .route("/", publishedRoutes)
  .route("/", customizationRoutes)
  .route("/", shareLinkRoutes)
  .route("/", publishingAuthRoutes)
  .route("/", publishingPreviewRoutes)
  .route("/", siteStructureRouter)
  .route("/", siteStructureReadRoutes)
  .route("/", siteRedirectRoutes)
  .route("/", siteInsightsRoutes)
  .route("/", siteSearchRoutes);
