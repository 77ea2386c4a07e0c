/*
 * Images (block, inline, drawings, table and card covers), file cards and embed cards.
 *
 * An image has a light and, optionally, a dark source; both are written and the layout's CSS
 * shows the one of the current theme (a lazy image that is not displayed is not fetched). An
 * embed is a card built from the embed lookup's metadata: third-party markup never reaches the
 * page.
 */
import type { Child } from "hono/jsx";
import { externalUrl } from "./links";
import { childrenOf, dataOf, fragmentNamed, isJson, nonEmptyString, numberOf, plainTextOf, stringOf, type Json } from "./nodes";
import type { RenderState } from "./render-state";
import type { EmbedFrame, EmbedInfo } from "./types";
import { isAbsoluteHttp, safeLinkUrl, safeSourceUrl } from "./urls";
import { renderInlines } from "./inlines";

interface ImageSource {
  src: string;
  width?: number;
  height?: number;
}

/** Where an image ref (url or file) is fetched from, for this reader; null: hidden or unsafe. */
export function imageSource(ref: unknown, state: RenderState): ImageSource | null {
  if (!isJson(ref)) return null;
  if (ref.kind === "url") {
    const url = nonEmptyString(ref.url);
    const accepted = url ? safeSourceUrl(url) : null;
    const rewritten = accepted ? state.context.urlOf(accepted) : null;
    const src = rewritten ? safeSourceUrl(rewritten) : null;
    return src ? { src } : null;
  }
  if (ref.kind === "file") {
    const id = nonEmptyString(ref.file);
    const file = id ? state.context.file(id, nonEmptyString(ref.space)) : null;
    const src = file ? safeSourceUrl(file.url) : null;
    if (!src) return null;
    return { src, ...(file!.width ? { width: file!.width } : {}), ...(file!.height ? { height: file!.height } : {}) };
  }
  return null;
}

/** A GitBook Length in pixels: a number, or `{unit: "px", value}`. */
function pixels(length: unknown): number | undefined {
  const value = numberOf(length) ?? (isJson(length) && (length.unit === "px" || length.unit === undefined) ? numberOf(length.value) : undefined);
  return value !== undefined && value > 0 && value < 100_000 ? Math.round(value) : undefined;
}

/** The size attributes: the node's width (height kept in proportion), else the file's own. */
function sizeOf(source: ImageSource, width: number | undefined): { width?: number; height?: number } {
  if (width === undefined) return { width: source.width, height: source.height };
  const height = source.width && source.height ? Math.round((width * source.height) / source.width) : undefined;
  return { width, height };
}

interface ImageOptions {
  alt: string;
  className: string;
  width?: number;
}

/** One <img>, or a light and a dark one. */
export function imageElements(ref: unknown, refDark: unknown, state: RenderState, options: ImageOptions): Child | null {
  const light = imageSource(ref, state);
  if (!light) return null;
  const dark = refDark === undefined ? null : imageSource(refDark, state);
  const image = (source: ImageSource, variant: string) => {
    const size = sizeOf(source, options.width);
    return <img class={`${options.className}${variant}`} src={source.src} alt={options.alt} width={size.width} height={size.height} loading="lazy" decoding="async" />;
  };
  return dark ? [image(light, " doc-image-light"), image(dark, " doc-image-dark")] : image(light, "");
}

function renderImageFigure(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const caption = fragmentNamed(node, "caption");
  const captionNodes = caption ? childrenOf(caption) : [];
  const captionText = captionNodes.map(plainTextOf).join(" ").trim();
  const alt = stringOf(data.alt) ?? captionText;
  const images = imageElements(data.ref, data.refDark, state, { alt, className: "doc-image-img", width: pixels(data.width) });
  if (!images) return null;
  return (
    <figure class="doc-image">
      {images}
      {captionText !== "" ? <figcaption class="doc-image-caption">{captionNodes.map((paragraph) => renderInlines(childrenOf(paragraph), state))}</figcaption> : null}
    </figure>
  );
}

/** An `images` block (or a lone `image`): figures in a row. */
export function renderImages(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const images = node.type === "image" ? [node] : childrenOf(node).filter((child) => child.type === "image");
  const align = data.align === "left" || data.align === "right" ? data.align : "center";
  const classes = `doc-images doc-images--${align}${data.fullWidth === true ? " doc-full-width" : ""}${data.withFrame === true ? " doc-images--framed" : ""}`;
  const figures = images.map((image) => renderImageFigure(image, state)).filter((figure) => figure !== null);
  return figures.length > 0 ? <div class={classes}>{figures}</div> : null;
}

export function renderInlineImage(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const className = data.size === "line" ? "doc-inline-image doc-inline-image--line" : "doc-inline-image";
  const alt = stringOf(data.alt) ?? stringOf(data.caption) ?? "";
  return imageElements(data.ref, data.refDark, state, { alt, className });
}

