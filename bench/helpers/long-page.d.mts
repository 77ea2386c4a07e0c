/** Types of long-page.mjs (plain JavaScript, shared with the Node script of the HTTP benchmark). */
export function longPageMarkdown(): string;
export function wordCount(text: string): number;
