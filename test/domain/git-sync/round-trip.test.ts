import { describe, expect, it } from "vitest";
import { readRepository, writeRepository, type ImportedContent } from "../../../src/domain/git-sync/format";
import { isFile, isPage, type Entry, type PageEntry } from "../../../src/domain/revisions/entries";
import { PageTree } from "../../../src/domain/revisions/page-tree";
import { GITBOOK_REPO, asSpace, repoFiles, textOf, type Tree } from "./fixtures";

const NOW = "2026-01-01T00:00:00.000Z";
const LATER = "2026-02-01T00:00:00.000Z";

async function importTree(tree: Tree, existing: ReadonlyMap<string, Entry> = new Map(), projectDirectory = "docs", now = NOW) {
  return readRepository({ files: repoFiles(tree), projectDirectory, existing, now });
}

async function exportContent(imported: ImportedContent, projectDirectory = "docs") {
  const blobs = new Map(imported.blobs.map((blob) => [blob.key, blob.bytes]));
  return writeRepository({ entries: asSpace(imported.entries, imported.documents), readBlob: async (key) => blobs.get(key)!, projectDirectory });
}

/** The pages as a reader sees them: the tree of titles with their metadata and bodies. */
function outline(imported: ImportedContent) {
  const bodies = new Map(imported.documents.map((document) => [document.id, document.markdown]));
  const tree = new PageTree(imported.entries);
  const fileNames = new Map(imported.entries.filter(isFile).map((file) => [file.id, file.data.name]));
  const pathOf = new Map([...tree.pages.values()].map((page) => [page.id, tree.path(page.id)]));
  // Ids differ between two imports into empty spaces; links are compared by what they point at.
  const readable = (body: string) =>
    body.replace(/\/pages\/([^)#"\s]+)/g, (_match, id: string) => `page:${pathOf.get(decodeURIComponent(id))}`).replace(/\/files\/([^)"\s]+)/g, (_match, id: string) => `file:${fileNames.get(id)}`);
  const node = (page: PageEntry): unknown => {
    const { createdAt: _c, updatedAt: _u, git: _g, cover, ...data } = page.data;
    return {
      ...data,
      ...(cover ? { cover: cover.ref.kind === "file" ? { file: fileNames.get(cover.ref.file), yPos: cover.yPos } : cover } : {}),
      body: readable(bodies.get(page.documentId!) ?? ""),
      children: tree.children(page.id).map(node),
    };
  };
  return tree.children(null).map(node);
}

describe("Git sync format: a GitBook repository, imported and exported", () => {
  it("imports SUMMARY.md's tree with its groups, nesting, link titles, front matter, links and assets", async () => {
    const imported = await importTree(GITBOOK_REPO);
    expect(outline(imported)).toEqual([
      {
        title: "Welcome",
        slug: "welcome",
        description: "Start here",
        icon: "house",
        body: "Read the [quick start](page:quick-start#first-steps) first.\n\n![Logo](file:logo.png)\n",
        children: [],
      },
      { title: "Quick start", slug: "quick-start", linkTitle: "Start", body: "## First steps\n\nGo to [Linux](page:guides/guides/linux) or [the guides](page:guides/guides).\n", children: [] },
      {
        title: "Guides",
        slug: "guides",
        group: true,
        body: "",
        children: [
          {
            title: "Installing",
            slug: "guides",
            hidden: true,
            condition: "visitor.claims.beta",
            layout: { width: "wide", title: true, outline: false },
            body: "Pick a system.\n",
            children: [
              {
                title: "On Linux",
                slug: "linux",
                noIndex: true,
                noRobotsIndex: true,
                body: "Back to [the start](page:welcome).\n",
                children: [
                  {
                    title: "Debian",
                    slug: "debian",
                    body: '<figure><img src="file:logo.png" alt=""><figcaption><p>Logo</p></figcaption></figure>\n\nSee [API](page:reference/api).\n',
                    children: [],
                  },
                ],
              },
              { title: "On macOS", slug: "macos", cover: { file: "logo.png", yPos: 12 }, body: "Nothing to do.\n", children: [] },
            ],
          },
        ],
      },
      { title: "Reference", slug: "reference", group: true, body: "", children: [{ title: "API", slug: "api", body: "The API, with an [example](file:example.json).\n", children: [] }] },
    ]);
    const pages = imported.entries.filter(isPage);
    expect(pages.find((page) => page.data.title === "Debian")!.data.git).toEqual({ oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: "content/guides/linux/debian.md" });
    expect(pages.filter((page) => page.data.group).every((page) => page.data.git === undefined)).toBe(true);
    const files = imported.entries.filter(isFile).map((file) => ({ name: file.data.name, contentType: file.data.contentType, size: file.data.size, path: file.data.git?.path }));
    expect(files).toEqual([
      { name: "example.json", contentType: "application/json", size: 8, path: "content/.gitbook/assets/example.json" },
      { name: "logo.png", contentType: "image/png", size: 11, path: "content/.gitbook/assets/logo.png" },
    ]);
    expect(imported.blobs.map((blob) => blob.key)).toEqual(imported.entries.filter(isFile).map((file) => file.blobKey));
  });

  it("takes the blob oid Git gave, and computes Git's own when none is given", async () => {
    const files = repoFiles({ "README.md": "# Hello\n" });
    const computed = await readRepository({ files, existing: new Map(), now: NOW });
    // `git hash-object` of "# Hello\n".
    expect(computed.entries.filter(isPage)[0]!.data.git).toEqual({ oid: "fec56017dc1b1ac87ad6e54e3cb3a20bb8dcc5ab", path: "README.md" });
    files.set("README.md", { ...files.get("README.md")!, oid: "0123456789abcdef0123456789abcdef01234567" });
    const given = await readRepository({ files, existing: new Map(), now: NOW });
    expect(given.entries.filter(isPage)[0]!.data.git).toEqual({ oid: "0123456789abcdef0123456789abcdef01234567", path: "README.md" });
  });

  it("writes the imported repository back byte for byte, without the files outside the project directory", async () => {
    const written = textOf(await exportContent(await importTree(GITBOOK_REPO)));
    const expected = textOf(new Map(Object.entries(GITBOOK_REPO).filter(([path]) => path.startsWith("docs/")).map(([path]) => [path, repoFiles(GITBOOK_REPO).get(path)!.bytes])));
    expect(written).toEqual(expected);
    expect(Object.keys(written)).toEqual(Object.keys(expected).sort());
  });

  it("reads back what it wrote: the same pages, tree, bodies and metadata", async () => {
    const imported = await importTree(GITBOOK_REPO);
    const written = await exportContent(imported, "elsewhere");
    const reimported = await readRepository({ files: new Map([...written].map(([path, bytes]) => [path, { path, bytes }])), projectDirectory: "elsewhere", existing: new Map(), now: NOW });
    expect(outline(reimported)).toEqual(outline(imported));
  });

  it("keeps every id, document and date when an unchanged repository is imported again", async () => {
    const first = await importTree(GITBOOK_REPO);
    const again = await importTree(GITBOOK_REPO, asSpace(first.entries, first.documents), "docs", LATER);
    expect(again.entries).toEqual(first.entries);
    expect(again.documents.map((document) => document.id).sort()).toEqual(first.documents.map((document) => document.id).sort());
  });

  it("changes only the edited page's entry and file when one page changes", async () => {
    const first = await importTree(GITBOOK_REPO);
    const edited = { ...GITBOOK_REPO, "docs/content/guides/macos.md": "---\ncover: ../.gitbook/assets/logo.png\ncoverY: 12\n---\n\n# On macOS\n\nInstall Homebrew first.\n" };
    const second = await importTree(edited, asSpace(first.entries, first.documents), "docs", LATER);
    const changed = second.entries.filter((entry) => JSON.stringify(entry) !== JSON.stringify(first.entries.find((before) => before.id === entry.id)));
    expect(changed.map((entry) => (entry.data as { title?: string }).title)).toEqual(["On macOS"]);
    expect((changed[0]!.data as { updatedAt: string; createdAt: string }).updatedAt).toBe(LATER);
    expect((changed[0]!.data as { updatedAt: string; createdAt: string }).createdAt).toBe(NOW);

    const before = await exportContent(first);
    const after = await exportContent(second);
    const differing = [...after.keys()].filter((path) => Buffer.compare(Buffer.from(after.get(path)!), Buffer.from(before.get(path) ?? new Uint8Array())) !== 0);
    expect(differing).toEqual(["docs/content/guides/macos.md"]);
    expect(new TextDecoder().decode(after.get("docs/content/guides/macos.md"))).toBe(edited["docs/content/guides/macos.md"]);
  });

  it("writes the same bytes for the same content, whatever order the entries come in", async () => {
    const imported = await importTree(GITBOOK_REPO);
    const reversed = { ...imported, entries: [...imported.entries].reverse() };
    expect(textOf(await exportContent(reversed))).toEqual(textOf(await exportContent(imported)));
  });

  it("normalizes files not in the exporter's shape: front matter order, blank lines, links, SUMMARY.md style", async () => {
    const tree: Tree = {
      "SUMMARY.md": "# Summary\n\n- [Home](./README.md)\n- [Other](other.md)\n\t- [Child](./child.md)\n",
      "README.md": "---\nhidden: true\ndescription: First\nvars:\n  x: 1\n---\n# Home\n\n\n[o](./other.md) [c](./child.md#top)\n\n\n",
      "other.md": "No title here\n",
      "child.md": "# Child\n",
    };
    const imported = await importTree(tree, new Map(), "");
    expect(textOf(await exportContent(imported, ""))).toEqual({
      "SUMMARY.md": "# Table of contents\n\n* [Home](README.md)\n* [Other](other.md)\n  * [Child](child.md)\n",
      "README.md": "---\ndescription: First\nhidden: true\n---\n\n# Home\n\n[o](other.md) [c](child.md#top)\n",
      "other.md": "# Other\n\nNo title here\n",
      "child.md": "# Child\n",
    });
  });
});
