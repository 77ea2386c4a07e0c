import { createRouter } from "../shared";
import { siteRoutes } from "./sites";

/** /orgs/{organizationId}/sites: docs sites, their customization, share links and published profile. */
export const sitesRouter = createRouter().route("/", siteRoutes);
