import { Scalar } from "@scalar/hono-api-reference";
import { OPENAPI_DOCUMENT_PATH } from "./openapi-document";

/**
 * The interactive API reference (Scalar) at /v1/reference, loading nothing from another origin:
 * its one script is Scalar's standalone bundle, served by Workers static assets from this
 * deployment (scripts/scalar-assets.mjs copies it out of the pinned npm package; wrangler.toml
 * `[assets]`; public/_headers caches it for a year), so the page works without outbound internet
 * and under a strict CSP.
 */

/** The pinned @scalar/api-reference (package.json); a test checks the two agree. */
export const SCALAR_VERSION = "1.72.1";
/** Versioned, so it may be cached for good: an upgrade is a new URL. */
export const SCALAR_BUNDLE_PATH = `/assets/scalar/${SCALAR_VERSION}/standalone.js`;

export const apiReferencePage = Scalar({
  url: OPENAPI_DOCUMENT_PATH,
  pageTitle: "Docs content management API reference",
  // A `cdn` makes the page load the single-file bundle by a plain <script src> (no chunks fetched).
  cdn: SCALAR_BUNDLE_PATH,
  // Scalar would otherwise fetch its fonts from its own servers; the system's fonts serve as well.
  withDefaultFonts: false,
  // Nothing leaves for Scalar's services: no usage telemetry, no hosted AI agent.
  telemetry: false,
  agent: { disabled: true },
});
