import { describe, expect, it } from "vitest";
import { DEFAULT_SYNC_LIMITS } from "../../../src/domain/git-sync/limits";
import { fetchRef, openSession, pushCommit, readFiles, writeCommit, type GitRemote } from "../../../src/domain/git-sync/transport";
import { createEmptyRepo, createRepo, pushFromOutside, readRepo } from "../../helpers/git-repos";

/** The transport (isomorphic-git in memory, through the outbound guard) against the real test Git server. */

const options = { allowPrivateNetwork: true, limits: DEFAULT_SYNC_LIMITS };
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("Git transport", () => {
  it("fetches a ref shallow and reads its files with their blob oids", async () => {
    const repo = await createRepo("transport-read", { "README.md": "# Hi\n", "docs/page.md": "Page", "docs/.gitbook/assets/a.bin": new Uint8Array([0, 1, 2]) });
    const session = await openSession({ url: repo.url }, options);
    const fetched = (await fetchRef(session, "refs/heads/main"))!;
    expect(fetched.commit.oid).toBe(repo.commit);
    const files = await readFiles(session, fetched);
    const real = await readRepo(repo.name);
    expect([...files.keys()].sort()).toEqual(Object.keys(real.files!).sort());
    for (const [path, file] of files) {
      expect(file.oid).toBe(real.files![path]!.oid);
      expect([...file.bytes]).toEqual([...real.files![path]!.bytes]);
    }
    expect(await fetchRef(await openSession({ url: repo.url }, options), "refs/heads/absent")).toBeNull();
  });

  it("fetches a branch of a repository whose HEAD names a branch that does not exist (no HEAD advertised)", async () => {
    const repo = await createEmptyRepo("transport-unborn-head");
    const ref = "refs/heads/gitbook-export";
    const session = await openSession({ url: repo.url }, options);
    expect(await fetchRef(session, ref)).toBeNull();
    const commit = (await writeCommit(session, { tree: new Map([["README.md", new TextEncoder().encode("# Hi\n")]]), message: "First", author: { name: "T", email: "t@x.test" } }))!;
    await pushCommit(session, commit, ref, false);
    const fetched = await fetchRef(await openSession({ url: repo.url }, options), ref);
    expect(fetched?.commit.oid).toBe(commit);
    expect(fetched!.items.map((item) => item.path)).toEqual(["README.md"]);
    expect(await fetchRef(await openSession({ url: repo.url }, options), "refs/heads/absent")).toBeNull();
  });

  it("commits on top of the tip, keeping the objects it does not write, and refuses a non-fast-forward push", async () => {
    const repo = await createRepo("transport-push", { "README.md": "one", "keep/me.txt": "kept" });
    const session = await openSession({ url: repo.url }, options);
    const tip = (await fetchRef(session, "refs/heads/main"))!;
    const kept = tip.items.find((item) => item.path === "keep/me.txt")!;
    const tree = new Map<string, { oid: string; mode: string } | Uint8Array>([
      ["keep/me.txt", { oid: kept.oid, mode: kept.mode }],
      ["README.md", new TextEncoder().encode("two")],
    ]);
    const commit = (await writeCommit(session, { tree, parent: tip, message: "Two", author: { name: "T", email: "t@x.test" } }))!;
    // Someone pushes meanwhile: our commit no longer builds on the tip.
    await pushFromOutside(repo.name, { "README.md": "theirs" });
    await expect(pushCommit(session, commit, "refs/heads/main", false)).rejects.toThrow(/non-fast-forward/);
    expect(text((await readRepo(repo.name)).files!["README.md"]!.bytes)).toBe("theirs");
    await pushCommit(session, commit, "refs/heads/main", true);
    const after = await readRepo(repo.name);
    expect(after.commit).toBe(commit);
    expect(after.files!["README.md"]!.text).toBe("two");
    expect(after.files!["keep/me.txt"]!.oid).toBe(kept.oid);
    // The same tree again is no commit at all.
    const again = await openSession({ url: repo.url }, options);
    const head = (await fetchRef(again, "refs/heads/main"))!;
    expect(await writeCommit(again, { tree, parent: head, message: "Same", author: { name: "T", email: "t@x.test" } })).toBeNull();
  });

  it("uses credentials given for the job, and says when they are missing or wrong", async () => {
    const auth = { username: "ada", password: "s3cret" };
    const repo = await createRepo("transport-auth", { "README.md": "x" }, { auth });
    const at = (remote: GitRemote) => openSession(remote, options).then((session) => fetchRef(session, "refs/heads/main"));
    expect((await at({ url: repo.url, credentials: auth }))!.commit.oid).toBe(repo.commit);
    await expect(at({ url: repo.url })).rejects.toThrow(/requires credentials/);
    await expect(at({ url: repo.url, credentials: { username: "ada", password: "nope" } })).rejects.toThrow(/refused the credentials/);
  });

  it("refuses a private target unless allowed, and a pack over the repository limit", async () => {
    const repo = await createRepo("transport-guard", { "README.md": "x".repeat(4096), "big.bin": crypto.getRandomValues(new Uint8Array(20_000)) });
    await expect(openSession({ url: repo.url }, { ...options, allowPrivateNetwork: false }).then((s) => fetchRef(s, "refs/heads/main"))).rejects.toThrow(/only public internet hosts/);
    const small = { ...options, limits: { ...DEFAULT_SYNC_LIMITS, repositoryBytes: 10_000 } };
    await expect(openSession({ url: repo.url }, small).then((s) => fetchRef(s, "refs/heads/main"))).rejects.toThrow(/larger than the 10000 bytes/);
  });
});
