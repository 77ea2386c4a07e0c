import { describe, expect, it } from "vitest";
import { GitFormatError, readRepository, writeRepository } from "../../../src/domain/git-sync/format";
import { isFile, isPage } from "../../../src/domain/revisions/entries";
import { PageTree } from "../../../src/domain/revisions/page-tree";
import { PNG, asSpace, repoFiles, type Tree } from "./fixtures";

const NOW = "2026-01-01T00:00:00.000Z";
const read = (tree: Tree, projectDirectory?: string) => readRepository({ files: repoFiles(tree), projectDirectory, existing: new Map(), now: NOW });

function titles(entries: Awaited<ReturnType<typeof read>>["entries"]) {
  const tree = new PageTree(entries);
  const node = (id: string): unknown => {
    const children = tree.children(id);
    const page = tree.get(id)!;
    return children.length === 0 ? `${page.data.title} (${page.data.git?.path})` : { [`${page.data.title} (${page.data.git?.path})`]: children.map((child) => node(child.id)) };
  };
  return tree.children(null).map((page) => node(page.id));
}

describe("Git sync format: reading a repository", () => {
  it("infers the tree from the folders without SUMMARY.md: README first, folder READMEs as parents, names in order", async () => {
    const { entries } = await read({
      "README.md": "# Home\n",
      "zeta.md": "No heading here.\n",
      "Alpha.md": "# Alpha page\n",
      "guide/README.md": "# Guide\n",
      "guide/b.md": "# B\n",
      "guide/a.md": "# A\n",
      "loose/only.md": "# Only\n",
      ".github/CONTRIBUTING.md": "# Not a page\n",
      ".gitbook/includes/block.md": "Not a page either\n",
      "image.png": PNG,
    });
    expect(titles(entries)).toEqual([
      "Home (README.md)",
      "Alpha page (Alpha.md)",
      { "Guide (guide/README.md)": ["A (guide/a.md)", "B (guide/b.md)"] },
      "Only (loose/only.md)",
      "zeta (zeta.md)",
    ]);
    // Files nothing links to and that are not under .gitbook/assets are not the space's.
    expect(entries.filter(isFile)).toEqual([]);
  });

  it("puts the README first when SUMMARY.md does not list it, and leaves out external links", async () => {
    const { entries } = await read({
      "README.md": "Welcome.\n",
      "SUMMARY.md": "# Summary\n\n* [Page](page.md)\n* [GitBook](https://www.gitbook.com)\n",
      "page.md": "# Page\n",
    });
    expect(titles(entries)).toEqual(["Introduction (README.md)", "Page (page.md)"]);
  });

  it("follows .gitbook.yaml's structure (a README and SUMMARY of other names), relative to the root", async () => {
    const { entries } = await read(
      {
        "project/.gitbook.yaml": "root: ./docs\nstructure:\n  readme: intro.md\n  summary: toc/SUMMARY.md\n",
        "project/docs/intro.md": "# Intro\n",
        "project/docs/toc/SUMMARY.md": "* [Intro](../intro.md)\n* [Next](../next.md)\n",
        "project/docs/next.md": "# Next\n",
        "README.md": "# The repository's own README\n",
      },
      "/project/",
    );
    expect(titles(entries)).toEqual(["Intro (docs/intro.md)", "Next (docs/next.md)"]);
  });

  it("makes files of the other files pages link to, once per content, and leaves other links as written", async () => {
    const { entries, documents, blobs } = await read({
      "README.md": "# Home\n\n![a](images/a.png) ![b](images/copy-of-a.png) [gone](missing.md) [site](https://example.com) [up](../x.md)\n",
      "images/a.png": PNG,
      "images/copy-of-a.png": PNG,
    });
    const files = entries.filter(isFile);
    expect(files.map((file) => file.data.git!.path)).toEqual(["images/a.png", "images/copy-of-a.png"]);
    expect(new Set(files.map((file) => file.blobKey)).size).toBe(1);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.key).toMatch(/^blobs\/[0-9a-f]{64}$/);
    expect(documents[0]!.markdown).toBe(`![a](/files/${files[0]!.id}) ![b](/files/${files[1]!.id}) [gone](missing.md) [site](https://example.com) [up](../x.md)\n`);
  });

  it("names the file in its errors: no README, bad front matter, a missing or repeated SUMMARY entry, bad configuration", async () => {
    const failure = (tree: Tree, projectDirectory?: string) => read(tree, projectDirectory).then(() => undefined, (error: unknown) => error);
    const cases: Array<[Tree, string | undefined, RegExp]> = [
      [{ "page.md": "# Page\n" }, undefined, /^README\.md is missing/],
      [{ "docs/page.md": "# Page\n" }, "docs", /^docs\/README\.md is missing/],
      [{ "README.md": "---\ndescription: a: b\n---\n# Home\n" }, undefined, /^README\.md: frontmatter is not valid YAML/],
      [{ "README.md": "---\nhidden: yes please\n---\n# Home\n" }, undefined, /^README\.md: frontmatter 'hidden' must be a boolean/],
      [{ "README.md": "---\nif: 3\n---\n# Home\n" }, undefined, /^README\.md: frontmatter 'if' must be a string/],
      [{ "README.md": "# Home\n", "SUMMARY.md": "* [Gone](gone.md)\n" }, undefined, /^SUMMARY\.md links to 'gone\.md', which is not in the repository/],
      [{ "README.md": "# Home\n", "SUMMARY.md": "* [A](README.md)\n* [B](README.md)\n" }, undefined, /^SUMMARY\.md, line 2: 'README\.md' is listed twice/],
      [{ "README.md": "# Home\n", "SUMMARY.md": "* Not a link\n" }, undefined, /^SUMMARY\.md, line 1: a list item must be a link/],
      [{ "README.md": "# Home\n", ".gitbook.yaml": "root: [1]\n" }, undefined, /^\.gitbook\.yaml: 'root' must be a path/],
      [{ "README.md": "# Home\n", ".gitbook.yaml": "root: ../../\n" }, undefined, /^\.gitbook\.yaml: 'root' climbs above/],
      [{ "README.md": new Uint8Array([0xff, 0xfe, 0x00]) }, undefined, /^README\.md is not UTF-8 text/],
    ];
    for (const [tree, projectDirectory, message] of cases) {
      const error = await failure(tree, projectDirectory);
      expect(error, message.source).toBeInstanceOf(GitFormatError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it("gives every page a stored body, groups an empty one", async () => {
    const { entries, documents } = await read({ "README.md": "# Home\n", "SUMMARY.md": "## Group\n\n* [Home](README.md)\n" });
    const ids = new Set(documents.map((document) => document.id));
    expect(entries.filter(isPage).every((page) => page.documentId !== null && ids.has(page.documentId))).toBe(true);
  });

  it("reads and writes a repository of 1,000 pages in one folder, linking to each other, in linear time", async () => {
    const tree: Tree = { "README.md": "# Home\n" };
    const names: string[] = [];
    for (let index = 0; index < 1000; index++) names.push(`page-${String(index).padStart(4, "0")}`);
    names.forEach((name, index) => (tree[`many/${name}.md`] = `# Page\n\nNext: [next](${names[(index + 1) % names.length]}.md)\n`));
    const started = Date.now();
    const imported = await read(tree);
    const written = await writeRepository({ entries: asSpace(imported.entries, imported.documents), readBlob: async () => new Uint8Array(), projectDirectory: "" });
    expect(imported.entries.filter(isPage)).toHaveLength(1001);
    expect(new TextDecoder().decode(written.get("many/page-0007.md"))).toBe("# Page\n\nNext: [next](page-0008.md)\n");
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
