import { Scalar } from "@scalar/hono-api-reference";
import type { MiddlewareHandler } from "hono";
import { SCALAR_ACCESSIBILITY_CSS } from "./api-reference-style";
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

const scalarPage = Scalar({
  url: OPENAPI_DOCUMENT_PATH,
  pageTitle: "Docs content management API reference",
  // A `cdn` makes the page load the single-file bundle by a plain <script src> (no chunks fetched).
  cdn: SCALAR_BUNDLE_PATH,
  // Scalar would otherwise fetch its fonts from its own servers; the system's fonts serve as well.
  withDefaultFonts: false,
  // Nothing leaves for Scalar's services: no usage telemetry, no hosted AI agent, no "Generate
  // MCP" buttons (links to Scalar's hosted MCP generator).
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  // Colours and target sizes that pass WCAG AA (api-reference-style.ts).
  customCss: SCALAR_ACCESSIBILITY_CSS,
});

/**
 * Scalar's page, with the language of its text on `<html>` (the Hono integration writes a bare
 * `<html>`, which axe-core reports and screen readers then guess at): the document and the
 * interface are in English.
 */
export const apiReferencePage: MiddlewareHandler = async (c, next) => {
  const page = await scalarPage(c, next);
  if (!(page instanceof Response)) return page;
  const html = (await page.text()).replace(/^(<!doctype html>\s*)<html>/i, '$1<html lang="en">');
  return new Response(html, page);
};
