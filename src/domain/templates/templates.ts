import { and, eq, inArray } from "drizzle-orm";
import type { CallerContext } from "../../context";
import { openAPISpecs, type SpaceRow } from "../../db/schema";
import { ApiError, badRequest } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import { assertContentAction, canOnContent } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import type { ApplySpaceTemplateInput, SpaceTemplateObject } from "../../schemas/template";
import { assertClusterOfOrganization, createChangeRequest, loadChangeRequestAccess, readChangeRequest } from "../change-requests/change-requests";
import { unwrapCoordinated } from "../change-requests/coordinated";
import { assertContentEditable, assertEditable } from "../change-requests/state";
import { loadSpaceAccess } from "../content-tree/space-access";
import { spaceCoordinator } from "../coordination/space-coordinator-client";
import type { TemplateSource, TemplateTarget } from "./apply";
import { CATALOGUE, catalogueTemplate, type CatalogueTemplate } from "./catalogue";
import { checkContentRefs, checkNoContentRefs, openApiSlugs, type ContentRefs } from "./references";

/**
 * The Worker's side of templates: the catalogue as the API lists it, and applying a template (to
 * main, to a change request, or to a change request as it is created). Access, permission and
 * the template itself are checked here; the space's coordinator then reads the content and
 * writes the revision (apply.ts).
 */

export function listTemplates(urls: Urls, request: PageRequest) {
  const page = pageOfItems(
    CATALOGUE.map((template, index) => ({ template, key: String(index).padStart(4, "0") })),
    request,
    "catalogue",
    (item) => item.key,
  );
  return { ...page, items: page.items.map((item) => presentTemplate(item.template, urls)) };
}

export function presentTemplate(template: CatalogueTemplate, urls: Urls): SpaceTemplateObject {
  const preview = (theme: "light" | "dark") => `${urls.origin}/templates/${template.id}/preview.svg?theme=${theme}`;
  return {
    object: "space-template",
    id: template.id,
    contentId: template.id,
    title: template.title,
    subtitle: template.subtitle,
    emoji: template.emoji,
    features: [...template.features],
    previewImage: { light: preview("light"), dark: preview("dark") },
    urls: { preview: preview("light") },
    references: template.references.map(({ name, kinds, description }) => ({ name, kinds: [...kinds], description })),
  };
}

/** applyTemplateToSpace: the template's pages added to main's content, or to a change request's. */
export async function applyTemplateToSpace(ctx: CallerContext, spaceId: string, input: ApplySpaceTemplateInput & { changeRequestId?: string }) {
  const { space, target } = input.changeRequestId === undefined ? await mainTarget(ctx, spaceId) : await changeRequestTarget(ctx, spaceId, input.changeRequestId);
  const source = await resolveTemplate(ctx, space, input, { id: "id", contentRefs: "params.contentRefs" });
  await runInCoordinator(ctx, space, source, target, { id: "id", contentRefs: "params.contentRefs" });
}

/** createChangeRequest, with its `template` applied in the batch that creates it (all or nothing). */
export async function createChangeRequestWithTemplate(
  ctx: CallerContext,
  spaceId: string,
  input: { subject?: string; template?: ApplySpaceTemplateInput; conversationsIssuesCluster?: string },
) {
  if (!input.template) return createChangeRequest(ctx, spaceId, input);
  const { space } = await mainTarget(ctx, spaceId);
  const field = { id: "template.id", contentRefs: "template.params.contentRefs" };
  const source = await resolveTemplate(ctx, space, input.template, field);
  const cluster = input.conversationsIssuesCluster;
  if (cluster !== undefined) await assertClusterOfOrganization(ctx, space.organizationId, cluster);
  const changeRequestId = newId();
  await runInCoordinator(ctx, space, source, { kind: "new-change-request", changeRequestId, subject: input.subject, cluster }, field);
  return readChangeRequest(ctx, changeRequestId);
}

async function mainTarget(ctx: CallerContext, spaceId: string): Promise<{ space: SpaceRow; target: TemplateTarget }> {
  const access = await loadSpaceAccess(ctx, spaceId);
  assertContentAction(access.level, "edit", "space");
  // Checked again by the coordinator under its lock; here it spares the rest for a refused edit.
  assertContentEditable(access.row);
  return { space: access.row, target: { kind: "main" } };
}

async function changeRequestTarget(ctx: CallerContext, spaceId: string, idOrNumber: string): Promise<{ space: SpaceRow; target: TemplateTarget }> {
  const { space, changeRequest } = await loadChangeRequestAccess(ctx, spaceId, idOrNumber);
  assertContentAction(space.level, "edit", "space");
  assertEditable({ changeRequest, space: space.row });
  return { space: space.row, target: { kind: "change-request", changeRequestId: changeRequest.id } };
}

async function runInCoordinator(ctx: CallerContext, space: SpaceRow, source: TemplateSource, target: TemplateTarget, field: { id: string; contentRefs: string }) {
  return unwrapCoordinated(
    ctx,
    await spaceCoordinator(ctx.env, space.id).applyTemplate({
      spaceId: space.id,
      organizationId: space.organizationId,
      callerId: ctx.caller.id,
      now: nowIso(),
      source,
      target,
      field,
    }),
  );
}

/**
 * A template of the catalogue, or a space of the same organization that the caller may read.
 * Anything else, including a space the caller cannot see, is the same 400: an id reveals nothing.
 */
async function resolveTemplate(ctx: CallerContext, space: SpaceRow, input: ApplySpaceTemplateInput, field: { id: string; contentRefs: string }): Promise<TemplateSource> {
  const contentRefs = input.params?.contentRefs ?? {};
  const template = catalogueTemplate(input.id);
  if (template) {
    checkContentRefs(template, contentRefs, space.id, field.contentRefs);
    await assertSpecsExist(ctx, space.organizationId, contentRefs, field.contentRefs);
    return { kind: "catalogue", id: template.id, contentRefs };
  }
  if (await isReadableSpaceOf(ctx, input.id, space.organizationId)) {
    checkNoContentRefs(contentRefs, field.contentRefs);
    return { kind: "space", spaceId: input.id };
  }
  const catalogue = CATALOGUE.map((candidate) => `'${candidate.id}'`).join(", ");
  throw badRequest(`Invalid body field '${field.id}': no template '${input.id}' (use one of ${catalogue}, or the id of a space of this organization)`);
}

/**
 * An `openapi` reference names a spec of the space's organization, by slug: one that does not
 * exist (or is another organization's) is a 400 naming the reference, before anything is written.
 */
async function assertSpecsExist(ctx: CallerContext, organizationId: string, refs: ContentRefs, field: string): Promise<void> {
  const named = openApiSlugs(refs);
  if (named.length === 0) return;
  const found = await ctx.db
    .select({ slug: openAPISpecs.slug })
    .from(openAPISpecs)
    .where(and(eq(openAPISpecs.organizationId, organizationId), inArray(openAPISpecs.slug, named.map((ref) => ref.slug))));
  const slugs = new Set(found.map((row) => row.slug));
  const missing = named.find((ref) => !slugs.has(ref.slug));
  if (missing) throw badRequest(`Invalid body field '${field}.${missing.name}': no OpenAPI specification '${missing.slug}' in this organization`);
}

async function isReadableSpaceOf(ctx: CallerContext, spaceId: string, organizationId: string): Promise<boolean> {
  if (!/^[a-zA-Z0-9_-]+$/.test(spaceId)) return false;
  try {
    const access = await loadSpaceAccess(ctx, spaceId);
    return access.row.organizationId === organizationId && !access.row.deletedAt && canOnContent(access.level, "view");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}
