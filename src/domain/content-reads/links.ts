import type { RequestContext } from "../../context";
import type { DocumentLinkRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { pageOfItems, type PageRequest } from "../../lib/pagination";
import { isPage } from "../revisions/entries";
import { readContent, type ResolvedSource, type RevisionContent, type RevisionRead } from "./revision-content";

/** Who links to what in a revision: backlinks of a page or file, and the link report. */

/** Pages of the revision that link to a file or a page of it. */
export async function listBacklinks(ctx: RequestContext, resolved: ResolvedSource, target: { kind: "page" | "file"; id: string }, request: PageRequest): Promise<RevisionRead<object>> {
  const content = await readContent(ctx, resolved, { links: { kind: target.kind, target: target.id } });
  if (!content.entries.has(`${target.kind}:${target.id}`)) throw notFound(`${target.kind === "file" ? "File" : "Page"} '${target.id}'`);
  const linking = new Set(content.links.map((link) => link.documentId));
  const pages = [...content.entries.values()].filter(isPage).filter((page) => page.documentId !== null && linking.has(page.documentId));
  const page = pageOfItems(pages, request, "page:asc", (entry) => entry.id);
  return { value: { ...page, items: page.items.map((entry) => pageReference(content, entry.id)) }, atRevision: content.atRevision };
}

function versionContext(content: RevisionContent) {
  return { type: "revision" as const, revision: content.source.revisionId };
}

function pageReference(content: RevisionContent, pageId: string) {
  return {
    kind: "page" as const,
    organization: content.source.space.organizationId,
    space: content.source.space.id,
    versionContext: versionContext(content),
    page: pageId,
  };
}

export type LinkStatus = "ok" | "broken" | "in-app";

export interface LinkFilters {
  /** Only links with this status. */
  status?: LinkStatus | undefined;
  /**
   * A change request's report (GitBook's `brokenContext`): `change-request` lists broken links
   * only where the pages it changed carry them (what it broke or left broken), `space` (the
   * default) every broken link of its revision. Other statuses are listed either way.
   */
  brokenContext?: "change-request" | "space" | undefined;
}

/**
 * The link report of a revision (seed 4.1) or of one page of it (4.2, 4.4): one item per link
 * target, with the pages it is linked from. A page or file link whose target is not in the
 * revision is `broken`; an absolute URL into this deployment's app or API is `in-app`.
 */
export async function listLinks(
  ctx: RequestContext,
  resolved: ResolvedSource,
  pageId: string | null,
  filters: LinkFilters,
  request: PageRequest,
): Promise<RevisionRead<object>> {
  const content = await readContent(ctx, resolved, { links: "all" });
  const pages = [...content.entries.values()].filter(isPage);
  if (pageId !== null && !content.entries.has(`page:${pageId}`)) throw notFound(`Page '${pageId}'`);
  const located = pageId === null ? pages : pages.filter((page) => page.id === pageId);
  const byDocument = new Map<string, DocumentLinkRow[]>();
  for (const link of content.links) byDocument.set(link.documentId, [...(byDocument.get(link.documentId) ?? []), link]);

  const report = new Map<string, { status: LinkStatus; relation: string; target: DocumentLinkRow; locations: string[]; inChangeRequest: boolean }>();
  for (const page of located) {
    for (const link of page.documentId ? (byDocument.get(page.documentId) ?? []) : []) {
      const key = `${link.relation}:${link.targetKind}:${link.target}`;
      const item = report.get(key) ?? { status: linkStatus(ctx, content, link), relation: link.relation, target: link, locations: [], inChangeRequest: false };
      if (!item.locations.includes(page.id)) item.locations.push(page.id);
      item.inChangeRequest ||= content.changedPages.has(page.id);
      report.set(key, item);
    }
  }
  const all = [...report.entries()];
  const broken = all.filter(([, item]) => item.status === "broken");
  const inContext = filters.brokenContext === "change-request" ? all.filter(([, item]) => item.status !== "broken" || item.inChangeRequest) : all;
  const filtered = filters.status ? inContext.filter(([, item]) => item.status === filters.status) : inContext;
  const page = pageOfItems(filtered, request, "target:asc", ([key]) => key);
  const value = {
    ...page,
    items: page.items.map(([, item]) => ({
      status: item.status,
      relation: item.relation,
      targetReference: targetReference(content, item.target),
      locationReferences: item.locations.map((location) => pageReference(content, location)),
    })),
    stats: { total: all.length, broken: { total: broken.length, changeRequest: broken.filter(([, item]) => item.inChangeRequest).length } },
  };
  return { value, atRevision: content.atRevision };
}

function linkStatus(ctx: RequestContext, content: RevisionContent, link: DocumentLinkRow): LinkStatus {
  if (link.targetKind === "page" || link.targetKind === "file") {
    return content.entries.has(`${link.targetKind}:${link.target}`) ? "ok" : "broken";
  }
  const internal = [ctx.urls.app(""), ctx.urls.origin];
  return internal.some((base) => link.target === base || link.target.startsWith(`${base}/`)) ? "in-app" : "ok";
}

function targetReference(content: RevisionContent, link: DocumentLinkRow) {
  if (link.targetKind === "url") return { kind: "url" as const, url: link.target };
  return {
    kind: link.targetKind,
    organization: content.source.space.organizationId,
    space: content.source.space.id,
    versionContext: versionContext(content),
    [link.targetKind]: link.target,
  };
}

