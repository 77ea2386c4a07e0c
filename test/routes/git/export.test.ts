import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, type TestUser } from "../../helpers/fixtures";
import { createEmptyRepo, createRepo, pushFromOutside, readRepo } from "../../helpers/git-repos";
import { syncNow, takeGitJobs } from "../../helpers/git-sync";
import { expectSpecResponse } from "../../helpers/spec";

/** Exporting to the real test Git server, round trips, and the official client. */

let owner: TestUser;
let organizationId: string;
beforeAll(async () => {
  owner = await createUser("git-export");
  organizationId = (await createOrganization(owner)).id;
});

const SOURCE = {
  "README.md": "# Welcome\n\nHello.\n",
  "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n",
  "guide.md": "# Guide\n\nSteps.\n",
};

/** Nested pages, so that a round trip compares a tree, not a list. */
const NESTED = {
  "README.md": "# Welcome\n\nHello.\n",
  "SUMMARY.md": "# Table of contents\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n",
  "guides/README.md": "# Guides\n\nAll guides.\n",
  "guides/install.md": "# Install\n\nRun it.\n",
};

type Page = { title: string; slug: string; markdown?: string; pages: Page[] };
const pageTree = (pages: Page[]): unknown[] => pages.map((page) => ({ title: page.title, slug: page.slug, markdown: page.markdown, pages: pageTree(page.pages) }));

