import { createRouter } from "./shared";

export const teamRoutes = createRouter();
