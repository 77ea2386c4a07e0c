import { createRouter } from "../shared";
import { customizationRoutes } from "./customization";
import { publishedRoutes } from "./published";
import { siteSearchRoutes } from "./search";
import { shareLinkRoutes } from "./share-links";
import { siteRoutes } from "./sites";
import { siteStructureRouter } from "./structure";

/** /orgs/{organizationId}/sites: docs sites, their customization, share links, published profile, structure and adaptive content. */
export const sitesRouter = createRouter()
  .route("/", siteRoutes)
  .route("/", publishedRoutes)
  .route("/", customizationRoutes)
  .route("/", shareLinkRoutes)
  .route("/", siteStructureRouter)
  .route("/", siteSearchRoutes);
