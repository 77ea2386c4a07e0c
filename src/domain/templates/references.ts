import type { ComputedPageSource, FileData, PageData } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { isHttpUrl } from "../../lib/urls";
import type { ContentRefInput } from "../../schemas/template";
import type { Entry } from "../revisions/entries";
import type { CatalogueTemplate, TemplateReference } from "./catalogue";

/**
 * A template's named references (`params.contentRefs`): which names and kinds it takes, checked in
 * the Worker before anything is written; and the markdown each one becomes, made in the
 * coordinator, where the content the template is applied to (which a page or file must be part
 * of) is read. The rules are in docs/decisions.md, "Templates".
 */

export type ContentRefs = Record<string, ContentRefInput>;

/** A line that is only `{{ref:<name>}}` (surrounding spaces aside), with the blank line after it. */
const PLACEHOLDER = /^[ \t]*\{\{ref:([a-zA-Z0-9_-]+)\}\}[ \t]*(\r?\n[ \t]*\r?\n|\r?\n|$)/gm;

/** Checks names and kinds against the template, and what can be checked without the content. */
export function checkContentRefs(template: CatalogueTemplate, refs: ContentRefs, spaceId: string, field: string): void {
  for (const [name, ref] of Object.entries(refs)) {
    const at = `${field}.${name}`;
    const reference = template.references.find((candidate) => candidate.name === name);
    if (!reference) {
      const names = template.references.map((candidate) => `'${candidate.name}'`).join(", ") || "none";
      throw invalid(at, `template '${template.id}' has no reference '${name}' (it takes: ${names})`);
    }
    if (!(reference.kinds as readonly string[]).includes(ref.kind)) {
      throw invalid(`${at}.kind`, `reference '${name}' takes ${reference.kinds.map((kind) => `'${kind}'`).join(" or ")}, not '${ref.kind}'`);
    }
    if ((ref.kind === "page" || ref.kind === "file") && ref.space !== undefined && ref.space !== spaceId) {
      throw invalid(`${at}.space`, `must be the space the template is applied to ('${spaceId}'), or left out`);
    }
    if (ref.kind === "url" && !isHttpUrl(ref.url)) throw invalid(`${at}.url`, "must be an absolute http(s) URL");
  }
}

/** No references at all: a space used as a template is copied as it is. */
export function checkNoContentRefs(refs: ContentRefs, field: string): void {
  const [name] = Object.keys(refs);
  if (name !== undefined) throw invalid(`${field}.${name}`, "a space used as a template takes no references");
}

/** The ids of the pages and files the references name: the coordinator reads those of the target. */
export function referencedIds(refs: ContentRefs): string[] {
  return Object.values(refs).flatMap((ref) => (ref.kind === "page" ? [ref.page] : ref.kind === "file" ? [ref.file] : []));
}

/** The computed-page source of each `openapi` reference given, by reference name (GitBook's default props). */
export function computedSourcesOf(refs: ContentRefs): Map<string, ComputedPageSource> {
  const sources = new Map<string, ComputedPageSource>();
  for (const [name, ref] of Object.entries(refs)) {
    if (ref.kind !== "openapi") continue;
    sources.set(name, { type: "builtin:openapi", dependencies: { spec: { ref: { kind: "openapi", spec: ref.spec } } }, props: { models: true } });
  }
  return sources;
}

/** The slugs the `openapi` references name, by reference name: each must be a spec of the organization. */
export function openApiSlugs(refs: ContentRefs): Array<{ name: string; slug: string }> {
  return Object.entries(refs).flatMap(([name, ref]) => (ref.kind === "openapi" ? [{ name, slug: ref.spec }] : []));
}

/** What each placeholder line of the template becomes: its reference's markdown, or its fallback. */
export function renderReferences(
  template: CatalogueTemplate,
  refs: ContentRefs,
  content: ReadonlyMap<string, Entry>,
  context: { organizationId: string; field: string },
): Map<string, string> {
  const rendered = new Map<string, string>();
  for (const reference of template.references) {
    const ref = refs[reference.name];
    rendered.set(reference.name, ref ? renderReference(reference, ref, content, context) : reference.fallback);
  }
  return rendered;
}

/**
 * Replaces every placeholder line by its markdown; an empty one takes its line and the blank line
 * after it away, so no gap is left. A name the template does not declare is left as written.
 */
export function fillPlaceholders(markdown: string, rendered: ReadonlyMap<string, string>): string {
  return markdown.replace(PLACEHOLDER, (line, name: string, end: string) => {
    const value = rendered.get(name);
    if (value === undefined) return line;
    const text = value.replace(/\n+$/, "");
    return text === "" ? "" : `${text}${end}`;
  });
}

function renderReference(reference: TemplateReference, ref: ContentRefInput, content: ReadonlyMap<string, Entry>, context: { organizationId: string; field: string }): string {
  const at = `${context.field}.${reference.name}`;
  switch (ref.kind) {
    case "page": {
      const page = content.get(`page:${ref.page}`);
      if (!page) throw invalid(`${at}.page`, `no page '${ref.page}' in the content the template is applied to`);
      // GitBook's page card, as Git Sync writes it; the link inside keeps backlinks working.
      const url = `/pages/${ref.page}`;
      return `{% content-ref url="${url}" %}\n[${escapeLinkText((page.data as PageData).title)}](${url})\n{% endcontent-ref %}`;
    }
    case "file": {
      const file = content.get(`file:${ref.file}`);
      if (!file) throw invalid(`${at}.file`, `no file '${ref.file}' in the content the template is applied to`);
      const { name, contentType } = file.data as FileData;
      const link = `[${escapeLinkText(name)}](/files/${ref.file})`;
      return contentType.startsWith("image/") ? `!${link}` : `{% file src="/files/${ref.file}" %}\n${link}\n{% endfile %}`;
    }
    case "url":
      return `[${escapeLinkText(ref.url)}](<${ref.url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
    case "openapi":
      return openApiReference(ref.spec, context.organizationId);
    default:
      // checkContentRefs lets through only the kinds a reference declares.
      throw invalid(`${at}.kind`, `'${ref.kind}' cannot fill a template reference`);
  }
}

/**
 * The reference pages' link to the organization's OpenAPI specification: its slug, and how to
 * publish it under that slug with GitBook's CLI so the reference has something to render.
 */
function openApiReference(spec: string, organizationId: string): string {
  return `{% hint style="info" %}
This reference documents the OpenAPI specification \`${spec}\` of this organization.
{% endhint %}

Publish a new version of the specification, under the same slug, whenever the API changes:

\`\`\`sh
npx @gitbook/cli openapi publish --spec ${spec} --organization ${organizationId} ./openapi.yaml
\`\`\``;
}

const escapeLinkText = (text: string) => text.replace(/[[\]\\]/g, (char) => `\\${char}`);


function invalid(field: string, message: string) {
  return badRequest(`Invalid body field '${field}': ${message}`);
}
