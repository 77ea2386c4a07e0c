import type { TranslationRow } from "../../db/schema";
import { canInOrganization, type Membership } from "../../lib/permissions";
import type { Urls } from "../../lib/urls";
import type { TranslationObject } from "../../schemas/translation";

/** A translation as the API shows it: GitBook's fields, and `lastRunError` while the latest run failed. */

type Language = TranslationObject["language"];

export const translationApiPath = (row: Pick<TranslationRow, "organizationId" | "id">) => `/orgs/${row.organizationId}/translations/${row.id}`;

export function presentTranslation(row: TranslationRow, membership: Membership, urls: Urls): TranslationObject {
  return {
    object: "translation",
    id: row.id,
    status: row.status,
    source: { space: row.sourceSpaceId, language: row.sourceLanguage as Language },
    language: row.language as Language,
    instructions: row.instructions,
    ...(row.resultSpaceId && row.resultRevisionId ? { result: { space: row.resultSpaceId, revision: row.resultRevisionId, language: row.language as Language } } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stats: row.stats,
    ...(row.lastRunError ? { lastRunError: row.lastRunError } : {}),
    permissions: { view: canInOrganization(membership, "viewTranslations"), edit: canInOrganization(membership, "manageTranslations") },
    urls: { location: urls.api(translationApiPath(row)) },
  };
}
