import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

/**
 * Bare repositories for the test Git server (git-server.ts), built and read with the `git` command
 * line, so what the tests check is what real Git sees, not what isomorphic-git believes.
 */

export interface FixtureSpec {
  /** path → base64 bytes; absent: a repository without any commit (`git init --bare`, HEAD names the unborn `branch`) */
  files?: Record<string, string>;
  /** The branch name (without refs/heads/). */
  branch: string;
  message?: string;
  auth?: { username: string; password: string };
}

const run = promisify(execFile);
const IDENTITY = ["-c", "user.name=Outside Tester", "-c", "user.email=outside@git.test", "-c", "commit.gpgsign=false"];

const git = async (cwd: string, ...args: string[]) => (await run("git", [...IDENTITY, ...args], { cwd, maxBuffer: 64 << 20, encoding: "buffer" })).stdout;
const gitText = async (cwd: string, ...args: string[]) => (await git(cwd, ...args)).toString("utf8").trim();

/** A fresh bare repository whose `branch` holds `files` in one commit (or an empty one, HEAD naming the unborn `branch`). */
export async function buildFixture(bare: string, spec: FixtureSpec) {
  await rm(bare, { recursive: true, force: true });
  await mkdir(bare, { recursive: true });
  await git(bare, "init", "--bare", "--quiet", `--initial-branch=${spec.branch}`);
  await git(bare, "config", "http.receivepack", "true");
  if (!spec.files) return { commit: null };
  return commitFiles(bare, spec, false);
}

/** Someone else's push: a commit replacing the branch's files with `files`, on top of its tip. */
export const pushFromOutside = (bare: string, spec: FixtureSpec) => commitFiles(bare, spec, true);

async function commitFiles(bare: string, spec: FixtureSpec, onTop: boolean) {
  const work = await mkdtemp(join(tmpdir(), "git-work-"));
  try {
    if (onTop) {
      await git(work, "clone", "--quiet", "--branch", spec.branch, bare, ".");
      await git(work, "rm", "-r", "--quiet", "--ignore-unmatch", ".");
    } else {
      await git(work, "init", "--quiet", `--initial-branch=${spec.branch}`);
    }
    for (const [path, base64] of Object.entries(spec.files ?? {})) {
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), Buffer.from(base64, "base64"));
    }
    await git(work, "add", "--all");
    await git(work, "commit", "--quiet", "--allow-empty", "-m", spec.message ?? "Fixture");
    await git(work, "push", "--quiet", bare, `HEAD:refs/heads/${spec.branch}`);
    return { commit: await gitText(work, "rev-parse", "HEAD") };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Every file of `ref` (null when the ref does not exist), with its blob oid, and the commit. */
export async function readTree(bare: string, ref: string) {
  let commit: string;
  try {
    commit = await gitText(bare, "rev-parse", "--verify", `${ref}^{commit}`);
  } catch {
    return { commit: null, message: null, parents: [], files: null };
  }
  const message = await gitText(bare, "log", "-1", "--format=%B", commit);
  const parents = (await gitText(bare, "log", "-1", "--format=%P", commit)).split(" ").filter(Boolean);
  const listing = (await git(bare, "ls-tree", "-r", "-z", commit)).toString("utf8").split("\0").filter(Boolean);
  const files: Record<string, { oid: string; base64: string }> = {};
  for (const line of listing) {
    const [meta, path] = line.split("\t") as [string, string];
    const oid = meta.split(" ")[2]!;
    files[path] = { oid, base64: (await git(bare, "cat-file", "blob", oid)).toString("base64") };
  }
  return { commit, message, parents, files };
}
