import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { PUBLIC_SPEC_PATH_PREFIX } from "../../domain/openapi/present";
import { readPublicSpec } from "../../domain/openapi/public";
import { CONTENT_TYPES } from "../../domain/openapi/store";
import { notFound } from "../../lib/errors";

/**
 * `GET /public/openapi/{organizationId}/{specSlug}`: a public spec's latest document, for any
 * browser or tool, with no token (a spec's `urls.published`). Any origin may read it (CORS `*`):
 * it is public, and no credentials are involved. Not part of the /v1 document, like file downloads.
 */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match",
  "Access-Control-Expose-Headers": "ETag",
  "Access-Control-Max-Age": "600",
};

const path = `${PUBLIC_SPEC_PATH_PREFIX}/:organizationId/:specSlug`;

export const publicSpecRoutes = new Hono<AppEnv>()
  .options(path, () => new Response(null, { status: 204, headers: CORS_HEADERS }))
  .get(path, async (c) => {
    const { organizationId, specSlug } = c.req.param();
    const spec = await readPublicSpec(c.get("context").db, c.env.BLOBS, organizationId, specSlug);
    if (!spec) throw notFound(`Public OpenAPI spec '${specSlug}'`);
    const headers = { ...CORS_HEADERS, "Content-Type": CONTENT_TYPES[spec.format], ETag: spec.etag, "Cache-Control": "public, max-age=60", Vary: "Origin" };
    if (c.req.header("if-none-match") === spec.etag) {
      await spec.body.cancel();
      return new Response(null, { status: 304, headers });
    }
    return new Response(spec.body, { headers: { ...headers, "Content-Length": String(spec.size) } });
  });
