export { grantRoutes } from "./grants";
