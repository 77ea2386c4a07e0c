import type { PdfImageBytes } from "../../formats/pdf/render";
import { linkResolver, type PdfPlan } from "./plan";
import { PDF_CONTENT_TYPE, pendingKey } from "./storage";

/**
 * Makes a planned PDF and stores it. The renderer (and pdf-lib, fontkit and the fonts under it)
 * is imported here, lazily: only a request or job that makes a PDF loads it.
 */
export async function producePdf(blobs: R2Bucket, plan: PdfPlan, options: { clearPending?: boolean } = {}): Promise<void> {
  const { renderPdf } = await import("../../formats/pdf/render");
  const bytes = await renderPdf({
    title: plan.spec.title,
    subtitle: [plan.spec.subtitle, `Revision ${plan.revision.id}`, plan.revision.createdAt.slice(0, 10)].filter(Boolean).join(" \u00b7 "),
    pages: plan.pages,
    images: await readImages(blobs, plan),
    linkOf: linkResolver(plan),
    createdAt: new Date(plan.revision.createdAt),
  });
  await blobs.put(plan.spec.key, bytes, {
    httpMetadata: { contentType: PDF_CONTENT_TYPE },
    customMetadata: { revisionId: plan.revision.id },
  });
  if (options.clearPending) await blobs.delete(pendingKey(plan.spec.key));
}

/** The images' bytes, read side by side; kept in the plan's order so the same plan gives the same file. */
async function readImages(blobs: R2Bucket, plan: PdfPlan): Promise<Map<string, PdfImageBytes>> {
  const read = await Promise.all(
    [...plan.images].map(async ([url, file]) => {
      const object = await blobs.get(file.blobKey);
      return object ? ([url, { bytes: new Uint8Array(await object.arrayBuffer()), contentType: file.data.contentType }] as const) : null;
    }),
  );
  return new Map(read.filter((entry) => entry !== null));
}
