import { z } from "@hono/zod-openapi";
import {
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  runTranslationAgain,
  updateTranslationInstructions,
} from "../domain/translations/translations";
import { listOf, listQuery } from "../schemas/list";
import { CreateTranslationBody, Translation, UpdateTranslationBody } from "../schemas/translation";
import { OrganizationParams, TranslationParams } from "./params";
import { createRouter, created, createdResponse, errorResponses, jsonBody, jsonResponse, noContent, requesterOf, userRoute } from "./shared";

const tags = ["translations"];

const RUN_NOTE =
  "A run happens in the background: `status` goes `pending` → `running` → `completed`, and `result` names the space and revision it made. A run that ends without a result says why in `lastRunError` (docs/decisions.md, \"Translations\").";

/** /orgs/{organizationId}/translations (seed 4.13): a space's content translated into another language. */
export const translationRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/translations",
      operationId: "listTranslations",
      permission: { organization: "viewTranslations" },
      authenticatesInItsRead: true,
      summary: "List the organization's translations, newest first",
      tags,
      request: { params: OrganizationParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(Translation), "Translations"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listTranslations(requesterOf(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/translations",
      operationId: "createTranslation",
      permission: { organization: "manageTranslations", note: "The caller must also be able to read the source space (else 404)." },
      summary: "Create a translation of a space and start its first run",
      description: RUN_NOTE,
      tags,
      request: { params: OrganizationParams, body: jsonBody(CreateTranslationBody) },
      responses: { 201: createdResponse(Translation, "The translation, its first run pending"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const translation = await createTranslation(c.get("callerContext"), c.req.valid("param").organizationId, c.req.valid("json"));
      return created(c, translation, translation.urls.location);
    },
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/orgs/{organizationId}/translations/{translationId}",
      operationId: "getTranslation",
      permission: { organization: "viewTranslations" },
      summary: "Get a translation",
      tags,
      request: { params: TranslationParams },
      responses: { 200: jsonResponse(Translation, "The translation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, translationId } = c.req.valid("param");
      return c.json(await getTranslation(c.get("callerContext"), organizationId, translationId), 200);
    },
  )
  .openapi(
    userRoute({
      method: "put",
      path: "/orgs/{organizationId}/translations/{translationId}",
      operationId: "updateTranslation",
      permission: { organization: "manageTranslations" },
      summary: "Replace a translation's instructions",
      tags,
      request: { params: TranslationParams, body: jsonBody(UpdateTranslationBody) },
      responses: { 200: jsonResponse(Translation, "The translation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, translationId } = c.req.valid("param");
      return c.json(await updateTranslationInstructions(c.get("callerContext"), organizationId, translationId, c.req.valid("json").instructions), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: "/orgs/{organizationId}/translations/{translationId}",
      operationId: "deleteTranslation",
      permission: { organization: "manageTranslations" },
      summary: "Delete a translation (its result space is kept); 204 also when it did not exist",
      tags,
      request: { params: TranslationParams },
      responses: { 204: noContent("The translation no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, translationId } = c.req.valid("param");
      await deleteTranslation(c.get("callerContext"), organizationId, translationId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/translations/{translationId}/run",
      operationId: "runTranslation",
      permission: { organization: "manageTranslations" },
      summary: "Run a translation again",
      description: `${RUN_NOTE} Pages whose source did not change since the last run are not translated again.`,
      tags,
      request: { params: TranslationParams },
      responses: { 204: noContent("Translation run triggered"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, translationId } = c.req.valid("param");
      await runTranslationAgain(c.get("callerContext"), organizationId, translationId);
      return c.body(null, 204);
    },
  );