describe("exportToGitRepository", () => {
  it("exports to a new branch what was imported, and the export imports back to the same pages", async () => {
    const source = await createRepo("export-source", SOURCE);
    const space = await createSpace(owner, organizationId);
    await syncNow(owner.token, space.id, "import", { url: source.url, ref: "refs/heads/main" });
    const { info } = await syncNow(owner.token, space.id, "export", { url: source.url, ref: "refs/heads/copy", commitMessage: "Copy" });
    expect(info.body.operation).toMatchObject({ state: "success", direction: "export" });
    const copy = await readRepo(source.name, "refs/heads/copy");
    expect(copy.message).toBe("Copy");
    const original = await readRepo(source.name);
    for (const path of ["README.md", "guide.md"]) expect(copy.files![path]?.text, path).toBe(original.files![path]!.text);

    const other = await createSpace(owner, organizationId);
    await syncNow(owner.token, other.id, "import", { url: source.url, ref: "refs/heads/copy" });
    const titles = (pages: any[]) => flattenPages(pages).map((page) => page.title);
    expect(titles(await mainPages(owner, other.id))).toEqual(titles(await mainPages(owner, space.id)));
  });

  it("commits only what changed, refuses a branch pushed to from outside, and overwrites it with force", async () => {
    const repo = await createRepo("export-ff", { ...SOURCE, LICENSE: "MIT\n" });
    const space = await createSpace(owner, organizationId);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const first = await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Same" });
    expect(first.info.body.operation.state).toBe("success");
    const after = await readRepo(repo.name);
    // Nothing the space changed: unchanged blobs, and the LICENSE the format does not own is kept.
    expect(after.files!["LICENSE"]!.text).toBe("MIT\n");
    expect(after.files!["guide.md"]!.oid).toBe((await readRepo(repo.name, repo.commit)).files!["guide.md"]!.oid);

    const outside = await pushFromOutside(repo.name, { ...SOURCE, "guide.md": "# Guide\n\nTheirs.\n", LICENSE: "MIT\n" });
    const refused = await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Mine" });
    expect(refused.info.body.operation).toMatchObject({ state: "failure", error: expect.stringContaining("export with force") });
    expect((await readRepo(repo.name)).commit).toBe(outside);

    const forced = await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Mine", force: true });
    expect(forced.info.body.operation.state).toBe("success");
    const overwritten = await readRepo(repo.name);
    expect(overwritten.message).toBe("Mine");
    expect(overwritten.parents).toEqual([outside]);
    expect(overwritten.files!["guide.md"]!.text).not.toContain("Theirs");
  });

  it("makes a one-page edit a one-file commit", async () => {
    const repo = await createRepo("export-one-file", SOURCE);
    const space = await createSpace(owner, organizationId);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Baseline" });
    const before = await readRepo(repo.name);
    const guide = flattenPages(await mainPages(owner, space.id)).find((page) => page.title === "Guide")!;
    await commitToMain(owner, space.id, [{ operation: "update_page", page: guide.id, title: "Guide, edited" }]);
    const { info } = await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "One page" });
    expect(info.body.operation.state).toBe("success");
    const after = await readRepo(repo.name);
    expect(after.parents).toEqual([before.commit]);
    const changed = Object.keys(after.files!).filter((path) => after.files![path]!.oid !== before.files![path]?.oid);
    // The page's file, and SUMMARY.md which lists its title.
    expect(changed.filter((path) => path !== "SUMMARY.md")).toEqual(["guide.md"]);
    expect(Object.keys(after.files!).sort()).toEqual(Object.keys(before.files!).sort());
  });

  it("works through GitBook's official client: import, export (queued) and info", async () => {
    const repo = await createRepo("export-client", SOURCE);
    const space = await createSpace(owner, organizationId);
    const api = gitbookClient(owner);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const { data } = await api.spaces.getSpaceGitInfo(space.id);
    expectSpecResponse("getSpaceGitInfo", 200, data);
    expect(data.operation).toMatchObject({ state: "success", direction: "import" });
    // Through SELF the jobs go to the runtime's own queue (not this test's): only the answers are checked.
    const queued = await createSpace(owner, organizationId);
    expect((await api.spaces.importGitRepository(queued.id, { url: repo.url, ref: "refs/heads/main" })).status).toBe(204);
    expect((await api.spaces.exportToGitRepository(queued.id, { url: repo.url, ref: "refs/heads/client", commitMessage: "From the client" })).status).toBe(204);
    expect(takeGitJobs()).toEqual([]);
  });

  it("round-trips through a repository whose HEAD names a branch that does not exist (git init --bare)", async () => {
    const { space, target, exported } = await exportToUnbornHead("unborn-round-trip");
    expect(exported.message).toBe("First");
    const other = await createSpace(owner, organizationId);
    const imported = await syncNow(owner.token, other.id, "import", { url: target.url, ref: UNBORN_EXPORT_REF });
    expect(imported.info.body.operation).toMatchObject({ state: "success", direction: "import" });
    expect(pageTree(await mainPages(owner, other.id))).toEqual(pageTree(await mainPages(owner, space.id)));
  });

  it("exports again to the branch it made in such a repository, fast-forwarding on its first commit", async () => {
    const { space, target, exported } = await exportToUnbornHead("unborn-again");
    const install = flattenPages(await mainPages(owner, space.id)).find((page) => page.title === "Install")!;
    await commitToMain(owner, space.id, [{ operation: "update_page", page: install.id, title: "Install, edited" }]);
    const second = await syncNow(owner.token, space.id, "export", { url: target.url, ref: UNBORN_EXPORT_REF, commitMessage: "Second" });
    expect(second.info.body.operation).toMatchObject({ state: "success", direction: "export" });
    const after = await readRepo(target.name, UNBORN_EXPORT_REF);
    expect(after).toMatchObject({ message: "Second", parents: [exported.commit] });
    expect(after.files!["guides/install.md"]!.text).toContain("# Install, edited");
  });
});

const UNBORN_EXPORT_REF = "refs/heads/gitbook-export";

/** A space with NESTED's pages exported to a new branch of a `git init --bare` repository (HEAD -> refs/heads/main, never made). */
async function exportToUnbornHead(label: string) {
  const source = await createRepo(`${label}-source`, NESTED);
  const space = await createSpace(owner, organizationId);
  await syncNow(owner.token, space.id, "import", { url: source.url, ref: "refs/heads/main" });
  // Git advertises no HEAD at all for such a repository.
  const target = await createEmptyRepo(label);
  const first = await syncNow(owner.token, space.id, "export", { url: target.url, ref: UNBORN_EXPORT_REF, commitMessage: "First" });
  expect(first.info.body.operation).toMatchObject({ state: "success", direction: "export" });
  expect((await readRepo(target.name, "HEAD")).commit).toBeNull();
  return { space, target, exported: await readRepo(target.name, UNBORN_EXPORT_REF) };
}
