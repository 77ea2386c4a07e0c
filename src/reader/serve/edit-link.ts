import { eq } from "drizzle-orm";
import type { RequestContext } from "../../context";
import { gitSyncs } from "../../db/schema";

/**
 * "Edit on GitHub" (or GitLab): the page's file in the repository its space syncs with, on the
 * synced branch, when the customization's `git.showEditLink` is on and the page came from Git
 * (its `git.path`). The repository URL is the sync's, credentials never stored; only web URLs
 * (http or https) make a link. A sync set up after the page was rendered shows with the next
 * revision (the HTML cache keys on it): a sync changes content anyway.
 */
export async function editHrefOf(ctx: RequestContext, spaceId: string, gitPath: string | undefined): Promise<string | undefined> {
  if (!gitPath) return undefined;
  const [sync] = await ctx.db.select({ url: gitSyncs.url, ref: gitSyncs.ref, provider: gitSyncs.provider }).from(gitSyncs).where(eq(gitSyncs.spaceId, spaceId)).limit(1);
  if (!sync) return undefined;
  let repository: URL;
  try {
    repository = new URL(sync.url.replace(/\.git$/, ""));
  } catch {
    return undefined;
  }
  if (repository.protocol !== "https:" && repository.protocol !== "http:") return undefined;
  const branch = sync.ref.replace(/^refs\/heads\//, "");
  const file = gitPath.split("/").map(encodeURIComponent).join("/");
  const base = repository.toString().replace(/\/+$/, "");
  return sync.provider === "gitlab" ? `${base}/-/edit/${encodeURIComponent(branch)}/${file}` : `${base}/edit/${encodeURIComponent(branch)}/${file}`;
}
