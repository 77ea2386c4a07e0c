import { z } from "@hono/zod-openapi";
import { getPdfUrl } from "../domain/pdf/exports";
import { PdfQuery, PdfUrl } from "../schemas/pdf";
import { ChangeRequestParams, SpaceParams } from "./params";
import { createRouter, errorResponses, jsonResponse, requesterOf, userRoute } from "./shared";

/** PDF exports of content (seed 4.3 F5; GitBook's `getSpacePDF` and `getChangeRequestPDF`). */

const READ_CONTENT = { content: "view", on: "space" } as const;
const DESCRIPTION =
  "The PDF is made once per revision and options and kept; later requests for it only sign a new URL. One larger than a request may make (more than 40 pages, 256 KiB of text or 12 images) is made in the background: the URL is answered at once and downloads the file once it is ready (503 with `Retry-After` until then).";

export const pdfRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}/pdf",
      operationId: "getSpacePDF",
      permission: READ_CONTENT,
      authenticatesInItsRead: true,
      summary: "Get a temporary URL to download a space or page as PDF",
      description: DESCRIPTION,
      tags: ["space-content"],
      request: { params: SpaceParams, query: z.object(PdfQuery) },
      responses: { 200: jsonResponse(PdfUrl, "URL of the PDF"), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await getPdfUrl(requesterOf(c), { kind: "space", spaceId: c.req.valid("param").spaceId }, c.req.valid("query")), 200),
  )
  .openapi(
    userRoute({
      method: "get",
      path: "/spaces/{spaceId}/change-requests/{changeRequestId}/pdf",
      operationId: "getChangeRequestPDF",
      permission: READ_CONTENT,
      authenticatesInItsRead: true,
      summary: "Get a temporary URL to download a change request's content as PDF",
      description: DESCRIPTION,
      tags: ["change-requests"],
      request: { params: ChangeRequestParams, query: z.object(PdfQuery) },
      responses: { 200: jsonResponse(PdfUrl, "URL of the PDF"), ...errorResponses(400, 404) },
    }),
    async (c) => {
      const { spaceId, changeRequestId } = c.req.valid("param");
      return c.json(await getPdfUrl(requesterOf(c), { kind: "change-request", spaceId, changeRequestId }, c.req.valid("query")), 200);
    },
  );
