import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CallerContext, RequesterContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { pageReads, sortedBy } from "../../db/keyset";
import { openAPISpecs, openAPISpecVersions, type OpenAPISpecRow, type OpenAPISpecVersionRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId, nowIso } from "../../lib/ids";
import { enqueue } from "../../lib/jobs";
import type { PageRequest } from "../../lib/pagination";
import { assertOrganizationAction, type OrganizationAction } from "../../lib/permissions";
import { MAX_OPENAPI_SPEC_BYTES } from "../../schemas/openapi";
import { listOrganizationRows } from "../organizations/list";
import { loadOrganizationAccess, loadOrganizationAccessWith, type OrganizationAccess } from "../organizations/access";
import { formatOf, readStoredSpec, type SpecFormat } from "./parse";
import { presentSpec, presentVersion, publishedUrl, versionSourceUrl } from "./present";
import { deleteSpecBlobs, putSpecText, specBlobKey } from "./store";

/**
 * Hosted OpenAPI specs of an organization (seed 4.15). A request stores the source and enqueues
 * the processing job (processing.ts); it never fetches or parses. Every function checks the
 * caller's role first and reads only the organization of the path.
 */

export type SpecSource = { url: string } | { text: string };

const specNotFound = (slug: string) => notFound(`OpenAPI spec '${slug}'`);
const versionNotFound = (slug: string, versionId: string) => notFound(`Version '${versionId}' of OpenAPI spec '${slug}'`);

const bySlug = (organizationId: string, slug: string) => and(eq(openAPISpecs.organizationId, organizationId), eq(openAPISpecs.slug, slug));

async function loadSpec(ctx: CallerContext, organizationId: string, slug: string, action: OrganizationAction) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, action);
  const [spec] = await ctx.db.select().from(openAPISpecs).where(bySlug(organizationId, slug)).limit(1);
  if (!spec) throw specNotFound(slug);
  return { access, spec };
}

export async function listOpenAPISpecs(ctx: RequesterContext, organizationId: string, request: PageRequest) {
  return listOrganizationRows(ctx, organizationId, request, {
    from: openAPISpecs,
    where: eq(openAPISpecs.organizationId, organizationId),
    sort: sortedBy("slug", "asc", [openAPISpecs.slug, openAPISpecs.id], (row: OpenAPISpecRow) => [row.slug, row.id]),
    action: "viewOpenAPISpecs",
    present: (spec, access) => presentSpec(spec, access.membership, ctx.urls),
  });
}

export async function getOpenAPISpec(ctx: CallerContext, organizationId: string, slug: string) {
  const { access, spec } = await loadSpec(ctx, organizationId, slug, "viewOpenAPISpecs");
  return presentSpec(spec, access.membership, ctx.urls);
}

/** Creates a spec (409 when the slug is taken in the organization) and queues its processing. */
export async function createOpenAPISpec(ctx: CallerContext, organizationId: string, slug: string, source: SpecSource) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "createOpenAPISpec");
  return insertSpec(ctx, access, slug, source);
}

async function insertSpec(ctx: CallerContext, access: OrganizationAccess, slug: string, source: SpecSource) {
  const now = nowIso();
  const id = newId();
  const sourceTextHash = await storeTextSource(ctx, id, source);
  const spec: OpenAPISpecRow = {
    id,
    organizationId: access.organization.id,
    slug,
    sourceUrl: "url" in source ? source.url : null,
    sourceTextHash,
    visibility: "private",
    processingState: "pending",
    generation: 1,
    processedGeneration: 0,
    lastVersionId: null,
    lastProcessedAt: null,
    queuedAt: now,
    lastProcessErrorCode: null,
    lastProcessedErrors: null,
    lastProcessedErrorCount: 0,
    sourceEtag: null,
    sourceLastModified: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await ctx.db.insert(openAPISpecs).values(spec);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (sourceTextHash) await deleteSpecBlobs(ctx.env.BLOBS, id);
    throw conflict(`An OpenAPI spec with the slug '${slug}' already exists in this organization`);
  }
  await enqueue(ctx.env.JOBS, { kind: "openapi.process", specId: id, generation: 1 });
  return presentSpec(spec, access.membership, ctx.urls);
}

/**
 * PUT: replaces the source of the spec (200), or creates the spec when the slug is new (201).
 * Either way the spec goes back to `pending` with a new generation, and a job is queued.
 */
export async function putOpenAPISpec(ctx: CallerContext, organizationId: string, slug: string, source: SpecSource) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  const [existing] = await ctx.db.select({ id: openAPISpecs.id, sourceUrl: openAPISpecs.sourceUrl }).from(openAPISpecs).where(bySlug(organizationId, slug)).limit(1);
  if (!existing) {
    assertOrganizationAction(access.membership, "createOpenAPISpec");
    return { created: true, spec: await insertSpec(ctx, access, slug, source) };
  }
  assertOrganizationAction(access.membership, "editOpenAPISpecs");
  const sourceTextHash = await storeTextSource(ctx, existing.id, source);
  const sourceUrl = "url" in source ? source.url : null;
  const now = nowIso();
  const [spec] = await ctx.db
    .update(openAPISpecs)
    .set({
      sourceUrl,
      sourceTextHash,
      processingState: "pending",
      generation: sql`${openAPISpecs.generation} + 1`,
      queuedAt: now,
      // Validators belong to the URL they came from: a new URL starts unconditional.
      ...(sourceUrl === existing.sourceUrl ? {} : { sourceEtag: null, sourceLastModified: null }),
      updatedAt: now,
    })
    .where(eq(openAPISpecs.id, existing.id))
    .returning();
  if (!spec) throw specNotFound(slug);
  await enqueue(ctx.env.JOBS, { kind: "openapi.process", specId: spec.id, generation: spec.generation });
  return { created: false, spec: presentSpec(spec, access.membership, ctx.urls) };
}

