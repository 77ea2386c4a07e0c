import type { OpenAPISpecRow, OpenAPISpecVersionRow } from "../../db/schema";
import { canInOrganization, type Membership } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import type { OpenAPISpecObject, OpenAPISpecVersionObject } from "../../schemas/openapi";

/** Specs and versions as the API shows them; every URL is built from the request's origin. */

export const specApiPath = (spec: Pick<OpenAPISpecRow, "organizationId" | "slug">) => `/orgs/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`;

/** The public link of a spec (routes/openapi/public-link.ts): no token, only while it is public. */
export const PUBLIC_SPEC_PATH_PREFIX = "/public/openapi";
export const publishedUrl = (urls: Urls, spec: Pick<OpenAPISpecRow, "organizationId" | "slug">) =>
  `${urls.origin}${PUBLIC_SPEC_PATH_PREFIX}/${spec.organizationId}/${encodeURIComponent(spec.slug)}`;

export function presentSpec(spec: OpenAPISpecRow, membership: Membership, urls: Urls): OpenAPISpecObject {
  return {
    object: "openapi-spec",
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...(spec.sourceUrl ? { sourceURL: spec.sourceUrl } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersionId ? { lastVersion: spec.lastVersionId } : {}),
    ...(spec.lastProcessedAt ? { lastProcessedAt: spec.lastProcessedAt } : {}),
    ...(spec.lastProcessErrorCode ? { lastProcessErrorCode: spec.lastProcessErrorCode } : {}),
    ...(spec.lastProcessedErrors ? { lastProcessedErrors: spec.lastProcessedErrors } : {}),
    lastProcessedErrorCount: spec.lastProcessedErrorCount,
    permissions: { view: canInOrganization(membership, "viewOpenAPISpecs"), edit: canInOrganization(membership, "editOpenAPISpecs") },
    urls: {
      location: urls.api(specApiPath(spec)),
      app: urls.app(`/o/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`),
      ...(spec.visibility === "public" ? { published: publishedUrl(urls, spec) } : {}),
    },
  };
}

/** Where a version's text can be had: the URL it was fetched from, or its content in this API. */
export const versionSourceUrl = (urls: Urls, spec: OpenAPISpecRow, version: OpenAPISpecVersionRow) =>
  version.sourceUrl ?? urls.api(`${specApiPath(spec)}/versions/${version.id}/content`);

export function presentVersion(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow, urls: Urls): OpenAPISpecVersionObject {
  return {
    object: "openapi-spec-version",
    id: version.id,
    createdAt: version.createdAt,
    url: versionSourceUrl(urls, spec, version),
    urls: { location: urls.api(`${specApiPath(spec)}/versions/${version.id}`) },
  };
}
