import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { organizationWithEveryRole } from "../../helpers/fixtures";
import { gitCall, gitPath, takeGitJobs } from "../../helpers/git-sync";
import { call, errorMessage } from "../../helpers/http";

/** Git sync routes: validation, authentication, roles, other organizations, legacy installation. */

let org: Awaited<ReturnType<typeof organizationWithEveryRole>>;
let spaceId: string;
const IMPORT = { url: "https://git.example.com/acme/docs.git", ref: "refs/heads/main" };
const EXPORT = { ...IMPORT, commitMessage: "Export" };

beforeAll(async () => {
  org = await organizationWithEveryRole();
  spaceId = (await createSpace(org.admin, org.organization.id)).id;
});

describe("Git sync routes", () => {
  it("validates bodies, naming the field, and queues nothing", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["import", { ref: "refs/heads/main" }, "url"],
      ["import", { url: "ftp://host/repo.git", ref: "refs/heads/main" }, "url"],
      ["import", { url: IMPORT.url, ref: "main" }, "ref"],
      ["import", { ...IMPORT, repoProjectDirectory: "../up" }, "repoProjectDirectory"],
      ["export", IMPORT, "commitMessage"],
      ["export", { ...EXPORT, force: "yes" }, "force"],
    ];
    for (const [direction, body, field] of cases) {
      const response = await gitCall("POST", gitPath(spaceId, direction as "import"), { token: org.admin.token, body });
      expect(errorMessage(response, 400)).toContain(field);
    }
    expect(takeGitJobs()).toEqual([]);
  });

  it("needs a token, edit rights on the space, and hides other organizations' spaces", async () => {
    expect((await gitCall("POST", gitPath(spaceId, "import"), { body: IMPORT })).status).toBe(401);
    expect((await call("GET", gitPath(spaceId, "info"))).status).toBe(401);
    for (const reader of [org.read, org.comment]) {
      errorMessage(await gitCall("POST", gitPath(spaceId, "import"), { token: reader.token, body: IMPORT }), 403);
      errorMessage(await gitCall("POST", gitPath(spaceId, "export"), { token: reader.token, body: EXPORT }), 403);
      errorMessage(await call("DELETE", gitPath(spaceId, "legacy-installation"), { token: reader.token }), 403);
    }
    expect(takeGitJobs()).toEqual([]);
    expect((await gitCall("POST", gitPath(spaceId, "import"), { token: org.edit.token, body: IMPORT })).status).toBe(204);
    const [job] = takeGitJobs();
    expect(job).toMatchObject({ kind: "git.import", spaceId });
    // The queued message carries no URL, let alone credentials.
    expect(JSON.stringify(job)).not.toContain("git.example.com");
    for (const path of [gitPath(spaceId, "info"), gitPath(spaceId, "legacy-installation")]) {
      errorMessage(await call(path.endsWith("info") ? "GET" : "DELETE", path, { token: org.outsider.token }), 404);
    }
    errorMessage(await gitCall("POST", gitPath(spaceId, "export"), { token: org.outsider.token, body: EXPORT }), 404);
    errorMessage(await gitCall("POST", gitPath("nope", "import"), { token: org.admin.token, body: IMPORT }), 404);
  });

  it("answers 404 from info until a sync ran, and 204 from legacy-installation always", async () => {
    const fresh = (await createSpace(org.admin, org.organization.id)).id;
    expect(errorMessage(await call("GET", gitPath(fresh, "info"), { token: org.read.token }), 404)).toContain("Git sync");
    for (let attempt = 0; attempt < 2; attempt++) {
      const removed = await call("DELETE", gitPath(fresh, "legacy-installation"), { token: org.admin.token });
      expect(removed.status).toBe(204);
      expect(removed.body).toBeUndefined();
    }
  });
});
