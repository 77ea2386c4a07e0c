import { createRouter } from "../shared";
import { changeRequestRoutes } from "./change-requests";
import { changeRequestContentRoutes } from "./content";
import { changeRequestContributorRoutes } from "./contributors";
import { changeRequestReviewRoutes } from "./reviews";

/**
 * /spaces/{spaceId}/change-requests and the organization's list of them. The change request's
 * read-only content routes are declared with the space's (routes/spaces/content.ts).
 */
export const changeRequestsRouter = createRouter()
  .route("/", changeRequestRoutes)
  .route("/", changeRequestContentRoutes)
  .route("/", changeRequestReviewRoutes)
  .route("/", changeRequestContributorRoutes);
