import { parseHTML } from "linkedom";
import { renderDocument, type DocumentInput, type DocumentRenderContext, type FileInfo } from "../../../src/reader/document";

/**
 * Shared by the document renderer's tests: node builders in GitBook's JSON shape, a render
 * context over small fixed fixtures (one hidden page, one hidden file), and the rendered HTML
 * parsed with linkedom for assertions on elements rather than strings.
 */

export type Json = Record<string, any>;

export const leaf = (text: string, ...marks: Array<string | Json>): Json => ({
  object: "leaf",
  text,
  marks: marks.map((mark) => (typeof mark === "string" ? { object: "mark", type: mark } : mark)),
});

export const text = (...leaves: Array<string | Json>): Json => ({ object: "text", leaves: leaves.map((value) => (typeof value === "string" ? leaf(value) : value)) });

let keys = 0;
export const block = (type: string, nodes: Json[] = [], data: Json = {}, extra: Json = {}): Json => ({ object: "block", type, key: `b${keys++}`, data, nodes, ...extra });

export const voidBlock = (type: string, data: Json = {}, extra: Json = {}): Json => ({ object: "block", type, key: `b${keys++}`, isVoid: true, data, ...extra });

export const inline = (type: string, data: Json, nodes?: Json[]): Json => ({
  object: "inline",
  type,
  key: `i${keys++}`,
  isVoid: nodes === undefined,
  data,
  ...(nodes ? { nodes } : {}),
});

const content = (parts: Array<string | Json>) => parts.map((part) => (typeof part === "string" ? text(part) : part));

export const paragraph = (...parts: Array<string | Json>) => block("paragraph", content(parts));
export const heading = (level: 1 | 2 | 3, title: string, data: Json = {}) => block(`heading-${level}`, [text(title)], data);
export const link = (ref: Json, ...parts: Array<string | Json>) => inline("link", { ref }, content(parts));
export const fragment = (name: string, nodes: Json[], type?: string): Json => ({ object: "fragment", key: `f${keys++}`, fragment: name, ...(type ? { type } : {}), nodes });
export const codeBlock = (code: string, data: Json = {}) => block("code", code.split("\n").map((line) => block("code-line", [text(line)])), data);
export const listItem = (...nodes: Json[]) => block("list-item", nodes);

export const doc = (...nodes: Json[]): DocumentInput & { data: Json } => ({ object: "document", data: {}, nodes });

/** Fixtures: pages (`hidden` is not published to the reader), files, embeds, titles. */
export const PAGES: Record<string, string> = { intro: "/docs/intro", guide: "/docs/guide" };
export const FILES: Record<string, FileInfo> = {
  logo: { url: "/files/logo.png", name: "logo.png", contentType: "image/png", width: 400, height: 200 },
  manual: { url: "/files/manual.pdf", name: "manual.pdf", contentType: "application/pdf", size: 1_234_567 },
};

export function context(overrides: Partial<DocumentRenderContext> = {}): DocumentRenderContext {
  return {
    pageUrl: ({ page, space }) => {
      if (space === "other-space") return page ? `/other/${page}` : "/other/";
      if (space !== undefined) return null;
      return page ? (PAGES[page] ?? null) : null;
    },
    file: (id, space) => (space === undefined ? (FILES[id] ?? null) : null),
    embed: (url) => (url === "https://video.example/watch" ? { title: "A video", site: "Video Site", description: "What it shows", thumbnail: "https://video.example/thumb.png", icon: "https://video.example/icon.png" } : null),
    reusableContent: () => null,
    openapiOperation: () => null,
    urlOf: (url) => url,
    titleOf: (ref) => {
      if (ref.kind === "page" && PAGES[ref.page]) return { title: `Title of ${ref.page}`, description: `About ${ref.page}`, emoji: "1f680" };
      if (ref.kind === "user" && ref.user === "ada") return { title: "Ada Lovelace" };
      if (ref.kind === "space" && ref.space === "other-space") return { title: "Other space" };
      return null;
    },
    ...overrides,
  };
}

export function render(document: DocumentInput, overrides: Partial<DocumentRenderContext> = {}): string {
  return String(renderDocument(document, context(overrides)));
}

export function dom(html: string) {
  return parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document;
}

/** Rendered and parsed in one step. */
export function renderDom(document: DocumentInput, overrides: Partial<DocumentRenderContext> = {}) {
  return dom(render(document, overrides));
}
