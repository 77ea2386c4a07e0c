import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createChangeRequest, createSpace, flattenPages, mainPages } from "../../helpers/content";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { createRepo, pushFromOutside } from "../../helpers/git-repos";
import { gitCall, gitPath, runGitJobs, syncNow, takeGitJobs } from "../../helpers/git-sync";
import { call } from "../../helpers/http";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";

/** Importing repositories from the real test Git server (test/helpers/git-server.ts). */

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

/** A GitBook-format repository: SUMMARY.md, nested pages, an asset, all under a project directory. */
const GITBOOK_REPO = {
  "LICENSE": "MIT\n",
  "docs/README.md": "---\ndescription: The start\n---\n\n# Welcome\n\nHello.\n\n![Logo](.gitbook/assets/logo.png)\n",
  "docs/SUMMARY.md": "# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n\n## Reference\n\n* [API](reference/api.md)\n",
  "docs/guides/README.md": "# Guides\n\nAll guides.\n",
  "docs/guides/install.md": "# Install\n\nRun the installer. See [the API](../reference/api.md).\n",
  "docs/reference/api.md": "# API\n\nEndpoints.\n",
  "docs/.gitbook/assets/logo.png": PNG,
};

let owner: TestUser;
let organizationId: string;
beforeAll(async () => {
  owner = await createUser("git-import");
  organizationId = (await createOrganization(owner)).id;
});

const titles = async (spaceId: string) => flattenPages(await mainPages(owner, spaceId)).map((page) => page.title);

