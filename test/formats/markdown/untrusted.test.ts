import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../../../src/formats/markdown";
import { JSONDocument } from "../../../src/schemas/document";
import { expectSpecSchema } from "../../helpers/spec";
import { textOf, type Json } from "./helpers";

/**
 * Markdown anyone may write (comments) is rendered `untrusted`: what a reader would see stays,
 * and no raw HTML, script, or link that runs or embeds something reaches the document.
 */

function render(markdown: string): Json[] {
  const document = markdownToDocument(markdown, { untrusted: true });
  expectSpecSchema("JSONDocument", document);
  expect(JSONDocument.safeParse(document).success).toBe(true);
  return document.nodes as Json[];
}

const inlinesOf = (block: Json): Json[] => (block.nodes ?? []).filter((node: Json) => node.object === "inline");

describe("markdownToDocument, untrusted", () => {
  it("drops script and style elements with their content, block or inline, and keeps other HTML's text", () => {
    const nodes = render('<script>steal()</script>\n\nBefore <script type="x">inline()</script> after <style>p{}</style>.\n\n<div onclick="x()"><b>Kept</b> text</div>\n\n<!-- hidden -->\n');
    const text = nodes.map(textOf).join("|");
    expect(text).toBe("Before  after .|Kept text");
    expect(JSON.stringify(nodes)).not.toMatch(/steal|inline\(\)|p\{\}|onclick|<|hidden/);
  });

  it("keeps an unclosed script from swallowing nothing but itself", () => {
    expect(render("Text <script>never closed\n").map(textOf)).toEqual(["Text "]);
  });

  it("keeps http(s), mailto and relative links and images, and only the text of any other scheme", () => {
    const [paragraph] = render(
      "[web](https://example.com) [mail](mailto:a@example.com) [page](/pages/p1) [js](javascript:alert(1)) [ent](java&#9;script:x) [tab](java\tscript:x) [data](data:text/html,<b>) ![img](data:image/png;base64,AA) [ref][r]\n\n[r]: vbscript:x\n",
    );
    const refs = inlinesOf(paragraph!).map((inline) => inline.data.ref);
    expect(refs).toEqual([
      { kind: "url", url: "https://example.com" },
      { kind: "url", url: "mailto:a@example.com" },
      { kind: "page", page: "p1" },
    ]);
    expect(textOf(paragraph!)).toBe("web mail page js ent [tab](java\tscript:x) data img ref");
    const [image] = render("![ok](https://example.com/a.png)\n");
    expect(image).toMatchObject({ type: "images" });
  });

  it("renders trusted markdown (pages) as before: raw HTML as its text", () => {
    const nodes = markdownToDocument("<b>bold</b>\n").nodes as Json[];
    expect(nodes.map(textOf)).toEqual(["<b>bold</b>"]);
  });
});
