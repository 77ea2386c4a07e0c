import type { RequestContext, VisitorContext } from "../../context";
import { resolvePublishedUrl, type ResolvedPublishedContent } from "../../domain/published/resolve";
import { verifySiteToken } from "../../domain/published/site-token";
import { ApiError } from "../../lib/errors";
import type { Visit } from "./visit";

/**
 * A reader's request resolved exactly as GitBook's renderer resolves it (`resolvePublishedUrl`,
 * the function behind `POST /v1/urls/published`): a redirect, or the content with a visitor
 * context built from the very site token the lookup minted, so every read the reader then makes
 * is the read that token makes through the API (one code path: the reader and the API agree).
 */
export type Visited =
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "content"; content: ResolvedPublishedContent; visitorContext: VisitorContext }
  /** No published site at this URL for this visitor (none, unpublished, or a share-link site without its key). */
  | { kind: "nothing" };

export async function visitedContent(ctx: RequestContext, visit: Visit): Promise<Visited> {
  let resolution;
  try {
    resolution = await resolvePublishedUrl(ctx, { url: visit.url.toString(), visitor: visit.visitor });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "nothing" };
    throw error;
  }
  const { lookup, content } = resolution;
  if (!content) {
    // A page's former path or a site redirect is permanent; a visitor-auth site's sign-in is not.
    const redirect = lookup as { target: string; redirect: string };
    return { kind: "redirect", location: redirect.redirect, status: redirect.target === "content" ? 301 : 302 };
  }
  const visitor = await verifySiteToken(ctx.env, content.answer.apiToken);
  return { kind: "content", content, visitorContext: { ...ctx, visitor } };
}
