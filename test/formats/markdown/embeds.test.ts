import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "../../../src/formats/markdown";
import { blocks, textOf } from "./helpers";

/** `{% embed url="…" %}` tags: GitBook's embed block, in both directions. */

const embed = (url: string) => ({ object: "block", type: "embed", isVoid: true, data: { url } });

describe("embeds in markdown bodies", () => {
  it("makes a top-level paragraph of one embed tag of an http(s) URL an embed block", () => {
    const nodes = blocks('Intro.\n\n{% embed url="https://www.youtube.com/watch?v=abc_123" %}\n\n  {%embed   url="http://127.0.0.1:8080/s/page"%}  \n');
    expect(nodes.map((node) => node.type)).toEqual(["paragraph", "embed", "embed"]);
    expect(nodes[1]).toEqual({ ...embed("https://www.youtube.com/watch?v=abc_123"), key: expect.any(String) });
    expect(nodes[2]!.data.url).toBe("http://127.0.0.1:8080/s/page");
  });

  it("leaves as text a tag not alone in its paragraph, not at the top level, of another scheme, with a caption, or in an untrusted body", () => {
    const cases = [
      'See {% embed url="https://a.example/" %} inline.\n',
      '* {% embed url="https://a.example/" %}\n',
      '> {% embed url="https://a.example/" %}\n',
      '{% embed url="javascript:alert(1)" %}\n',
      '{% embed url="https://a.example/" %}\nA caption\n{% endembed %}\n',
    ];
    for (const markdown of cases) expect(JSON.stringify(blocks(markdown)), markdown).not.toContain('"embed"');
    const untrusted = markdownToDocument('{% embed url="https://a.example/" %}\n', { untrusted: true });
    expect(untrusted.nodes.map((node) => node.type)).toEqual(["paragraph"]);
    expect(textOf(untrusted.nodes[0]!)).toBe('{% embed url="https://a.example/" %}');
  });

  it("writes an embed block as its tag, and leaves out one no tag can hold", () => {
    const markdown = documentToMarkdown({
      object: "document",
      nodes: [embed("https://codepen.io/team/pen/abc"), embed("javascript:alert(1)"), embed('https://a.example/"quoted"'), { object: "block", type: "embed", isVoid: true, data: {} }],
    });
    expect(markdown).toBe('{% embed url="https://codepen.io/team/pen/abc" %}\n');
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });
});
