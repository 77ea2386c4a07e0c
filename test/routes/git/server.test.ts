import { describe, expect, it } from "vitest";
import { createRepo, gitServerUrl, pushFromOutside, readRepo } from "../../helpers/git-repos";

/** The test Git server itself (test/helpers/git-server.ts), reached from inside workerd. */
describe("the test Git server", () => {
  it("builds a repository and serves it over smart HTTP", async () => {
    const repo = await createRepo("server", { "README.md": "# Hello\n", "docs/a.md": "A" });
    const advertised = await fetch(`${repo.url}/info/refs?service=git-upload-pack`);
    expect(advertised.status).toBe(200);
    expect(advertised.headers.get("content-type")).toBe("application/x-git-upload-pack-advertisement");
    expect(new TextDecoder().decode(await advertised.arrayBuffer())).toContain(repo.commit);
    const tree = await readRepo(repo.name);
    expect(tree.commit).toBe(repo.commit);
    expect(Object.keys(tree.files!).sort()).toEqual(["README.md", "docs/a.md"]);
    expect(tree.files!["README.md"]!.text).toBe("# Hello\n");
  });

  it("asks for credentials when the repository has them", async () => {
    const repo = await createRepo("server-auth", { "README.md": "x" }, { auth: { username: "ada", password: "s3cret" } });
    expect((await fetch(`${repo.url}/info/refs?service=git-upload-pack`)).status).toBe(401);
    const authorized = await fetch(`${repo.url}/info/refs?service=git-upload-pack`, { headers: { authorization: `Basic ${btoa("ada:s3cret")}` } });
    expect(authorized.status).toBe(200);
  });

  it("takes a push from outside on top of the branch", async () => {
    const repo = await createRepo("server-push", { "README.md": "one" });
    const commit = await pushFromOutside(repo.name, { "README.md": "two" });
    const tree = await readRepo(repo.name);
    expect(tree.commit).toBe(commit);
    expect(tree.parents).toEqual([repo.commit]);
    expect(tree.files!["README.md"]!.text).toBe("two");
    expect((await readRepo(repo.name, "refs/heads/nope")).files).toBeNull();
    expect(gitServerUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
