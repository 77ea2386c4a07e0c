import { describe, expect, it } from "vitest";
import { GitFormatError, ownedByFormat, readRepository, writeRepository, type ImportedContent } from "../../../src/domain/git-sync/format";
import { isFile, isPage, isReusableContent, type Entry } from "../../../src/domain/revisions/entries";
import { PNG, asSpace, repoFiles, textOf, type Tree } from "./fixtures";

/** Reusable contents in GitBook's repository format: `.gitbook/includes/*.md` and `{% include %}`. */

const NOW = "2026-01-01T00:00:00.000Z";
const LATER = "2026-02-01T00:00:00.000Z";

const importTree = (tree: Tree, existing: ReadonlyMap<string, Entry> = new Map(), now = NOW) =>
  readRepository({ files: repoFiles(tree), projectDirectory: "docs", existing, now });

async function exportContent(imported: ImportedContent, entries = asSpace(imported.entries, imported.documents)) {
  const blobs = new Map(imported.blobs.map((blob) => [blob.key, blob.bytes]));
  return textOf(await writeRepository({ entries, readBlob: async (key) => blobs.get(key)!, projectDirectory: "docs" }));
}

/**
 * Two pages (one at the root, one in a folder) include the same block; another block, in a file
 * named as GitBook names a second file of one title, links to an asset and a page. The
 * files are in the exporter's shape (GitBook's own: front matter with the title, a blank line, the
 * body, which may start with more blank lines), so they come back byte for byte.
 */
const REPO: Tree = {
  "docs/README.md": '# Home\n\nWelcome.\n\n{% include ".gitbook/includes/support.md" %}\n',
  "docs/SUMMARY.md": "# Table of contents\n\n* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n",
  "docs/guides/README.md": '# Guides\n\n{% include "../.gitbook/includes/setup-steps (1).md" %}\n',
  "docs/guides/setup.md":
    '# Setup\n\n{% include "../.gitbook/includes/support.md" %}\n\n```markdown\n{% include "../.gitbook/includes/support.md" %}\n```\n\n{% include "../.gitbook/includes/gone.md" %}\n',
  "docs/.gitbook/includes/support.md": '---\ntitle: Need help?\n---\n\n\n\n{% hint style="info" %}\nAsk on [the forum](https://forum.example.com).\n{% endhint %}\n',
  "docs/.gitbook/includes/setup-steps (1).md": "---\ntitle: Setup steps\n---\n\n1. Install.\n2. See [Setup](../../guides/setup.md) and ![](../assets/logo.png).\n",
  "docs/.gitbook/includes/notes.txt": "Not a reusable content.\n",
  "docs/.gitbook/assets/logo.png": PNG,
};

function reusableContents(imported: ImportedContent) {
  const bodies = new Map(imported.documents.map((document) => [document.id, document.markdown]));
  return imported.entries.filter(isReusableContent).map((content) => ({ id: content.id, title: content.data.title, path: content.data.git?.path, body: bodies.get(content.documentId!) }));
}

