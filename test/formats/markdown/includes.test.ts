import { describe, expect, it } from "vitest";
import { documentToMarkdown, expandReusableContents, markdownToDocument, placedReusableContents, rewriteIncludeTargets } from "../../../src/formats/markdown";
import { blocks, textOf } from "./helpers";

/** `{% include %}` tags: GitBook's reusable-content block, in both directions, and the rewrites Git sync and dereferencing make. */

const block = (id: string) => ({ object: "block", type: "reusable-content", isVoid: true, data: { ref: { kind: "reusable-content", reusableContent: id } } });

describe("reusable contents in markdown bodies", () => {
  it("makes a top-level paragraph of one include of ours a reusable-content block, valid against GitBook's schema", () => {
    const nodes = blocks('Intro.\n\n{% include "/reusable-contents/abc123" %}\n\n  {%include   "/reusable-contents/other"%}  \n');
    expect(nodes.map((node) => node.type)).toEqual(["paragraph", "reusable-content", "reusable-content"]);
    expect(nodes[1]).toEqual({ ...block("abc123"), key: expect.any(String) });
    expect(nodes[2]!.data.ref.reusableContent).toBe("other");
  });

  it("leaves as text an include that is not alone in its paragraph, not at the top level, not ours, or in an untrusted body", () => {
    const cases = [
      'See {% include "/reusable-contents/abc" %} inline.\n',
      '* {% include "/reusable-contents/abc" %}\n',
      '> {% include "/reusable-contents/abc" %}\n',
      '{% include ".gitbook/includes/x.md" %}\n',
      '{% include "/reusable-contents/a/b" %}\n',
    ];
    for (const markdown of cases) expect(JSON.stringify(blocks(markdown)), markdown).not.toContain('"reusable-content"');
    const untrusted = markdownToDocument('{% include "/reusable-contents/abc" %}\n', { untrusted: true });
    expect(untrusted.nodes.map((node) => node.type)).toEqual(["paragraph"]);
    expect(textOf(untrusted.nodes[0]!)).toBe('{% include "/reusable-contents/abc" %}');
  });

  it("writes a reusable-content block back as its include, and leaves out one it cannot place", () => {
    const document = (nodes: unknown[]) => ({ object: "document" as const, nodes });
    expect(documentToMarkdown(document([block("rc1")]))).toBe('{% include "/reusable-contents/rc1" %}\n');
    const elsewhere = { ...block("rc1"), data: { ref: { kind: "reusable-content", reusableContent: "rc1", space: "other" } } };
    const unsafe = block('x" %}{% include "y');
    const broken = { object: "block", type: "reusable-content", data: {} };
    expect(documentToMarkdown(document([elsewhere, unsafe, broken]))).toBe("");
  });

  it("lists the reusable contents a body places, and expands them (dereferenced) where it knows their bodies", () => {
    const body = 'A.\n\n{% include "/reusable-contents/one" %}\n\n* {% include "/reusable-contents/two" %}\n\n{% include "/reusable-contents/one" %}\n\n{% include "/reusable-contents/gone" %}\n';
    expect(placedReusableContents(body).map((placed) => placed.reusableContent)).toEqual(["one", "one", "gone"]);
    const bodies = new Map([["one", "\n\n## Shared\n\nText.\n\n"]]);
    expect(expandReusableContents(body, (id) => bodies.get(id))).toBe(
      'A.\n\n## Shared\n\nText.\n\n* {% include "/reusable-contents/two" %}\n\n## Shared\n\nText.\n\n{% include "/reusable-contents/gone" %}\n',
    );
  });

  it("rewrites include targets outside code only, byte for byte elsewhere", () => {
    const body = '{% include "a.md" %}\n\n`{% include "a.md" %}`\n\n```\n{% include "a.md" %}\n```\n\n    {% include "a.md" %}\n\n{%include "b.md"%}\n';
    const rewritten = rewriteIncludeTargets(body, (target) => (target === "a.md" ? "/reusable-contents/A" : target === "b.md" ? 'bad"target' : null));
    expect(rewritten).toBe(body.replace('{% include "a.md" %}\n\n`', '{% include "/reusable-contents/A" %}\n\n`'));
  });
});
