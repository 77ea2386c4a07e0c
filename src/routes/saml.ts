import { createRouter } from "./shared";

export const samlRoutes = createRouter();
