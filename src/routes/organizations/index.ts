import { createRouter } from "../shared";
import { agentInstructionRoutes } from "./agent-instructions";
import { emailInviteRoutes } from "./email-invites";
import { inviteRoutes } from "./invites";
import { memberRoutes } from "./members";
import { organizationRoutes } from "./organizations";
import { samlRoutes } from "./saml";

/** /orgs and /orgs/{organizationId}, except the organization's content and teams (folders of their own). */
export const organizationsRouter = createRouter()
  .route("/", organizationRoutes)
  .route("/", memberRoutes)
  .route("/", inviteRoutes)
  .route("/", emailInviteRoutes)
  .route("/", agentInstructionRoutes)
  .route("/", samlRoutes);
