import { createRouter } from "../shared";
import { adaptiveRoutes } from "./adaptive";
import { sectionGroupRoutes } from "./section-groups";
import { sectionRoutes } from "./sections";
import { siteSpaceRoutes } from "./site-spaces";

/** /orgs/{organizationId}/sites/{siteId}/…: a site's structure (sections, site spaces, section groups) and adaptive content. */
export const siteStructureRouter = createRouter()
  .route("/", sectionRoutes)
  .route("/", siteSpaceRoutes)
  .route("/", sectionGroupRoutes)
  .route("/", adaptiveRoutes);
