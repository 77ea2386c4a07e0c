import { Hono } from "hono";
import type { AppEnv } from "../context";
import { templatePreviewSvg } from "../domain/templates/preview";
import { notFound } from "../lib/errors";

/**
 * `GET /templates/<id>/preview.svg?theme=light|dark`: the preview images of the catalogue's
 * SpaceTemplate objects. Public, like the catalogue itself: an <img> sends no API token.
 */
export const templatePreviewRoutes = new Hono<AppEnv>().get("/templates/:templateId/preview.svg", (c) => {
  const svg = templatePreviewSvg(c.req.param("templateId"), c.req.query("theme") === "dark" ? "dark" : "light");
  if (svg === null) throw notFound(`Template '${c.req.param("templateId")}'`);
  return c.body(svg, 200, { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" });
});
