import { beforeAll, describe, expect, it } from "vitest";
import { createChangeRequest, createSpace, editContent, flattenPages, mainPages, mergeChangeRequest, updateChangeRequest } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { createRepo, pushFromOutside, readRepo } from "../../helpers/git-repos";
import { syncNow } from "../../helpers/git-sync";
import { call } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { applied } from "../../helpers/suites/templates";
import { createTranslation, getTranslation, libreTranslateDouble, runTranslationJobs, withTranslator, wrapWords } from "../../helpers/translations";

/**
 * Reusable contents through the life of a space: imported from `.gitbook/includes/` inside a
 * project directory, exported back byte for byte, imported again without a change, carried by
 * change requests (edits, update from main, merge), a duplicate and a translation.
 */

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

/** Files in the exporter's shape (GitBook's own), so an export writes them back unchanged. */
const REPO = {
  LICENSE: "MIT\n",
  "docs/README.md": '# Home\n\nWelcome.\n\n{% include ".gitbook/includes/support.md" %}\n',
  "docs/SUMMARY.md": "# Table of contents\n\n* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n",
  "docs/guides/README.md": "# Guides\n\nAll guides.\n",
  "docs/guides/setup.md": '# Setup\n\n{% include "../.gitbook/includes/steps.md" %}\n\n{% include "../.gitbook/includes/support.md" %}\n',
  "docs/.gitbook/includes/support.md": "---\ntitle: Need help?\n---\n\n\nAsk on [the forum](https://forum.example.com).\n",
  "docs/.gitbook/includes/steps.md": "---\ntitle: Setup steps\n---\n\n1. Read [the guides](../../guides/README.md).\n2. ![Logo](../assets/logo.png)\n",
  "docs/.gitbook/includes/notes.txt": "Kept: not a reusable content.\n",
  "docs/.gitbook/assets/logo.png": PNG,
};
const IMPORT = { ref: "refs/heads/main", repoProjectDirectory: "docs" };

let owner: TestUser;
let organizationId: string;
beforeAll(async () => {
  owner = await createUser("git-reusable");
  organizationId = (await createOrganization(owner)).id;
});

