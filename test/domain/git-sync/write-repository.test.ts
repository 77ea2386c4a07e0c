import { describe, expect, it } from "vitest";
import { readRepository, writeRepository } from "../../../src/domain/git-sync/format";
import type { FileData, PageData } from "../../../src/db/schema";
import { isPage, type Entry } from "../../../src/domain/revisions/entries";
import { OTHER_PNG, PNG, textOf } from "./fixtures";

const NOW = "2026-01-01T00:00:00.000Z";

const page = (id: string, parentId: string | null, position: string, data: Partial<PageData> & { title: string }, markdown = ""): Entry => ({
  kind: "page",
  id,
  parentId,
  position,
  data: { slug: data.title.toLowerCase().replace(/\W+/g, "-"), createdAt: NOW, updatedAt: NOW, ...data },
  documentId: `doc-${id}`,
  blobKey: null,
  markdown,
});
const file = (id: string, name: string, blobKey: string, data: Partial<FileData> = {}): Entry => ({
  kind: "file",
  id,
  parentId: null,
  position: null,
  data: { name, contentType: "image/png", size: 11, ...data },
  documentId: null,
  blobKey,
});

const blobs = new Map([
  ["blobs/aaaaaaaa11", PNG],
  ["blobs/bbbbbbbb22", OTHER_PNG],
]);
const write = (entries: Entry[], projectDirectory?: string) =>
  writeRepository({ entries: new Map(entries.map((entry) => [`${entry.kind}:${entry.id}`, entry])), readBlob: async (key) => blobs.get(key)!, projectDirectory });

/** A space made in the app: no page or file has a Git path yet. */
const SPACE: Entry[] = [
  page("home", null, "a0", { title: "Home", description: "The: start", emoji: "1f600" }, "See [setup](/pages/setup#install) and ![shot](/files/f1).\n"),
  page("setup", null, "a1", { title: "Set up", slug: "setup" }, "Steps.\n"),
  page("steps", "setup", "a0", { title: "First step", linkTitle: "First", hidden: true }, '<img src="/files/f3"> [home](/pages/home) [gone](/pages/nope)\n'),
  page("group", null, "a2", { title: "Advanced", group: true }),
  page("tuning", "group", "a0", { title: "Tuning", layout: { width: "wide", cover: false, coverSize: "full", tags: false } }, "![again](/files/f2)\n"),
  page("after", null, "a3", { title: "After the group" }),
  file("f1", "image.png", "blobs/aaaaaaaa11"),
  file("f2", "image.png", "blobs/aaaaaaaa11"),
  file("f3", "image.png", "blobs/bbbbbbbb22"),
];

describe("Git sync format: writing a space", () => {
  it("lays out a space made in the app as GitBook does, with relative links and assets without copies", async () => {
    const written = textOf(await write(SPACE));
    expect(Object.keys(written)).toEqual([
      ".gitbook/assets/image-bbbbbbbb.png",
      ".gitbook/assets/image.png",
      "README.md",
      "SUMMARY.md",
      "advanced/tuning.md",
      "after-the-group.md",
      "setup/README.md",
      "setup/first-step.md",
    ]);
    expect(written["SUMMARY.md"]).toBe(
      [
        "# Table of contents",
        "",
        "* [Home](README.md)",
        "* [Set up](setup/README.md)",
        '  * [First step](setup/first-step.md "First")',
        "",
        "## Advanced",
        "",
        "* [Tuning](advanced/tuning.md)",
        "* [After the group](after-the-group.md)",
        "",
      ].join("\n"),
    );
    expect(written["README.md"]).toBe('---\ndescription: "The: start"\nemoji: 1f600\n---\n\n# Home\n\nSee [setup](setup/README.md#install) and ![shot](.gitbook/assets/image.png).\n');
    expect(written["setup/first-step.md"]).toBe('---\nhidden: true\n---\n\n# First step\n\n<img src="../.gitbook/assets/image-bbbbbbbb.png"> [home](../README.md) [gone](/pages/nope)\n');
    expect(written["advanced/tuning.md"]).toBe(
      "---\nlayout:\n  width: wide\n  cover:\n    visible: false\n    size: full\n  tags:\n    visible: false\n---\n\n# Tuning\n\n![again](../.gitbook/assets/image.png)\n",
    );
    expect(written["setup/README.md"]).toBe("# Set up\n\nSteps.\n");
    expect(written[".gitbook.yaml"]).toBeUndefined();
  });

  it("writes under the project directory, with a .gitbook.yaml when the first page is not its README.md", async () => {
    const moved = SPACE.map((entry) => (entry.id === "home" ? { ...entry, data: { ...entry.data, git: { oid: "x", path: "docs/start.md" } } } : entry));
    const written = textOf(await write(moved, "/site/"));
    expect(written["site/.gitbook.yaml"]).toBe("root: ./docs/\nstructure:\n  readme: start.md\n  summary: SUMMARY.md\n");
    expect(written["site/docs/SUMMARY.md"]).toContain("* [Home](start.md)\n* [Set up](setup/README.md)\n");
    expect(Object.keys(written).every((path) => path.startsWith("site/docs/") || path === "site/.gitbook.yaml")).toBe(true);
  });

  it("reads back what it wrote with the same ids, so an export followed by an import changes no page", async () => {
    const written = await write(SPACE);
    const existing = new Map(SPACE.map((entry) => [`${entry.kind}:${entry.id}`, entry]));
    const imported = await readRepository({ files: new Map([...written].map(([path, bytes]) => [path, { path, bytes }])), existing, now: NOW });
    const pages = imported.entries.filter(isPage);
    expect(pages.map((entry) => [entry.id, entry.parentId, entry.data.title])).toEqual([
      ["home", null, "Home"],
      ["setup", null, "Set up"],
      ["steps", "setup", "First step"],
      ["group", null, "Advanced"],
      ["tuning", "group", "Tuning"],
      // GitBook's table of contents has no top-level page after a group: it joins the group.
      ["after", "group", "After the group"],
    ]);
    const bodies = new Map(imported.documents.map((document) => [document.id, document.markdown]));
    const bodyOf = (id: string) => bodies.get(pages.find((entry) => entry.id === id)!.documentId!);
    expect(bodyOf("home")).toBe("See [setup](/pages/setup#install) and ![shot](/files/f1).\n");
    // Two files with the same bytes were written once; links to either now name the one kept.
    expect(bodyOf("tuning")).toBe("![again](/files/f1)\n");
    expect(bodyOf("steps")).toBe('<img src="/files/f3"> [home](/pages/home) [gone](/pages/nope)\n');
    expect(pages.find((entry) => entry.id === "steps")!.data).toMatchObject({ linkTitle: "First", hidden: true });
    expect(pages.find((entry) => entry.id === "tuning")!.data.layout).toEqual({ width: "wide", cover: false, coverSize: "full", tags: false });
    expect(pages.find((entry) => entry.id === "home")!.data).toMatchObject({ description: "The: start", emoji: "1f600" });
  });

  it("escapes titles and link text only where markdown would read them otherwise", async () => {
    const written = textOf(
      await write([page("a", null, "a0", { title: "C# [beta] *notes*" }), page("b", null, "a1", { title: "Plain title: v2" }), page("c", null, "a2", { title: "Pay $$5$$ or $3" })]),
    );
    expect(written["README.md"]).toBe("# C# \\[beta\\] \\*notes\\*\n");
    expect(written["plain-title-v2.md"]).toBe("# Plain title: v2\n");
    // `$$5$$` would read back as a formula, whose title text has no `$$`.
    expect(Object.entries(written).find(([path]) => path.startsWith("pay"))?.[1]).toBe("# Pay \\$\\$5\\$\\$ or \\$3\n");
    expect(written["SUMMARY.md"]).toContain("* [C# \\[beta\\] *notes*](README.md)\n");
    const reread = await readRepository({ files: new Map(Object.entries(written).map(([path, text]) => [path, { path, bytes: new TextEncoder().encode(text) }])), existing: new Map(), now: NOW });
    expect(reread.entries.filter(isPage).map((entry) => entry.data.title)).toEqual(["C# [beta] *notes*", "Plain title: v2", "Pay $$5$$ or $3"]);
  });
});

