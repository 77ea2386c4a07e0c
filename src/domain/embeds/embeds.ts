import { isVisitor, type ReaderContext, type RequestContext } from "../../context";
import { loadVisitorSpace } from "../sites/visitor-access";
import { readOEmbed, type OEmbed } from "../../formats/html/oembed";
import { readPageMetadata } from "../../formats/html/page-metadata";
import { badRequest } from "../../lib/errors";
import { assertAllowedTarget, isEnabled, OutboundError, outboundFetch, type OutboundOptions } from "../../lib/outbound-fetch";
import type { EmbedObject } from "../../schemas/embed";
import { loadSpaceAccess } from "../content-tree/space-access";
import { cachedEmbed, EMBED_TTL_SECONDS, FALLBACK_TTL_SECONDS, storeEmbed } from "./cache";

/**
 * What an embed block shows for a URL (`getEmbedByUrl`, `getEmbedByUrlInSpace`): the page is
 * fetched through the outbound guard (lib/outbound-fetch.ts) and read for its oEmbed endpoint
 * (whose `rich` and `video` markup is embedded as is) and its metadata (a link card: OpenGraph,
 * Twitter card, <title>). Kept per URL (cache.ts).
 *
 * What can never be embedded is a 400 naming `url`: a URL that is not absolute http(s) (the
 * route's validation) and a host this deployment does not fetch (private, loopback, metadata;
 * lib/network-targets.ts). A page that cannot be read now, or is not HTML, gives the link card
 * a reader would make of it (title: the URL, site: its host): GitBook's renderer shows the embed
 * block's answer, and fails the block on an error (docs/decisions.md, "Embeds").
 */

/** The page's first bytes are all a card needs: its head. A longer page is cut there, not refused. */
const PAGE_BYTES = 1024 * 1024;
/** An oEmbed answer is a small JSON object; its markup is an iframe or a script tag. */
const OEMBED_BYTES = 256 * 1024;
const PAGE_TIMEOUT_MS = 5_000;
const OEMBED_TIMEOUT_MS = 3_000;
/** Some sites answer unknown clients with an error page: say what asks, as link previewers do. */
const USER_AGENT = "Mozilla/5.0 (compatible; docs-cms-edge link preview)";

/** The embed of `url` in a space: whoever may see the space (its level, any), or a site's visitor it is published to, may ask. */
export async function getEmbedInSpace(ctx: ReaderContext, spaceId: string, url: string): Promise<EmbedObject> {
  if (isVisitor(ctx)) await loadVisitorSpace(ctx, spaceId);
  else await loadSpaceAccess(ctx, spaceId);
  return getEmbed(ctx, url);
}

/** The embed of `url`, from the cache or read now (and then kept). */
export async function getEmbed(ctx: RequestContext, url: string): Promise<EmbedObject> {
  const target = embeddableTarget(ctx, url);
  const cached = await cachedEmbed(ctx, target);
  if (cached) return cached;
  const { embed, lasting } = await readEmbed(ctx, target);
  storeEmbed(ctx, target, embed, lasting ? EMBED_TTL_SECONDS : FALLBACK_TTL_SECONDS);
  return embed;
}

/** The URL as it is fetched and kept (without its fragment, which no server sees); a 400 naming `url` for a host never fetched. */
function embeddableTarget(ctx: RequestContext, url: string): string {
  try {
    const target = assertAllowedTarget(url, allowsPrivateNetwork(ctx));
    target.hash = "";
    return target.toString();
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`Invalid query parameter 'url': ${error.message}`);
    throw error;
  }
}

const allowsPrivateNetwork = (ctx: RequestContext) => isEnabled(ctx.env.ALLOW_PRIVATE_NETWORK);

/** The card a reader would make of a URL with nothing else to go by. */
const linkCard = (url: string): EmbedObject => ({ type: "link", title: url, site: new URL(url).hostname });

/** The embed read from the page (and its oEmbed endpoint); `lasting` unless something could not be read now. */
async function readEmbed(ctx: RequestContext, url: string): Promise<{ embed: EmbedObject; lasting: boolean }> {
  const page = await fetchGuarded(ctx, url, { maxBytes: PAGE_BYTES, truncate: true, timeoutMs: PAGE_TIMEOUT_MS, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1" });
  if (!page) return { embed: linkCard(url), lasting: false };
  const contentType = page.headers.get("content-type") ?? "";
  // A file (a PDF, an image) is shown as a link to it, and stays one.
  if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return { embed: linkCard(url), lasting: true };
  const metadata = await readPageMetadata(page.body, contentType, page.url);
  const oembedAnswer = metadata.oembedUrl ? await fetchGuarded(ctx, metadata.oembedUrl, { maxBytes: OEMBED_BYTES, timeoutMs: OEMBED_TIMEOUT_MS, accept: "application/json" }) : undefined;
  const oembed: OEmbed | undefined = oembedAnswer ? readOEmbed(new TextDecoder().decode(oembedAnswer.body)) : undefined;
  const card = {
    title: oembed?.title ?? metadata.title ?? url,
    site: oembed?.providerName ?? metadata.siteName ?? new URL(url).hostname,
    ...(metadata.icon ? { icon: metadata.icon } : {}),
  };
  const embed: EmbedObject = oembed?.html ? { type: "rich", ...card, html: oembed.html } : { type: "link", ...card };
  // An endpoint that did not answer now may next time: keep this card only briefly.
  return { embed, lasting: oembedAnswer !== null };
}

/**
 * A GET through the outbound guard; null when it fails or answers other than 2xx (the reason is
 * not an error of the request: the card is made without what could not be read).
 */
async function fetchGuarded(ctx: RequestContext, url: string, options: Pick<OutboundOptions, "maxBytes" | "truncate" | "timeoutMs"> & { accept: string }) {
  try {
    const { accept, ...limits } = options;
    const answer = await outboundFetch(url, { ...limits, allowPrivateNetwork: allowsPrivateNetwork(ctx), headers: { accept, "user-agent": USER_AGENT } });
    return answer.status >= 200 && answer.status < 300 ? answer : null;
  } catch (error) {
    if (error instanceof OutboundError) return null;
    throw error;
  }
}
