import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { createRepo, pushFromOutside, readRepo } from "../../helpers/git-repos";
import { gitCall, gitPath, runGitJobs, syncNow, takeGitJobs, type GitJob } from "../../helpers/git-sync";
import { call } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/** `getSpaceGitInfo` from the moment a sync is asked for, and what the pending operation leaves alone. */

let owner: TestUser;
let organizationId: string;
beforeAll(async () => {
  owner = await createUser("git-info");
  organizationId = (await createOrganization(owner)).id;
});

const SOURCE = { "README.md": "# Welcome\n\nHello.\n", "guide.md": "# Guide\n\nSteps.\n" };

const info = async (spaceId: string) => {
  const response = await call("GET", gitPath(spaceId, "info"), { token: owner.token });
  if (response.status === 200) expectSpecResponse("getSpaceGitInfo", 200, response.body);
  return response;
};

/** Asks for a sync (204) without running it; returns its queued job. */
async function ask(spaceId: string, direction: "import" | "export", body: Record<string, unknown>): Promise<GitJob> {
  const asked = await gitCall("POST", gitPath(spaceId, direction), { token: owner.token, body });
  expect(asked.status, JSON.stringify(asked.body)).toBe(204);
  const jobs = takeGitJobs();
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

describe("getSpaceGitInfo while a sync is pending", () => {
  it("shows an accepted import at once (running, its direction and start), then its outcome; a redelivered job changes nothing", async () => {
    const repo = await createRepo("info-import", SOURCE);
    const space = await createSpace(owner, organizationId);
    expect((await info(space.id)).status).toBe(404);
    const before = Date.now();
    const job = await ask(space.id, "import", { url: repo.url, ref: "refs/heads/main" });

    const pending = await info(space.id);
    expect(pending.status).toBe(200);
    // GitBook's operation states have no "pending": asked for and not ended is `running`.
    expect(pending.body.operation).toEqual({ state: "running", direction: "import", startedAt: expect.any(String) });
    expect(Date.parse(pending.body.operation.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(pending.body.repoName).toBe(repo.url.split("/").pop()!.replace(/\.git$/, ""));

    await runGitJobs([job]);
    const done = await info(space.id);
    expect(done.body.operation).toMatchObject({ state: "success", direction: "import", startedAt: pending.body.operation.startedAt, endedAt: expect.any(String) });
    const again = await runGitJobs([job]);
    expect(again.explicitAcks).toHaveLength(1);
    expect((await info(space.id)).body).toEqual(done.body);
  });

  it("shows an accepted export at once, over a previous sync, whose repository and agreed commit it keeps", async () => {
    const repo = await createRepo("info-export", SOURCE);
    const space = await createSpace(owner, organizationId);
    const imported = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const outside = await pushFromOutside(repo.name, { ...SOURCE, "guide.md": "# Guide\n\nTheirs.\n" });

    const job = await ask(space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Mine" });
    const pending = await info(space.id);
    expect(pending.status).toBe(200);
    expect(pending.body.operation).toEqual({ state: "running", direction: "export", startedAt: expect.any(String) });
    expect(pending.body.operation.startedAt >= imported.info.body.operation.endedAt).toBe(true);
    expect(pending.body).toMatchObject({ repoName: imported.info.body.repoName, url: imported.info.body.url, updatedAt: imported.info.body.updatedAt });

    // The branch moved since the import: the pending record kept the commit the export checks against.
    await runGitJobs([job]);
    expect((await info(space.id)).body.operation).toMatchObject({ state: "failure", direction: "export", error: expect.stringContaining("export with force") });
    expect((await readRepo(repo.name)).commit).toBe(outside);
  });

  it("shows the last operation asked for: an older job still queued runs without taking its place", async () => {
    const repo = await createRepo("info-order", SOURCE);
    const space = await createSpace(owner, organizationId);
    const exportJob = await ask(space.id, "export", { url: repo.url, ref: "refs/heads/copy", commitMessage: "Copy" });
    const importJob = await ask(space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const asked = (await info(space.id)).body.operation;
    expect(asked).toEqual({ state: "running", direction: "import", startedAt: expect.any(String) });

    await runGitJobs([exportJob]);
    expect((await readRepo(repo.name, "refs/heads/copy")).message).toBe("Copy");
    expect((await info(space.id)).body.operation).toEqual(asked);
    await runGitJobs([importJob]);
    expect((await info(space.id)).body.operation).toMatchObject({ state: "success", direction: "import", startedAt: asked.startedAt });
  });

  it("stays a 404 for a space that never synced, and after a request refused as invalid", async () => {
    const space = await createSpace(owner, organizationId);
    expect((await info(space.id)).status).toBe(404);
    const refused = await gitCall("POST", gitPath(space.id, "import"), { token: owner.token, body: { url: "ftp://host/repo.git", ref: "refs/heads/main" } });
    expect(refused.status).toBe(400);
    expect(takeGitJobs()).toEqual([]);
    expect((await info(space.id)).status).toBe(404);
  });

  it("imports back the commit its own export pushed as made here (createdByGitBook), another as made outside", async () => {
    const repo = await createRepo("info-created-here", SOURCE);
    const space = await createSpace(owner, organizationId);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const guide = flattenPages(await mainPages(owner, space.id)).find((page) => page.title === "Guide")!;
    await commitToMain(owner, space.id, [{ operation: "update_page", page: guide.id, title: "Guide, exported" }]);
    await syncNow(owner.token, space.id, "export", { url: repo.url, ref: "refs/heads/main", commitMessage: "Exported" });
    const exported = (await readRepo(repo.name)).commit;
    // The space moves on; importing the branch brings back the exported commit.
    await commitToMain(owner, space.id, [{ operation: "update_page", page: guide.id, title: "Guide, later" }]);
    const back = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(back.info.body.operation.state).toBe("success");
    expect(await revisionGit(space.id)).toMatchObject({ oid: exported, createdByGitBook: true, createdByService: true });

    const outside = await pushFromOutside(repo.name, { ...SOURCE, "guide.md": "# Guide, outside\n\nTheirs.\n" });
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(await revisionGit(space.id)).toMatchObject({ oid: outside, createdByGitBook: false, createdByService: false });
  });
});

async function revisionGit(spaceId: string) {
  const revision = (await call("GET", `/v1/spaces/${spaceId}`, { token: owner.token })).body.revision;
  const read = await call("GET", `/v1/spaces/${spaceId}/revisions/${revision}`, { token: owner.token });
  expect(read.status).toBe(200);
  return read.body.git;
}
