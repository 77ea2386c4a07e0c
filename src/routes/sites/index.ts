import { createRouter } from "../shared";
import { customizationRoutes } from "./customization";
import { publishedRoutes } from "./published";
import { shareLinkRoutes } from "./share-links";
import { siteRoutes } from "./sites";

/** /orgs/{organizationId}/sites: docs sites, their customization, share links and published profile. */
export const sitesRouter = createRouter()
  .route("/", siteRoutes)
  .route("/", publishedRoutes)
  .route("/", customizationRoutes)
  .route("/", shareLinkRoutes);
