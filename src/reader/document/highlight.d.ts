/** highlight.js: the highlighted HTML of `code` (escaped text in hljs spans), or null for a language it does not know. */
export declare function highlightCode(code: string, language: string): string | null;
