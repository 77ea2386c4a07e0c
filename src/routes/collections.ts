import { createRouter } from "./shared";

export const collectionRoutes = createRouter();
