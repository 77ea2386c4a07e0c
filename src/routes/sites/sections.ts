import { z } from "@hono/zod-openapi";
import { boundFrom } from "../../domain/sites/structure-writes";
import { addSection, deleteSection, listSections, moveSection, updateSection } from "../../domain/sites/sections";
import { sortSiteStructure } from "../../domain/sites/sort-structure";
import { listOf, listQuery } from "../../schemas/list";
import { AddSectionBody, MoveSectionBody, ShareKeyQuery, SiteSection, SiteSectionGroup, SiteSpace, SortSiteStructureBody, UpdateSectionBody } from "../../schemas/site-structure-inputs";
import { created, createdResponse, createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";
import { SITE, SiteSectionParams, SiteStructureParams } from "./structure-params";

const tags = ["site-structure"];

/** Site sections (seed 4.10) and GitBook's `sortSiteStructure`. */
export const sectionRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/sections`,
      operationId: "listSiteSections",
      permission: { site: "viewSites" },
      authenticatesInItsRead: true,
      summary: "List the sections of a site in structure order (root first, depth first through section groups)",
      tags,
      request: { params: SiteStructureParams, query: z.object({ ...listQuery, ...ShareKeyQuery }) },
      responses: { 200: jsonResponse(listOf(SiteSection), "Sections"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listSections(requesterOf(c), organizationId, siteId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/sections`,
      operationId: "addSectionToSite",
      permission: { site: "manageSites" },
      summary: "Add a section with a space as its first site space; a site's first section also takes the site spaces it had at its root",
      tags,
      request: { params: SiteStructureParams, body: jsonBody(AddSectionBody) },
      responses: { 201: createdResponse(SiteSection, "The section has been added"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      const section = await addSection(c.get("callerContext"), organizationId, siteId, c.req.valid("json"));
      return created(c, section);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: `${SITE}/sections/{siteSectionId}`,
      operationId: "updateSiteSectionById",
      permission: { site: "manageSites" },
      summary: "Update a section: title, path, default site space, condition, icon, description, section group",
      tags,
      request: { params: SiteSectionParams, body: jsonBody(UpdateSectionBody) },
      responses: { 200: jsonResponse(SiteSection, "The section"), ...errorResponses(400, 403, 404, 409) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionId } = c.req.valid("param");
      return c.json(await updateSection(c.get("callerContext"), organizationId, siteId, siteSectionId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: `${SITE}/sections/{siteSectionId}`,
      operationId: "deleteSiteSectionById",
      permission: { site: "manageSites" },
      summary: "Delete a section and its site spaces; the first section left becomes the default if it was; 204 also when it did not exist",
      tags,
      request: { params: SiteSectionParams },
      responses: { 204: noContent("The section no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionId } = c.req.valid("param");
      await deleteSection(c.get("callerContext"), organizationId, siteId, siteSectionId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/sections/{siteSectionId}/move`,
      operationId: "moveSiteSection",
      deprecated: true,
      permission: { site: "manageSites" },
      summary: "Deprecated (use sortSiteStructure): place a section before or after another, or at the end of its group",
      tags,
      request: { params: SiteSectionParams, body: optionalJsonBody(MoveSectionBody) },
      responses: { 200: jsonResponse(SiteSection, "The section, moved"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionId } = c.req.valid("param");
      const bound = boundFrom(c.req.valid("json").position, (pointer) => pointer.siteSection);
      return c.json(await moveSection(c.get("callerContext"), organizationId, siteId, siteSectionId, bound), 200);
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: `${SITE}/structure/sort`,
      operationId: "sortSiteStructure",
      permission: { site: "manageSites" },
      summary: "Move a site space, section or section group before or after another item of the structure",
      tags,
      request: { params: SiteStructureParams, body: jsonBody(SortSiteStructureBody) },
      responses: { 200: jsonResponse(z.union([SiteSpace, SiteSection, SiteSectionGroup]), "The item, moved"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await sortSiteStructure(c.get("callerContext"), organizationId, siteId, c.req.valid("json")), 200);
    },
  );
