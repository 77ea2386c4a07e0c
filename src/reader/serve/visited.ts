import type { RequestContext, VisitorContext } from "../../context";
import { resolvePublishedContent, type ResolvedPublishedContent } from "../../domain/published/resolve";
import { grantedNow } from "../../domain/published/site-token";
import { ApiError } from "../../lib/errors";
import type { Visit } from "./visit";

/**
 * A reader's request resolved exactly as GitBook's renderer resolves it (`resolvePublishedContent`,
 * the function behind `POST /v1/urls/published`): a redirect, or the content with a visitor
 * context holding the very grant the lookup's site token carries (as verifying it would read it
 * back, without signing it), so every read the reader then makes is the read that token makes
 * through the API (one code path: the reader and the API agree).
 */
export type Visited =
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "content"; content: ResolvedPublishedContent; visitorContext: VisitorContext }
  /** No published site at this URL for this visitor (none, unpublished, or a share-link site without its key). */
  | { kind: "nothing" };

export async function visitedContent(ctx: RequestContext, visit: Visit): Promise<Visited> {
  let resolution;
  try {
    resolution = await resolvePublishedContent(ctx, { url: visit.url.toString(), visitor: visit.visitor });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "nothing" };
    throw error;
  }
  const { redirect, content } = resolution;
  // A page's former path or a site redirect is permanent; a visitor-auth site's sign-in is not.
  if (redirect) return { kind: "redirect", location: redirect.redirect, status: redirect.target === "content" ? 301 : 302 };
  return { kind: "content", content, visitorContext: { ...ctx, visitor: grantedNow(content.grant) } };
}
