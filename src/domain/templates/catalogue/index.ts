import { apiReference } from "./api-reference";
import { blank } from "./blank";
import { changelog } from "./changelog";
import { knowledgeBase } from "./knowledge-base";
import { productDocs } from "./product-docs";
import type { CatalogueTemplate } from "./types";

export type { CatalogueTemplate, ReferenceKind, TemplatePage, TemplateReference } from "./types";

/** The templates every organization can apply, in the order `GET /v1/templates` lists them. */
export const CATALOGUE: readonly CatalogueTemplate[] = [productDocs, apiReference, knowledgeBase, changelog, blank];

const byId = new Map(CATALOGUE.map((template) => [template.id, template]));

export const catalogueTemplate = (id: string): CatalogueTemplate | undefined => byId.get(id);
