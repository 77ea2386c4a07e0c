/**
 * Rich embeds' frames (reader/serve/embed-frames.ts): a widget's frame (one without an aspect
 * ratio) reports the height of what it shows with `postMessage`, and takes it, within bounds. Only
 * messages whose source is one of the page's embed frames count (any other frame or window is
 * ignored), and only a number is read from them. A player keeps its aspect ratio and reports nothing.
 */
const MIN_HEIGHT = 80;
const MAX_HEIGHT = 4000;

export function setupEmbedFrames(): void {
  const frames = [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-embed-frame]")];
  if (frames.length === 0) return;
  addEventListener("message", (event) => {
    const frame = frames.find((candidate) => candidate.contentWindow === event.source);
    const data: unknown = event.data;
    const height = typeof data === "object" && data !== null ? (data as { embedFrameHeight?: unknown }).embedFrameHeight : undefined;
    if (!frame || typeof height !== "number" || !Number.isFinite(height)) return;
    frame.style.height = `${Math.min(Math.max(Math.round(height), MIN_HEIGHT), MAX_HEIGHT)}px`;
  });
}