/** A text source goes to R2 under its hash (store.ts) before the row that names it is written. */
async function storeTextSource(ctx: CallerContext, specId: string, source: SpecSource): Promise<string | null> {
  if (!("text" in source)) return null;
  const bytes = new TextEncoder().encode(source.text);
  if (bytes.byteLength > MAX_OPENAPI_SPEC_BYTES) {
    throw badRequest(`source.text: must be at most ${MAX_OPENAPI_SPEC_BYTES} bytes (got ${bytes.byteLength})`);
  }
  return putSpecText(ctx.env.BLOBS, specId, bytes, formatOf(source.text));
}

export async function updateOpenAPISpecVisibility(ctx: CallerContext, organizationId: string, slug: string, visibility: "private" | "public") {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "editOpenAPISpecs");
  const [spec] = await ctx.db.update(openAPISpecs).set({ visibility, updatedAt: nowIso() }).where(bySlug(organizationId, slug)).returning();
  if (!spec) throw specNotFound(slug);
  return presentSpec(spec, access.membership, ctx.urls);
}

/** Deletes the spec, its versions (cascade) and every R2 object of it; 204 also when absent. */
export async function deleteOpenAPISpec(ctx: CallerContext, organizationId: string, slug: string): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "editOpenAPISpecs");
  const deleted = await ctx.db.delete(openAPISpecs).where(bySlug(organizationId, slug)).returning({ id: openAPISpecs.id });
  for (const { id } of deleted) await deleteSpecBlobs(ctx.env.BLOBS, id);
}

/** Versions, newest first, with the spec read in the page's own batch (404 when there is none). */
export async function listOpenAPISpecVersions(ctx: RequesterContext, organizationId: string, slug: string, request: PageRequest) {
  const specId = sql`(SELECT ${openAPISpecs.id} FROM ${openAPISpecs} WHERE ${bySlug(organizationId, slug)})`;
  const page = pageReads(ctx.db, request, {
    from: openAPISpecVersions,
    where: eq(openAPISpecVersions.specId, specId),
    sort: sortedBy("newest", "desc", [openAPISpecVersions.generation, openAPISpecVersions.id], (row: OpenAPISpecVersionRow) => [row.generation, row.id]),
    alongside: [ctx.db.select().from(openAPISpecs).where(bySlug(organizationId, slug)).limit(1)],
  });
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, page.reads);
  assertOrganizationAction(access.membership, "viewOpenAPISpecs");
  return page.answerWith(results, ([specs]) => {
    const spec = (specs as OpenAPISpecRow[])[0];
    if (!spec) throw specNotFound(slug);
    return (version: OpenAPISpecVersionRow) => presentVersion(spec, version, ctx.urls);
  });
}

/** `versionId` "latest" is the spec's last version; one query reads the spec and the version. */
async function loadVersion(ctx: CallerContext, organizationId: string, slug: string, versionId: string) {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "viewOpenAPISpecs");
  const which: SQL = versionId === "latest" ? eq(openAPISpecVersions.id, openAPISpecs.lastVersionId) : eq(openAPISpecVersions.id, versionId);
  const [row] = await ctx.db
    .select({ spec: openAPISpecs, version: openAPISpecVersions })
    .from(openAPISpecs)
    .leftJoin(openAPISpecVersions, and(eq(openAPISpecVersions.specId, openAPISpecs.id), which))
    .where(bySlug(organizationId, slug))
    .limit(1);
  if (!row) throw specNotFound(slug);
  if (!row.version) throw versionNotFound(slug, versionId);
  return { spec: row.spec, version: row.version };
}

export async function getOpenAPISpecVersion(ctx: CallerContext, organizationId: string, slug: string, versionId: string) {
  const { spec, version } = await loadVersion(ctx, organizationId, slug, versionId);
  return presentVersion(spec, version, ctx.urls);
}

/** A version's text as stored (R2); a missing object is an internal fault, never a client's. */
export async function readVersionText(blobs: R2Bucket, version: OpenAPISpecVersionRow): Promise<string> {
  const object = await blobs.get(specBlobKey(version.specId, version.contentHash));
  if (!object) throw new Error(`The content of OpenAPI spec version ${version.id} is missing from R2`);
  return object.text();
}

/** The parsed document under its file name, and where it can be had (seed 4.15 "version content"). */
export async function getOpenAPISpecVersionContent(ctx: CallerContext, organizationId: string, slug: string, versionId: string) {
  const { spec, version } = await loadVersion(ctx, organizationId, slug, versionId);
  const document = readStoredSpec(await readVersionText(ctx.env.BLOBS, version), version.format);
  const source = versionSourceUrl(ctx.urls, spec, version);
  return {
    filesystem: { [entryFileName(version.sourceUrl, version.format)]: document },
    url: source,
    urls: { source, public: spec.visibility === "public" ? publishedUrl(ctx.urls, spec) : null },
  };
}

export async function getOpenAPISpecVersionRawContent(ctx: CallerContext, organizationId: string, slug: string, versionId: string) {
  const { version } = await loadVersion(ctx, organizationId, slug, versionId);
  return { text: await readVersionText(ctx.env.BLOBS, version), format: version.format };
}

/** The file name of a spec's entry document: the last segment of its URL, or openapi.<format>. */
function entryFileName(sourceUrl: string | null, format: SpecFormat): string {
  const last = sourceUrl ? decodeURIComponent(new URL(sourceUrl).pathname.split("/").pop() ?? "") : "";
  return last || `openapi.${format}`;
}
