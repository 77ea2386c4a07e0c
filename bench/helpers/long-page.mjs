// The reader benchmarks' long page (bench/reader-cost.ts in the Workers pool, bench/http/reads.mjs
// over HTTP): about 5,000 words of prose in headings, paragraphs with marks and links, bulleted,
// numbered and task lists, a quote, code blocks in six languages, a table, and math (GitBook's
// `$$` blocks and inline formulas), as markdown, which is how the API takes and stores a page.
// Plain JavaScript (typed by long-page.d.mts) so that the Node script of the HTTP benchmark and the
// pool's TypeScript share it. Deterministic: the same words every run, so sizes and timings compare
// between runs.

const VOCABULARY = (
  "the a of to and in is that for it as with on be by this are from or at an which can your you " +
  "request response page site space revision cache worker reader render document token visitor " +
  "search index query header footer section group content change merge publish review branch " +
  "commit deploy edge region latency throughput budget byte stream buffer parse serialize encode " +
  "route handler middleware binding database statement batch cursor limit offset order column row " +
  "table schema migration version release stable preview draft signed unsigned claim segment theme " +
  "color font layout sidebar outline anchor heading paragraph list quote block inline mark link " +
  "image file embed card hint expandable tab formula syntax grammar language highlight copy button " +
  "when every each only once before after while because since unless until then also still never " +
  "fast small large simple careful clear exact honest quiet steady local remote shared private public"
).split(" ");

/** A small linear congruential generator: the same sequence every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CODE = [
  ["javascript", "export async function handler(request, env) {\n  const url = new URL(request.url);\n  const cached = await caches.default.match(url);\n  if (cached) return cached;\n  const response = await fetch(url, { cf: { cacheTtl: 60 } });\n  return new Response(response.body, response);\n}"],
  ["python", "def paginate(rows, limit=50):\n    \"\"\"Yield pages of at most `limit` rows.\"\"\"\n    page = []\n    for row in rows:\n        page.append(row)\n        if len(page) == limit:\n            yield page\n            page = []\n    if page:\n        yield page"],
  ["bash", "#!/usr/bin/env bash\nset -euo pipefail\nnpm ci\nnpx wrangler d1 migrations apply DB --local\nfor port in 8787 8788; do\n  curl -fsS \"http://localhost:$port/v1/openapi.json\" > /dev/null && echo \"up: $port\"\ndone"],
  ["rust", "use std::collections::HashMap;\n\nfn word_counts(text: &str) -> HashMap<&str, usize> {\n    let mut counts = HashMap::new();\n    for word in text.split_whitespace() {\n        *counts.entry(word).or_insert(0) += 1;\n    }\n    counts\n}"],
  ["json", "{\n  \"object\": \"revision-page-document\",\n  \"id\": \"page-1\",\n  \"title\": \"Quickstart\",\n  \"path\": \"getting-started/quickstart\",\n  \"layout\": { \"outline\": true, \"pagination\": true },\n  \"tags\": [\"guide\", \"setup\"]\n}"],
  ["sql", "SELECT p.id, p.title, COUNT(c.id) AS comments\nFROM pages AS p\nLEFT JOIN comments AS c ON c.page_id = p.id AND c.status = 'open'\nWHERE p.space_id = ?1\nGROUP BY p.id\nORDER BY comments DESC, p.title\nLIMIT 20;"],
];

const FORMULAS = [
  "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}",
  "\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}",
  "\\mathbf{A} = \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}, \\quad \\det \\mathbf{A} = ad - bc",
  "p(x \\mid \\theta) = \\frac{1}{\\sigma\\sqrt{2\\pi}} \\exp\\left(-\\frac{(x-\\mu)^2}{2\\sigma^2}\\right)",
];
const INLINE_FORMULAS = ["O(n \\log n)", "e^{i\\pi} + 1 = 0", "x_{n+1} = x_n - \\frac{f(x_n)}{f'(x_n)}", "\\alpha + \\beta"];

const SECTIONS = 12;

/** About 5,000 words of markdown (GitBook's flavour, as the API imports it). */
export function longPageMarkdown() {
  const random = generator(27);
  const word = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)];
  const words = (count) => Array.from({ length: count }, word);
  const sentence = () => {
    const text = words(8 + Math.floor(random() * 12));
    text[0] = text[0][0].toUpperCase() + text[0].slice(1);
    return `${text.join(" ")}.`;
  };
  const paragraph = (index) => {
    const sentences = Array.from({ length: 3 + Math.floor(random() * 3) }, sentence);
    // Marks and a link in most paragraphs, as prose has them; an inline formula in every fifth.
    if (index % 3 === 0) sentences[1] = `Here **${words(2).join(" ")}** and _${words(2).join(" ")}_ go with \`${word()}()\`.`;
    if (index % 4 === 1) sentences[2] = `See [${words(3).join(" ")}](https://example.com/${word()}) for more.`;
    if (index % 5 === 4) sentences.push(`As in $$${INLINE_FORMULAS[index % INLINE_FORMULAS.length]}$$.`);
    return sentences.join(" ");
  };
  const parts = [paragraph(0), ""];
  let paragraphs = 1;
  for (let section = 0; section < SECTIONS; section++) {
    parts.push(`# ${sentence().slice(0, -1).split(" ").slice(0, 4).join(" ")} ${section + 1}`, "");
    for (let sub = 0; sub < 2; sub++) {
      parts.push(`## ${words(3).join(" ")} ${section + 1}.${sub + 1}`, "");
      for (let count = 0; count < 3; count++) parts.push(paragraph(paragraphs++), "");
      if (sub === 0) parts.push(...Array.from({ length: 4 }, () => `- ${sentence()}`), "");
      else parts.push(...Array.from({ length: 3 }, (_, index) => `${index + 1}. ${sentence()}`), "");
    }
    // A formula block in every third section.
    if (section % 3 === 0) parts.push("$$", FORMULAS[(section / 3) % FORMULAS.length], "$$", "");
    const [language, code] = CODE[section % CODE.length];
    parts.push("```" + language, code, "```", "");
    if (section === 3) parts.push(...Array.from({ length: 4 }, (_, index) => `- [${index % 2 === 0 ? "x" : " "}] ${sentence()}`), "");
    if (section === 5) parts.push(`> ${sentence()} ${sentence()}`, "");
    if (section === 7) {
      parts.push("| Name | Type | Default | Description |", "| --- | --- | --- | --- |");
      for (let row = 0; row < 12; row++) parts.push(`| \`${word()}_${row}\` | ${["string", "number", "boolean"][row % 3]} | ${row * 10} | ${words(8).join(" ")} |`);
      parts.push("");
    }
  }
  return parts.join("\n");
}

/** Words of a text (prose and code alike). */
export const wordCount = (text) => text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