describe("importGitRepository", () => {
  it("maps a GitBook repository (SUMMARY.md, nesting, assets, project directory) into the space's content", async () => {
    const repo = await createRepo("gitbook", GITBOOK_REPO);
    const space = await createSpace(owner, organizationId);
    const before = await call("GET", `/v1/spaces/${space.id}/git/info`, { token: owner.token });
    expect(before.status).toBe(404);

    const { result, info } = await syncNow(owner.token, space.id, "import", {
      url: repo.url,
      ref: "refs/heads/main",
      repoProjectDirectory: "docs",
      repoCommitURL: "https://git.example.com/acme/docs/commit/",
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(info.status).toBe(200);
    expectSpecResponse("getSpaceGitInfo", 200, info.body);
    expect(info.body.operation).toMatchObject({ state: "success", direction: "import" });
    expect(info.body.installationStatus).toBe("active");

    const pages = await mainPages(owner, space.id);
    expect(flattenPages(pages).map((page) => page.title)).toEqual(expect.arrayContaining(["Welcome", "Guides", "Install", "API"]));
    const guides = flattenPages(pages).find((page) => page.title === "Guides")!;
    expect(guides.pages.map((page: { title: string }) => page.title)).toEqual(["Install"]);

    const revision = await call("GET", `/v1/spaces/${space.id}/content`, { token: owner.token });
    expect(revision.status).toBe(200);
    expectSpecResponse("getCurrentRevision", 200, revision.body);
    expect(revision.body.git).toMatchObject({ oid: repo.commit, message: "Fixture", url: `https://git.example.com/acme/docs/commit/${repo.commit}` });
    expect(revision.body.files.map((file: { name: string }) => file.name)).toContain("logo.png");
    expect(revision.body.pages.find((page: { title: string }) => page.title === "Welcome").git).toMatchObject({ path: "README.md" });

    const spaceRead = await call("GET", `/v1/spaces/${space.id}`, { token: owner.token });
    expect(spaceRead.body.gitSync).toEqual(info.body);
    expectSpecSchema("Space", spaceRead.body);
    const search = await call("GET", `/v1/spaces/${space.id}/search?query=installer`, { token: owner.token });
    expect(search.body.items.map((item: { title: string }) => item.title)).toContain("Install");
  });

  it("maps a repository without SUMMARY.md from its folders", async () => {
    const repo = await createRepo("folders", { "README.md": "# Home\n", "setup.md": "# Setup\n", "advanced/README.md": "# Advanced\n", "advanced/tuning.md": "# Tuning\n" });
    const space = await createSpace(owner, organizationId);
    const { info } = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    expect(info.body.operation.state).toBe("success");
    expect(await titles(space.id)).toEqual(expect.arrayContaining(["Home", "Setup", "Advanced", "Tuning"]));
  });

  it("makes open change requests outdated, and a standalone import leaves the content alone (its revision is read by id)", async () => {
    const repo = await createRepo("outdated", { "README.md": "# One\n" });
    const space = await createSpace(owner, organizationId);
    const changeRequest = await createChangeRequest(owner, space.id);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" });
    const read = await call("GET", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`, { token: owner.token });
    expect(read.body.outdated).toBe(true);

    const pushed = await pushFromOutside(repo.name, { "README.md": "# Two\n\nFrom the repository.\n", "more.md": "# More\n\nAnd more.\n" });
    const spaceBefore = (await call("GET", `/v1/spaces/${space.id}`, { token: owner.token })).body.revision;
    const { info } = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main", standalone: true });
    expect(info.body.operation.state).toBe("success");
    expect((await call("GET", `/v1/spaces/${space.id}`, { token: owner.token })).body.revision).toBe(spaceBefore);
    expect(await titles(space.id)).toEqual(["One"]);

    // The standalone revision is read by its id: the repository's content, on its own line. No
    // response names it (the Git info has GitBook's shape, without a revision), so D1 tells it.
    const standalone = await env.DB.prepare("SELECT id, line FROM revisions WHERE space_id = ? AND line LIKE 'git:%'").bind(space.id).first<{ id: string; line: string }>();
    expect(standalone).not.toBeNull();
    const revision = await call("GET", `/v1/spaces/${space.id}/revisions/${standalone!.id}`, { token: owner.token });
    expect(revision.status, JSON.stringify(revision.body)).toBe(200);
    expectSpecResponse("getRevisionById", 200, revision.body);
    expect(revision.body).toMatchObject({ id: standalone!.id, parents: [spaceBefore], git: { oid: pushed } });
    const pages = await call("GET", `/v1/spaces/${space.id}/revisions/${standalone!.id}/pages`, { token: owner.token });
    expect(pages.body.pages.map((page: { title: string; markdown: string }) => [page.title, page.markdown])).toEqual([
      ["Two", "From the repository.\n"],
      ["More", "And more.\n"],
    ]);
    expect(await titles(space.id)).toEqual(["One"]);
  });

  it("skips an import older than the last applied sync unless forced, and a redelivered job does nothing", async () => {
    const repo = await createRepo("ordering", { "README.md": "# First\n" });
    const space = await createSpace(owner, organizationId);
    await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main", timestamp: "2026-01-02T00:00:00.000Z" });
    await pushFromOutside(repo.name, { "README.md": "# Second\n" });
    const older = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main", timestamp: "2026-01-01T00:00:00.000Z" });
    expect(older.info.body.operation).toMatchObject({ state: "failure", error: expect.stringContaining("older than the last applied sync") });
    expect(await titles(space.id)).toEqual(["First"]);

    const asked = await gitCall("POST", gitPath(space.id, "import"), { token: owner.token, body: { url: repo.url, ref: "refs/heads/main", timestamp: "2026-01-01T00:00:00.000Z", force: true } });
    expect(asked.status).toBe(204);
    const [job] = takeGitJobs();
    await runGitJobs([job!]);
    expect(await titles(space.id)).toEqual(["Second"]);
    const revision = (await call("GET", `/v1/spaces/${space.id}`, { token: owner.token })).body.revision;
    // Delivered again (twice at once, even): the job ended, nothing changes.
    const again = await runGitJobs([job!, job!]);
    expect(again.explicitAcks).toHaveLength(2);
    expect((await call("GET", `/v1/spaces/${space.id}`, { token: owner.token })).body.revision).toBe(revision);
  });

  it("records why a sync failed: a missing branch, a repository over a limit, a private target", async () => {
    const repo = await createRepo("failures", { "README.md": "# Big\n", "docs/big.md": "x".repeat(5000) });
    const space = await createSpace(owner, organizationId);
    const missing = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/nope" });
    expect(missing.info.body.operation).toMatchObject({ state: "failure", error: expect.stringContaining("has no refs/heads/nope") });
    expectSpecResponse("getSpaceGitInfo", 200, missing.info.body);

    const tooBig = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" }, { GIT_MAX_FILE_BYTES: "1000" });
    expect(tooBig.info.body.operation.error).toMatch(/'docs\/big.md' is 5000 bytes, more than the 1000 bytes a file may have/);
    const tooMany = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" }, { GIT_MAX_FILES: "1" });
    expect(tooMany.info.body.operation.error).toMatch(/more than the 1 a sync accepts/);
    const blocked = await syncNow(owner.token, space.id, "import", { url: repo.url, ref: "refs/heads/main" }, { ALLOW_PRIVATE_NETWORK: "false" });
    expect(blocked.info.body.operation.error).toMatch(/only public internet hosts can be fetched/);
    expect(await titles(space.id)).toEqual([]);
  });

  it("uses credentials from the URL for the job only: right ones import, wrong ones are a recorded error", async () => {
    const repo = await createRepo("private", { "README.md": "# Secret\n" }, { auth: { username: "ada", password: "s3cr3t" } });
    const space = await createSpace(owner, organizationId);
    const withCredentials = repo.url.replace("http://", "http://ada:s3cr3t@");
    const wrong = await syncNow(owner.token, space.id, "import", { url: repo.url.replace("http://", "http://ada:nope@"), ref: "refs/heads/main" });
    expect(wrong.info.body.operation.error).toMatch(/refused the credentials/);
    expect(JSON.stringify(wrong.info.body)).not.toContain("nope");
    const right = await syncNow(owner.token, space.id, "import", { url: withCredentials, ref: "refs/heads/main" });
    expect(right.info.body.operation.state).toBe("success");
    expect(JSON.stringify(right.info.body)).not.toContain("s3cr3t");
    expect(right.info.body.url).toBe(repo.url);
    expect(await titles(space.id)).toEqual(["Secret"]);
  });
});