describe("Git sync format: the paths an export owns", () => {
  it("owns markdown, .gitbook.yaml and .gitbook/assets inside the project directory, nothing else", async () => {
    const { ownedByFormat } = await import("../../../src/domain/git-sync/format");
    const owned = ["docs/README.md", "docs/a/b.md", "docs/.gitbook.yaml", "docs/.gitbook/assets/x.png", "docs/.gitbook/includes/block.md", "docs/content/.gitbook/assets/y.png"];
    const kept = ["README.md", "docs/LICENSE", "docs/.github/ISSUE.md", "docs/.gitbook/includes/picture.png", "docs/node_modules/p/README.md", "docs/img/x.png", "other/.gitbook.yaml"];
    expect(owned.filter((path) => !ownedByFormat(path, "./docs/"))).toEqual([]);
    expect(kept.filter((path) => ownedByFormat(path, "docs"))).toEqual([]);
    expect(ownedByFormat("README.md")).toBe(true);
  });
});

describe("Git sync format: edge cases", () => {
  it("reads file names with spaces written either way, and writes them percent-encoded", async () => {
    const tree = {
      "README.md": "# Home\n\n[other](<My Page.md>)\n",
      "SUMMARY.md": "* [Home](README.md)\n* [My Page](My%20Page.md)\n",
      "My Page.md": "# My Page\n",
    };
    const encoder = new TextEncoder();
    const imported = await readRepository({ files: new Map(Object.entries(tree).map(([path, text]) => [path, { path, bytes: encoder.encode(text) }])), existing: new Map(), now: NOW });
    const myPage = imported.entries.filter(isPage).find((entry) => entry.data.title === "My Page")!;
    expect(imported.documents.map((document) => document.markdown)).toContain(`[other](</pages/${myPage.id}>)\n`);
    const bodies = new Map(imported.documents.map((document) => [document.id, document.markdown]));
    const written = textOf(
      await writeRepository({
        entries: new Map(imported.entries.map((entry) => [`${entry.kind}:${entry.id}`, { ...entry, markdown: bodies.get(entry.documentId!) ?? "" }])),
        readBlob: async () => new Uint8Array(),
      }),
    );
    expect(written["SUMMARY.md"]).toBe("# Table of contents\n\n* [Home](README.md)\n* [My Page](My%20Page.md)\n");
    expect(written["README.md"]).toBe("# Home\n\n[other](<My%20Page.md>)\n");
    expect(written["My Page.md"]).toBe("# My Page\n");
  });

  it("writes an empty space as a table of contents without pages", async () => {
    expect(textOf(await write([]))).toEqual({ "SUMMARY.md": "# Table of contents\n" });
  });
});