const get = async (path: string) => {
  const response = await call("GET", path, { token: owner.token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
};
const revisionOf = (spaceId: string) => get(`/v1/spaces/${spaceId}/content`);
const byTitle = (contents: Array<{ id: string; title: string }>) => Object.fromEntries(contents.map((content) => [content.title, content.id]));

async function importedSpace(files: Record<string, string | Uint8Array> = REPO) {
  const repo = await createRepo("reusable", files);
  const space = await createSpace(owner, organizationId, { title: "Reusable" });
  const { info } = await syncNow(owner.token, space.id, "import", { url: repo.url, ...IMPORT });
  expect(info.body.operation.state, JSON.stringify(info.body)).toBe("success");
  const pages = Object.fromEntries(flattenPages(await mainPages(owner, space.id)).map((page) => [page.title, page.id]));
  return { repo, spaceId: space.id, pages, contents: byTitle((await revisionOf(space.id)).reusableContents) };
}

describe("reusable contents and Git sync", () => {
  it("exports them back byte for byte (no commit at all), to another branch too, and a re-import changes nothing", async () => {
    const { repo, spaceId, contents } = await importedSpace();
    expect(Object.keys(contents).sort()).toEqual(["Need help?", "Setup steps"]);
    const before = await revisionOf(spaceId);

    // Every file the space maps is written as it is on the branch: nothing to commit.
    const same = await syncNow(owner.token, spaceId, "export", { url: repo.url, ...IMPORT, commitMessage: "Same" });
    expect(same.info.body.operation.state).toBe("success");
    expect((await readRepo(repo.name)).commit).toBe(repo.commit);

    await syncNow(owner.token, spaceId, "export", { url: repo.url, ref: "refs/heads/copy", repoProjectDirectory: "docs", commitMessage: "Copy" });
    const copy = await readRepo(repo.name, "refs/heads/copy");
    for (const [path, content] of Object.entries(REPO)) {
      if (path === "LICENSE" || path.endsWith(".txt")) continue;
      expect(copy.files![path]?.bytes, path).toEqual(typeof content === "string" ? new TextEncoder().encode(content) : content);
    }

    const again = await syncNow(owner.token, spaceId, "import", { url: repo.url, ...IMPORT });
    expect(again.info.body.operation.state).toBe("success");
    expect(await revisionOf(spaceId)).toEqual(before);
  });

  it("follows the repository: an edited include file changes its body and keeps its id; a deleted one goes, and so does its file on export", async () => {
    const { repo, spaceId, contents, pages } = await importedSpace();
    const { "docs/.gitbook/includes/steps.md": _steps, ...withoutSteps } = REPO;
    const pushed = await pushFromOutside(repo.name, {
      ...withoutSteps,
      "docs/guides/setup.md": '# Setup\n\n{% include "../.gitbook/includes/support.md" %}\n',
      "docs/.gitbook/includes/support.md": "---\ntitle: Need more help?\n---\n\nWrite to us.\n",
    });
    await syncNow(owner.token, spaceId, "import", { url: repo.url, ...IMPORT });
    const revision = await revisionOf(spaceId);
    expect(revision.reusableContents.map((content: { id: string; title: string }) => [content.id, content.title])).toEqual([[contents["Need help?"], "Need more help?"]]);
    expect(revision.git.oid).toBe(pushed);
    const document = await get(`/v1/spaces/${spaceId}/revisions/${revision.id}/reusable-contents/${contents["Need help?"]}/document`);
    expect(JSON.stringify(document.nodes)).toContain("Write to us.");
    expect((await get(`/v1/spaces/${spaceId}/content/page/${pages.Setup}`)).markdown).toBe(`{% include "/reusable-contents/${contents["Need help?"]}" %}\n`);

    // An export after a change in the space deletes nothing else, and never writes the deleted include back.
    const renamed = await createChangeRequest(owner, spaceId);
    await editContent(owner, spaceId, renamed.id, [{ operation: "update_page", page: pages.Guides, title: "All guides" }]);
    await mergeChangeRequest(owner, spaceId, renamed.id);
    await syncNow(owner.token, spaceId, "export", { url: repo.url, ...IMPORT, commitMessage: "Rename" });
    const after = await readRepo(repo.name);
    expect(after.files!["docs/.gitbook/includes/steps.md"]).toBeUndefined();
    expect(after.files!["docs/.gitbook/includes/support.md"]!.text).toBe("---\ntitle: Need more help?\n---\n\nWrite to us.\n");
    expect(after.files!["docs/.gitbook/includes/notes.txt"]!.text).toBe("Kept: not a reusable content.\n");
  });
});

describe("reusable contents in change requests, duplicates and translations", () => {
  it("keeps them through a change request's edits, an update from main and a merge", async () => {
    const { repo, spaceId, contents, pages } = await importedSpace();
    const support = contents["Need help?"]!;
    const changeRequest = await createChangeRequest(owner, spaceId);
    await editContent(owner, spaceId, changeRequest.id, [
      { operation: "update_page", page: pages.Home, title: "Start here", document: { markdown: `Welcome back.\n\n{% include "/reusable-contents/${support}" %}\n` } },
      {
        operation: "update_page",
        page: pages.Guides,
        document: { document: { object: "document", data: {}, nodes: [{ object: "block", type: "reusable-content", isVoid: true, data: { ref: { kind: "reusable-content", reusableContent: support } } }] } },
      },
    ]);
    const inChangeRequest = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content`;
    const changed = await get(inChangeRequest);
    expect(byTitle(changed.reusableContents)).toEqual(contents);
    expectSpecResponse("getRevisionOfChangeRequestById", 200, changed);
    expect(await get(`${inChangeRequest}/reusable-contents/${support}`)).toMatchObject({ id: support, title: "Need help?" });
    for (const pageId of [pages.Home, pages.Guides]) {
      const page = await get(`${inChangeRequest}/page/${pageId}?format=document`);
      expect(page.document.nodes.at(-1).data.ref).toEqual({ kind: "reusable-content", reusableContent: support });
    }

    // Main changes the reusable content's body: the change request, updated, reads the new one.
    await pushFromOutside(repo.name, { ...REPO, "docs/.gitbook/includes/support.md": "---\ntitle: Need help?\n---\n\nUpdated upstream.\n" });
    await syncNow(owner.token, spaceId, "import", { url: repo.url, ...IMPORT });
    expect((await updateChangeRequest(owner, spaceId, changeRequest.id)).result).toBe("update");
    const updated = await get(`${inChangeRequest}/reusable-contents/${support}`);
    expect(updated.document).toBe((await get(`/v1/spaces/${spaceId}/content/reusable-contents/${support}`)).document);

    expect((await mergeChangeRequest(owner, spaceId, changeRequest.id)).result).toBe("merge");
    const merged = await revisionOf(spaceId);
    expect(byTitle(merged.reusableContents)).toEqual(contents);
    const home = await get(`/v1/spaces/${spaceId}/content/page/${pages.Home}?format=document&dereferenced=true`);
    expect(home.title).toBe("Start here");
    expect(JSON.stringify(home.document.nodes)).toContain("Updated upstream.");

    // Exported, the pages edited in the app include it by its path again.
    await syncNow(owner.token, spaceId, "export", { url: repo.url, ...IMPORT, commitMessage: "Merged" });
    const files = (await readRepo(repo.name)).files!;
    expect(files["docs/README.md"]!.text).toBe('# Start here\n\nWelcome back.\n\n{% include ".gitbook/includes/support.md" %}\n');
    expect(files["docs/guides/README.md"]!.text).toBe('# Guides\n\n{% include "../.gitbook/includes/support.md" %}\n');
  });

  it("copies them with a duplicated space, shared by id", async () => {
    const { spaceId, contents, pages } = await importedSpace();
    const duplicate = await call("POST", `/v1/spaces/${spaceId}/duplicate`, { token: owner.token });
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(201);
    const copy = await revisionOf(duplicate.body.id);
    expect(copy.reusableContents).toEqual((await revisionOf(spaceId)).reusableContents);
    const page = await get(`/v1/spaces/${duplicate.body.id}/content/page/${pages.Home}?format=document&dereferenced=reusable-contents`);
    expect(JSON.stringify(page.document.nodes)).toContain("Ask on ");
    expect(byTitle(copy.reusableContents)).toEqual(contents);
  });

  it("applied as a template to itself, gives the copies new ids and places the copied reusable contents in the copied pages", async () => {
    const { spaceId, contents } = await importedSpace();
    await applied(owner, spaceId, { id: spaceId });
    const revision = await revisionOf(spaceId);
    expect(revision.reusableContents).toHaveLength(4);
    const copies = revision.reusableContents.filter((content: { id: string }) => !Object.values(contents).includes(content.id));
    expect(copies.map((content: { title: string }) => content.title).sort()).toEqual(["Need help?", "Setup steps"]);
    const copiedSupport = copies.find((content: { title: string }) => content.title === "Need help?").id;
    const homes = flattenPages(revision.pages).filter((page) => page.title === "Home");
    expect(homes.map((page) => page.markdown)).toEqual([
      `Welcome.\n\n{% include "/reusable-contents/${contents["Need help?"]}" %}\n`,
      `Welcome.\n\n{% include "/reusable-contents/${copiedSupport}" %}\n`,
    ]);
  });

  it("translates their titles and prose with the pages", async () => {
    const { spaceId, contents } = await importedSpace();
    const { translation, jobs } = await createTranslation(owner.token, organizationId, { source: { space: spaceId, language: "en" }, language: "fr" });
    const double = libreTranslateDouble();
    await runTranslationJobs(jobs, double.handler, withTranslator());
    expect(double.sent()).toEqual(expect.arrayContaining(["Need help?", "Ask on", "the forum"]));
    const done = await getTranslation(owner.token, organizationId, translation.id);
    // Stats count pages: the reusable contents are not pages of the result.
    expect(done.stats).toMatchObject({ latestPages: 3 });
    const support = await get(`/v1/spaces/${done.result.space}/content/reusable-contents/${contents["Need help?"]}`);
    expect(support.title).toBe(wrapWords("Need help?", "fr"));
    const document = await get(`/v1/spaces/${done.result.space}/revisions/${done.result.revision}/reusable-contents/${support.id}/document`);
    expect(JSON.stringify(document.nodes)).toContain(wrapWords("Ask on", "fr"));
  });
});
