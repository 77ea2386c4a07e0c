import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, OptionalQuerySwitch } from "./common";

/** The query of `getSpacePDF` and `getChangeRequestPDF` (GitBook's spec: `only`, `page`). */
export const PdfQuery = {
  only: OptionalQuerySwitch("Generate a PDF only for the provided page (without its subpages). Needs `page`."),
  page: EntityId.optional().openapi({
    param: { name: "page", in: "query" },
    description: "ID of a specific page to generate a PDF for: the page and its subpages, or the page alone with `only`.",
  }),
};

export const PdfUrl = z
  .object({
    url: AbsoluteUrl.openapi({
      description:
        "Temporary URL to print the content. The URL will work for 1h. It downloads the PDF (`application/pdf`); while a large PDF is still being made it answers 503 with `Retry-After`.",
    }),
  })
  .openapi("ContentPDFURL");
