import { z } from "@hono/zod-openapi";
import {
  addSectionGroup,
  addSectionToGroup,
  deleteSectionGroup,
  listSectionGroups,
  moveSectionGroup,
  removeSectionFromGroup,
  updateSectionGroup,
} from "../../domain/sites/section-groups";
import { boundFrom } from "../../domain/sites/structure-writes";
import { listOf, listQuery } from "../../schemas/list";
import { AddSectionGroupBody, AddSectionToGroupBody, MoveSectionGroupBody, SiteSectionGroup, UpdateSectionGroupBody } from "../../schemas/site-structure-inputs";
import { created, createdResponse, createRouter, errorResponses, jsonBody, jsonResponse, noContent, optionalJsonBody, requesterOf, userRoute } from "../shared";
import { SITE, SiteSectionGroupParams, SiteSectionGroupSectionParams, SiteStructureParams } from "./structure-params";

const tags = ["site-structure"];
const GROUP = `${SITE}/section-groups/{siteSectionGroupId}`;

/** Section groups (seed 4.12): nested groups of sections. */
export const sectionGroupRoutes = createRouter()
  .openapi(
    userRoute({
      method: "get",
      path: `${SITE}/section-groups`,
      operationId: "listSiteSectionGroups",
      permission: { site: "viewSites" },
      authenticatesInItsRead: true,
      summary: "List the section groups of a site in structure order (a group before the groups inside it), each with its children",
      tags,
      request: { params: SiteStructureParams, query: z.object(listQuery) },
      responses: { 200: jsonResponse(listOf(SiteSectionGroup), "Section groups"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await listSectionGroups(requesterOf(c), organizationId, siteId, c.req.valid("query")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${SITE}/section-groups`,
      operationId: "addSectionGroupToSite",
      permission: { site: "manageSites" },
      summary: "Add a section group at the end of its parent (the site root by default), holding the sections named",
      tags,
      request: { params: SiteStructureParams, body: jsonBody(AddSectionGroupBody) },
      responses: { 201: createdResponse(SiteSectionGroup, "The section group has been added"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return created(c, await addSectionGroup(c.get("callerContext"), organizationId, siteId, c.req.valid("json")));
    },
  )
  .openapi(
    userRoute({
      method: "patch",
      path: GROUP,
      operationId: "updateSiteSectionGroupById",
      permission: { site: "manageSites" },
      summary: "Update a section group: title, icon, parent group (never itself or a group inside it)",
      tags,
      request: { params: SiteSectionGroupParams, body: jsonBody(UpdateSectionGroupBody) },
      responses: { 200: jsonResponse(SiteSectionGroup, "The section group"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionGroupId } = c.req.valid("param");
      return c.json(await updateSectionGroup(c.get("callerContext"), organizationId, siteId, siteSectionGroupId, c.req.valid("json")), 200);
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: GROUP,
      operationId: "deleteSiteSectionGroupById",
      permission: { site: "manageSites" },
      summary: "Delete a section group: what it held moves to its parent, in its place; 204 also when it did not exist",
      tags,
      request: { params: SiteSectionGroupParams },
      responses: { 204: noContent("The section group no longer exists"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionGroupId } = c.req.valid("param");
      await deleteSectionGroup(c.get("callerContext"), organizationId, siteId, siteSectionGroupId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${GROUP}/sections`,
      operationId: "addSectionToGroup",
      permission: { site: "manageSites" },
      summary: "Move a section of the site to the end of the section group",
      tags,
      request: { params: SiteSectionGroupParams, body: jsonBody(AddSectionToGroupBody) },
      responses: { 201: createdResponse(SiteSectionGroup, "Section added to the section group"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionGroupId } = c.req.valid("param");
      return created(c, await addSectionToGroup(c.get("callerContext"), organizationId, siteId, siteSectionGroupId, c.req.valid("json").sectionId));
    },
  )
  .openapi(
    userRoute({
      method: "delete",
      path: `${GROUP}/sections/{siteSectionId}`,
      operationId: "removeSectionFromGroup",
      permission: { site: "manageSites" },
      summary: "Take a section out of the group, right after the group; 204 also when the section was not in the group",
      tags,
      request: { params: SiteSectionGroupSectionParams },
      responses: { 204: noContent("The section is not in the group"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionGroupId, siteSectionId } = c.req.valid("param");
      await removeSectionFromGroup(c.get("callerContext"), organizationId, siteId, siteSectionGroupId, siteSectionId);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: `${GROUP}/move`,
      operationId: "moveSiteSectionGroup",
      permission: { site: "manageSites" },
      summary: "Place a section group before or after a section or group (into that one's parent), or at the end of its parent",
      tags,
      request: { params: SiteSectionGroupParams, body: optionalJsonBody(MoveSectionGroupBody) },
      responses: { 200: jsonResponse(SiteSectionGroup, "The section group, moved"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId, siteSectionGroupId } = c.req.valid("param");
      const bound = boundFrom(c.req.valid("json").position, (pointer) => pointer.id);
      return c.json(
        await moveSectionGroup(c.get("callerContext"), organizationId, siteId, siteSectionGroupId, bound && { ...bound, type: bound.pointer.type }),
        200,
      );
    },
  );
