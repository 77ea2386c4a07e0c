import { createRouter } from "../shared";
import { changesRoutes } from "./changes";
import { computedRoutes } from "./computed";
import { contentRoutes } from "./content";
import { documentRoutes } from "./documents";
import { pagePathRoutes } from "./page-paths";
import { reusableContentRoutes } from "./reusable-contents";
import { spaceRoutes } from "./spaces";

/** /spaces/{spaceId}: the space itself, and the read-only content of its revisions. */
export const spacesRouter = createRouter()
  .route("/", spaceRoutes)
  .route("/", contentRoutes)
  .route("/", reusableContentRoutes)
  .route("/", pagePathRoutes)
  .route("/", documentRoutes)
  .route("/", computedRoutes)
  .route("/", changesRoutes);