export function renderDrawing(node: Json, state: RenderState): Child {
  const images = imageElements(dataOf(node).ref, undefined, state, { alt: "Drawing", className: "doc-image-img" });
  return images ? (
    <div class="doc-images doc-images--center">
      <figure class="doc-image doc-drawing">{images}</figure>
    </div>
  ) : null;
}

const SIZE_UNITS = ["bytes", "KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}

export function renderFile(node: Json, state: RenderState): Child {
  const ref = dataOf(node).ref;
  const id = isJson(ref) && ref.kind === "file" ? nonEmptyString(ref.file) : undefined;
  const file = id ? state.context.file(id, nonEmptyString((ref as Json).space)) : null;
  const href = file ? safeLinkUrl(file.url) : null;
  if (!file || !href) return null;
  const meta = [file.contentType, file.size !== undefined ? formatBytes(file.size) : ""].filter(Boolean).join(" · ");
  return (
    <div class="doc-file">
      <a class="doc-file-link" href={href}>
        <span class="doc-file-icon" aria-hidden="true"></span>
        <span class="doc-file-name">{file.name}</span>
        {meta ? <span class="doc-file-meta">{meta}</span> : null}
      </a>
    </div>
  );
}

/**
 * The sandbox of a rich embed's frame, also the frame route's CSP `sandbox` (reader/layout/csp.ts),
 * so the frame's document is an opaque origin even opened top-level: scripts, popups (escaping the
 * sandbox: a link to the provider opens as a normal page), fullscreen presentation and forms;
 * never `allow-same-origin` (the site's cookies and storage) nor top navigation.
 */
export const EMBED_FRAME_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms";
/** What a player may use, delegated to the frame (and by it to the provider's player). */
const FRAME_ALLOW = "autoplay; encrypted-media; fullscreen; picture-in-picture";

/** An embed (or an integration block unfurled from a URL): a rich embed's frame, else a card of the page's metadata. */
export function renderEmbed(node: Json, state: RenderState): Child {
  const data = dataOf(node);
  const url = nonEmptyString(data.url);
  const href = url ? externalUrl(url, state) : null;
  if (!url || !href) return null;
  const info = state.context.embed(url);
  const frameSrc = info?.frame ? safeSourceUrl(info.frame.src) : null;
  const classes = `doc-embed${frameSrc ? " doc-embed--rich" : ""}${data.fullWidth === true ? " doc-full-width" : ""}`;
  const card = embedCard(url, href, info, state);
  if (!info?.frame || !frameSrc) return <div class={classes}>{card}</div>;
  return (
    <div class={classes}>
      <iframe
        class="doc-embed-frame"
        src={frameSrc}
        title={info.title || url}
        sandbox={EMBED_FRAME_SANDBOX}
        allow={FRAME_ALLOW}
        allowfullscreen
        loading="lazy"
        style={aspectRatioOf(info.frame)}
        data-embed-frame=""
      ></iframe>
      {/* Without JavaScript the frame's markup cannot run: the card instead (CSS hides the frame). */}
      <noscript>{card}</noscript>
    </div>
  );
}

function embedCard(url: string, href: string, info: EmbedInfo | null, state: RenderState): Child {
  const thumbnail = info?.thumbnail ? imageSource({ kind: "url", url: info.thumbnail }, state) : null;
  const icon = info?.icon ? imageSource({ kind: "url", url: info.icon }, state) : null;
  const site = info?.site ?? hostOf(href);
  return (
    <a class="doc-embed-card" href={href} rel={isAbsoluteHttp(href) ? "noopener noreferrer" : undefined}>
      {thumbnail ? <img class="doc-embed-thumbnail" src={thumbnail.src} alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" /> : null}
      <span class="doc-embed-text">
        <span class="doc-embed-title">{info?.title || url}</span>
        {info?.description ? <span class="doc-embed-description">{info.description}</span> : null}
        <span class="doc-embed-site">
          {icon ? <img class="doc-embed-icon" src={icon.src} alt="" width={16} height={16} loading="lazy" decoding="async" referrerpolicy="no-referrer" /> : null}
          {site}
        </span>
      </span>
    </a>
  );
}

/** A player's size as the frame's aspect ratio (numbers only: nothing of the markup's text reaches the attribute); none for a widget. */
function aspectRatioOf(frame: EmbedFrame): string | undefined {
  const { width, height } = frame;
  const valid = (value: number | undefined): value is number => typeof value === "number" && Number.isFinite(value) && value > 0;
  return valid(width) && valid(height) ? `aspect-ratio:${Math.round(width)}/${Math.round(height)}` : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
