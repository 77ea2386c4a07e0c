import { createRouter } from "../shared";
import { commentRoutes } from "./comments";
import { replyRoutes } from "./replies";

/** /spaces/{spaceId}[/change-requests/{changeRequestId}]/comments and /commenters: discussions. */
export const commentsRouter = createRouter().route("/", commentRoutes).route("/", replyRoutes);
