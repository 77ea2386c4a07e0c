/**
 * A documentation page of about `words` words, as GitBook's JSON document: sections of headings,
 * paragraphs with marks and links, lists, a task list, hints, tabs, code blocks in several
 * languages, a table, an expandable, and some math, in the proportions of a typical guide page.
 * Shared by the reader's render benchmark (bench/reader-render-cost.ts).
 */
type Json = Record<string, unknown>;

const WORDS = "the reader renders every page of a published site from its document on the server so the first byte already holds the text a person came for with links images code and math in place".split(" ");

const leaf = (text: string, marks: string[] = []) => ({ object: "leaf", text, marks: marks.map((type) => ({ object: "mark", type })) });
const textNode = (...leaves: Json[]) => ({ object: "text", leaves });
let key = 0;
const block = (type: string, nodes: Json[] = [], data: Json = {}, extra: Json = {}): Json => ({ object: "block", type, key: `k${key++}`, data, nodes, ...extra });

/** A sentence-like run of `count` words starting at word `offset`. */
const words = (count: number, offset: number) => Array.from({ length: count }, (_, index) => WORDS[(offset + index) % WORDS.length]).join(" ");

/** A paragraph of `count` words: plain text with a bold phrase, inline code and a page link. */
function paragraph(count: number, offset: number): Json {
  const quarter = Math.max(1, Math.floor(count / 4));
  return block("paragraph", [
    textNode(leaf(`${words(quarter, offset)} `), leaf(words(3, offset + 1), ["bold"]), leaf(` ${words(quarter, offset + 2)} `), leaf("renderDocument()", ["code"]), leaf(" ")),
    { object: "inline", type: "link", key: `k${key++}`, isVoid: false, data: { ref: { kind: "page", page: "guide" } }, nodes: [textNode(leaf(words(2, offset + 3)))] },
    textNode(leaf(` ${words(count - 2 * quarter - 6, offset + 4)}.`)),
  ]);
}

const code = (syntax: string, lines: string[]) => block("code", lines.map((line) => block("code-line", [textNode(leaf(line))])), { syntax, title: `example.${syntax}` });

const JS = ["import { renderDocument } from \"./document\";", "", "export async function page(request) {", "  const url = new URL(request.url);", "  // Everything is loaded before rendering.", "  const html = String(renderDocument(document, context));", "  return new Response(`<!doctype html>${html}`, {", "    headers: { \"content-type\": \"text/html\" },", "  });", "}"];
const BASH = ["npm install --save-exact katex highlight.js", "npx wrangler deploy --dry-run --outdir /tmp/x", "curl -s https://docs.example/guide | head -20"];
const JSON_LINES = ["{", "  \"object\": \"document\",", "  \"nodes\": [", "    { \"type\": \"paragraph\", \"count\": 3, \"ok\": true }", "  ]", "}"];

/** The document; its text holds `target` words (give or take a few). */
export function wordsDocument(target = 5_000): { object: "document"; data: Json; nodes: Json[] } {
  const nodes: Json[] = [];
  let total = 0;
  let section = 0;
  const add = (node: Json, count: number) => {
    nodes.push(node);
    total += count;
  };
  while (total < target) {
    section += 1;
    add(block(section % 3 === 1 ? "heading-1" : "heading-2", [textNode(leaf(`Section ${section}: ${words(3, section)}`))]), 5);
    for (let index = 0; index < 4 && total < target; index++) add(paragraph(45, section * 7 + index), 45);
    switch (section % 6) {
      case 0:
        add(block("list-unordered", [0, 1, 2, 3].map((item) => block("list-item", [paragraph(12, section + item)]))), 48);
        break;
      case 1:
        add(code("javascript", JS), 60);
        break;
      case 2:
        add(block("hint", [paragraph(30, section)], { style: "warning" }), 30);
        add(block("math", [], { formula: "\\int_0^1 x^2\\,dx = \\frac{1}{3}" }, { isVoid: true }), 4);
        break;
      case 3:
        add(block("tabs", [block("tabs-item", [code("bash", BASH)], { title: "npm" }), block("tabs-item", [code("json", JSON_LINES)], { title: "JSON" })]), 40);
        break;
      case 4:
        add(block("list-tasks", [0, 1, 2].map((item) => block("list-item", [paragraph(10, item)], { checked: item === 0 }))), 30);
        add(
          block("table", [], {
            view: { type: "grid", columns: ["name", "count"], hideHeader: false },
            definition: { name: { id: "name", title: "Name", type: "text", textAlignment: "left" }, count: { id: "count", title: "Count", type: "number" } },
            records: Object.fromEntries([0, 1, 2, 3, 4].map((row) => [`r${row}`, { orderIndex: `a${row}`, values: { name: `cell${row}`, count: row } }])),
          }, { isVoid: true, fragments: [0, 1, 2, 3, 4].map((row) => ({ object: "fragment", key: `f${row}`, fragment: `cell${row}`, nodes: [paragraph(6, row)] })) }),
          35,
        );
        break;
      case 5:
        add(block("expandable", [], {}, { isVoid: true, fragments: [{ object: "fragment", fragment: "expandable-title", type: "expandable-title", nodes: [paragraph(4, section)] }, { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes: [paragraph(40, section)] }] }), 44);
        break;
    }
  }
  return { object: "document", data: {}, nodes };
}

/** The words a reader sees in a document (for checking the size of the fixture). */
export function countWords(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + countWords(child), 0);
  if (typeof node !== "object" || node === null) return 0;
  const value = node as Json;
  if (value.object === "leaf") return String(value.text).split(/\s+/).filter(Boolean).length;
  return countWords(value.nodes) + countWords(value.leaves) + countWords(value.fragments);
}
