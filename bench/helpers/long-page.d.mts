/** Types of long-page.mjs (plain JavaScript, shared with the Node script of the HTTP benchmark). */
export interface LongPageDocument {
  object: "document";
  data: Record<string, unknown>;
  nodes: Array<Record<string, any>>;
}
export function longPageMarkdown(): string;
export function withMath<T extends LongPageDocument>(document: T): T;
export function wordCount(text: string): number;
