import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { workerUnderTest } from "../../helpers/http";
import { publishedSite, spaceWithPages } from "../../helpers/published";

/**
 * Math written through the API, in GitBook's markdown or as GitBook's JSON nodes, published and
 * read as HTML: KaTeX's output in the page, its stylesheet linked, and the formula's TeX in the
 * page's markdown for machines.
 */

let owner: TestUser;
let root: string;

const FORMULAS = "Fractions: $$\\frac{a}{b}$$ inline.\n\n$$\\frac{a}{b}$$\n\n## Mean $$\\mu$$\n\nCosts $5.\n";

beforeAll(async () => {
  owner = await createUser("reader-math-owner");
  const orgId = (await createOrganization(owner)).id;
  const { space, pageIds } = await spaceWithPages(owner, orgId, "Math docs", [
    { ref: "markdown", title: "Formulas", markdown: FORMULAS },
    { ref: "json", title: "From JSON", markdown: "Replaced below.\n" },
  ]);
  // A client (GitBook's editor, an integration) sends GitBook's JSON nodes.
  const text = (value: string) => ({ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] });
  const document = {
    object: "document",
    data: {},
    nodes: [
      { object: "block", type: "math", key: "m1", isVoid: true, data: { formula: "\\sqrt{2}" } },
      {
        object: "block",
        type: "paragraph",
        key: "p1",
        data: {},
        nodes: [text("Energy "), { object: "inline", type: "inline-math", key: "i1", isVoid: true, data: { formula: "E = mc^2" } }, text(".")],
      },
    ],
  };
  await commitToMain(owner, space.id, [{ operation: "update_page", page: pageIds.json, document: { document } }]);
  ({ root } = await publishedSite(owner, orgId, [space.id], { basename: "reader-math" }));
});

async function html(url: string) {
  const response = await workerUnderTest.fetch(url);
  expect(response.status).toBe(200);
  return parseHTML(await response.text()).document;
}

describe("a published page with math", () => {
  it("shows `$$\\frac{a}{b}$$` as KaTeX, a block for a paragraph of one formula, inline inside text", async () => {
    const page = await html(`${root}formulas`);
    const main = page.querySelector("main")!;
    const block = main.querySelector(".doc-math--block");
    expect(block?.querySelector(".katex-display .katex-html")).not.toBeNull();
    expect(block?.querySelector("annotation")?.textContent).toBe("\\frac{a}{b}");
    const inline = [...main.querySelectorAll("span.doc-math")];
    expect(inline.map((span) => span.querySelector("annotation")?.textContent)).toEqual(["\\frac{a}{b}", "\\mu"]);
    for (const span of inline) expect(span.querySelector(".katex-display")).toBeNull();
    // No TeX left as text, and a single dollar is only a dollar.
    expect(main.querySelector(".doc-math--source")).toBeNull();
    expect(main.textContent).not.toContain("$$");
    expect(main.textContent).toContain("Costs $5.");
    // The heading's anchor reads the formula's TeX, as the search index does.
    expect(main.querySelector(".doc-heading")?.getAttribute("id")).toBe("mean-mu");
    const stylesheets = [...page.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute("href"));
    expect(stylesheets.some((href) => /katex/.test(href ?? ""))).toBe(true);
  });

  it("is found by the words of its TeX, at the heading's anchor the page has", async () => {
    const response = await workerUnderTest.fetch(`${root}search?q=mu&format=json`);
    const body = (await response.json()) as { results: Array<{ title: string; sections: Array<{ title: string; href: string }> }> };
    const sections = body.results.flatMap((result) => result.sections);
    expect(sections).toContainEqual({ title: "Mean \\mu", href: expect.stringMatching(/\/formulas#mean-mu$/), text: "Costs $5." });
  });

  it("shows GitBook's math nodes a client wrote as a JSON document", async () => {
    const main = (await html(`${root}from-json`)).querySelector("main")!;
    expect(main.querySelector(".doc-math--block annotation")?.textContent).toBe("\\sqrt{2}");
    expect(main.querySelector("span.doc-math annotation")?.textContent).toBe("E = mc^2");
    expect(main.textContent).toContain("Energy");
  });

  it("gives machines the formulas in GitBook's markdown", async () => {
    const markdown = await (await workerUnderTest.fetch(`${root}from-json.md`)).text();
    expect(markdown).toContain("$$\n\\sqrt{2}\n$$\n\nEnergy $$E = mc^2$$.\n");
  });
});
