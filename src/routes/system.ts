import { apiInformation } from "../domain/system/api-information";
import { ApiInformation } from "../schemas/system";
import { createRouter, errorResponses, jsonResponse, userRoute } from "./shared";

export const systemRoutes = createRouter().openapi(
  userRoute({
    method: "get",
    path: "/v1/",
    operationId: "getApiInformation",
    permission: { anyUser: "the release is the same for everyone" },
    summary: "Get API information: the release version and build date of this deployment",
    tags: ["system"],
    responses: { 200: jsonResponse(ApiInformation, "OK"), ...errorResponses() },
  }),
  (c) => c.json(apiInformation(c.env.CF_VERSION_METADATA), 200),
);
