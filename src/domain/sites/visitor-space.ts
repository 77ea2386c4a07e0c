import type { VisitorContext } from "../../context";
import { presentSpace } from "../spaces/present";
import { loadVisitorSpace } from "./visitor-access";

/**
 * `getSpaceById` for a site's visitor: a space the site publishes to them, as a reader sees it
 * (`read`: every permission but `view` false). Its Git sync is not shown (a repository is the
 * organization's business, not the site's readers').
 */
export async function getSpaceForVisitor(ctx: VisitorContext, spaceId: string) {
  const [{ space }] = await loadVisitorSpace(ctx, spaceId);
  return presentSpace(space, "read", ctx.urls);
}
