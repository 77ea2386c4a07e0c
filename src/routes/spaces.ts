import { createRouter } from "./shared";

export const spaceRoutes = createRouter();
