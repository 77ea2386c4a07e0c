import { describe, expect, it } from "vitest";
import { readRepository } from "../../../src/domain/git-sync/format";
import { isPage } from "../../../src/domain/revisions/entries";
import { PageTree } from "../../../src/domain/revisions/page-tree";
import { presentPage } from "../../../src/domain/revisions/present";
import { expectSpecSchema } from "../../helpers/spec";
import { GITBOOK_REPO, asSpace, repoFiles } from "./fixtures";

describe("Git sync format: imported pages as the API shows them", () => {
  it("shows git {oid, path}, the link title and the cover on the page, as GitBook's RevisionPageDocument", async () => {
    const imported = await readRepository({ files: repoFiles(GITBOOK_REPO), projectDirectory: "docs", existing: new Map(), now: "2026-01-01T00:00:00.000Z" });
    const space = asSpace(imported.entries, imported.documents);
    const tree = new PageTree(space.values());
    const context = { tree, appUrl: () => "https://app.example.com/page", format: "markdown" as const };
    const quickStart = [...space.values()].filter(isPage).find((page) => page.data.title === "Quick start")!;
    const macos = [...space.values()].filter(isPage).find((page) => page.data.title === "On macOS")!;
    const presented = presentPage(quickStart, context);
    expect(presented).toMatchObject({ linkTitle: "Start", git: { oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: "content/quick-start.md" } });
    expectSpecSchema("RevisionPageDocument", presented);
    const withCover = presentPage(macos, context);
    expect(withCover).toMatchObject({ cover: { ref: { kind: "file", file: expect.any(String) }, yPos: 12 } });
    expectSpecSchema("RevisionPageDocument", withCover);
  });
});
