import { raw } from "hono/html";
import { markupSize } from "../../formats/html/markup-size";

/**
 * The document of a rich embed's frame (serve/embed-frames.ts): the provider's markup as the
 * provider wrote it, alone, in a frame with an opaque origin (its CSP's `sandbox`). A player
 * (markup starting with a sized <iframe> or <video>) fills the frame, whose aspect ratio the page
 * gives it; anything else reports its height to the page (`postMessage`, read by the embeds
 * island), which sizes the frame to it. An embed that is not rich (any more) is a link to its URL.
 */

export interface EmbedFrameProps {
  url: string;
  title: string;
  /** The provider's markup; none: a link. */
  html?: string;
}

const STYLE = [
  "body{margin:0;display:flow-root;font-family:system-ui,sans-serif}",
  ".player,.player body{height:100%;overflow:hidden}",
  ".player body>:first-child{display:block;width:100%;height:100%;border:0}",
  ".link{margin:1rem}",
].join("");

/** Tells the page how tall the content is, whenever that changes (the page ignores other messages). */
const REPORT_HEIGHT = `(()=>{const root=document.documentElement;let last=0;const report=()=>{const height=Math.ceil(root.getBoundingClientRect().height);if(height!==last){last=height;parent.postMessage({embedFrameHeight:height},"*")}};new ResizeObserver(report).observe(root);addEventListener("load",report)})();`;

export async function embedFrameDocument({ url, title, html }: EmbedFrameProps): Promise<string> {
  const player = html !== undefined && markupSize(html) !== undefined;
  const page = (
    <html lang="en" class={player ? "player" : undefined}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{raw(STYLE)}</style>
      </head>
      <body>
        {html === undefined ? (
          <p class="link">
            <a href={url} target="_blank" rel="noopener noreferrer">
              {title}
            </a>
          </p>
        ) : (
          raw(html)
        )}
        {player ? null : <script>{raw(REPORT_HEIGHT)}</script>}
      </body>
    </html>
  );
  return `<!doctype html>${String(await page.toString())}`;
}
