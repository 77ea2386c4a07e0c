import { createRouter } from "../shared";
import { teamMemberRoutes } from "./members";
import { teamRoutes } from "./teams";

/** /orgs/{organizationId}/teams: the teams, and the members of each. */
export const teamsRouter = createRouter().route("/", teamRoutes).route("/", teamMemberRoutes);