describe("Git sync format: reusable contents", () => {
  it("imports each markdown file of .gitbook/includes as a reusable content, and includes of it as its id", async () => {
    const imported = await importTree(REPO);
    const pages = new Map(imported.entries.filter(isPage).map((page) => [page.data.title, page]));
    const bodies = new Map(imported.documents.map((document) => [document.id, document.markdown]));
    const contents = reusableContents(imported);
    expect(contents.map(({ title, path }) => ({ title, path }))).toEqual([
      { title: "Setup steps", path: ".gitbook/includes/setup-steps (1).md" },
      { title: "Need help?", path: ".gitbook/includes/support.md" },
    ]);
    const [steps, support] = contents;
    const logo = imported.entries.find(isFile)!;
    expect(steps!.body).toBe(`1. Install.\n2. See [Setup](/pages/${pages.get("Setup")!.id}) and ![](/files/${logo.id}).\n`);
    expect(support!.body).toBe('\n\n{% hint style="info" %}\nAsk on [the forum](https://forum.example.com).\n{% endhint %}\n');

    // Two pages share one reusable content; an include in code, or of a missing file, is text.
    expect(bodies.get(pages.get("Home")!.documentId!)).toBe(`Welcome.\n\n{% include "/reusable-contents/${support!.id}" %}\n`);
    expect(bodies.get(pages.get("Guides")!.documentId!)).toBe(`{% include "/reusable-contents/${steps!.id}" %}\n`);
    expect(bodies.get(pages.get("Setup")!.documentId!)).toBe(
      `{% include "/reusable-contents/${support!.id}" %}\n\n\`\`\`markdown\n{% include "../.gitbook/includes/support.md" %}\n\`\`\`\n\n{% include "../.gitbook/includes/gone.md" %}\n`,
    );
    expect(imported.entries.filter(isReusableContent).every((content) => /^[0-9a-f]{40}$/.test(content.data.git!.oid))).toBe(true);
  });

  it("exports them back byte for byte, and a re-import keeps every entry as it was", async () => {
    const imported = await importTree(REPO);
    const written = await exportContent(imported);
    for (const path of Object.keys(REPO).filter((path) => path.endsWith(".md"))) expect(written[path], path).toBe(REPO[path]);
    // The format owns the markdown of .gitbook/includes, not its other files: those stay on the branch.
    expect(written["docs/.gitbook/includes/notes.txt"]).toBeUndefined();

    const existing = asSpace(imported.entries, imported.documents);
    const again = await importTree(REPO, existing, LATER);
    expect(again.entries).toEqual(imported.entries);
  });

  it("keeps a reusable content's id when its file changes, and gives it the import's time", async () => {
    const imported = await importTree(REPO);
    const existing = asSpace(imported.entries, imported.documents);
    const edited = await importTree({ ...REPO, "docs/.gitbook/includes/support.md": "---\ntitle: Need help?\n---\n\nAsk us.\n" }, existing, LATER);
    const before = imported.entries.filter(isReusableContent).find((content) => content.data.title === "Need help?")!;
    const after = edited.entries.filter(isReusableContent).find((content) => content.data.title === "Need help?")!;
    expect(after.id).toBe(before.id);
    expect(after.documentId).not.toBe(before.documentId);
    expect(after.data).toMatchObject({ createdAt: NOW, updatedAt: LATER });
    // The pages that include it did not change.
    expect(edited.entries.filter(isPage)).toEqual(imported.entries.filter(isPage));
  });

  it("writes a reusable content without a path at .gitbook/includes/<slug of its title>.md, included by relative paths", async () => {
    const imported = await importTree({ "docs/README.md": "# Home\n" });
    const home = imported.entries.find(isPage)!;
    const entries = asSpace(imported.entries, imported.documents);
    const content = (id: string, title: string, markdown: string): Entry => ({
      kind: "reusable-content",
      id,
      parentId: null,
      position: null,
      data: { title, createdAt: NOW, updatedAt: NOW },
      documentId: `doc-${id}`,
      blobKey: null,
      markdown,
    });
    entries.set("reusable-content:rcA", content("rcA", "Shared: Warning!", "Careful.\n"));
    entries.set("reusable-content:rcB", content("rcB", "Shared: warning", `Back [home](/pages/${home.id}).\n`));
    entries.set(`page:${home.id}`, { ...entries.get(`page:${home.id}`)!, markdown: 'Hi.\n\n{% include "/reusable-contents/rcA" %}\n\n{% include "/reusable-contents/unknown" %}\n' });
    const written = await exportContent(imported, entries);
    expect(written["docs/README.md"]).toBe('# Home\n\nHi.\n\n{% include ".gitbook/includes/shared-warning.md" %}\n\n{% include "/reusable-contents/unknown" %}\n');
    expect(written["docs/.gitbook/includes/shared-warning.md"]).toBe("---\ntitle: \"Shared: Warning!\"\n---\n\nCareful.\n");
    expect(written["docs/.gitbook/includes/shared-warning-2.md"]).toBe("---\ntitle: \"Shared: warning\"\n---\n\nBack [home](../../README.md).\n");
  });

  it("titles a file without front matter after its name, and refuses front matter that is not YAML", async () => {
    const plain = await importTree({ "docs/README.md": "# Home\n", "docs/.gitbook/includes/just-text.md": "Just text.\n", "docs/.gitbook/includes/untitled.md": "---\n---\n\nNo title.\n" });
    expect(reusableContents(plain).map(({ title, body }) => ({ title, body }))).toEqual([
      { title: "just-text", body: "Just text.\n" },
      { title: "untitled", body: "No title.\n" },
    ]);
    await expect(importTree({ "docs/README.md": "# Home\n", "docs/.gitbook/includes/bad.md": "---\ntitle: [unclosed\n---\n\nx\n" })).rejects.toThrow(GitFormatError);
    await expect(importTree({ "docs/README.md": "# Home\n", "docs/.gitbook/includes/bad.md": "---\ntitle: [unclosed\n---\n\nx\n" })).rejects.toThrow(
      "docs/.gitbook/includes/bad.md: frontmatter is not valid YAML",
    );
  });

  it("owns the markdown files of .gitbook/includes folders inside the project directory", () => {
    expect(ownedByFormat("docs/.gitbook/includes/block.md", "docs")).toBe(true);
    expect(ownedByFormat("docs/content/.gitbook/includes/block.md", "docs")).toBe(true);
    expect(ownedByFormat("docs/.gitbook/includes/picture.png", "docs")).toBe(false);
    expect(ownedByFormat(".gitbook/includes/block.md", "docs")).toBe(false);
  });
});
