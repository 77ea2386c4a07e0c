import { inject } from "vitest";

/**
 * The Workers side of the test Git server (git-server.ts): build fixture repositories, push to
 * them from outside, and read them back, by fetch to the server's control endpoints.
 */

export const gitServerUrl = () => inject("gitServerUrl");

export type FixtureFiles = Record<string, string | Uint8Array>;

const base64Of = (content: string | Uint8Array) => {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

let counter = 0;
/** A repository name no other test (or test file) uses. */
export const uniqueRepoName = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function control(path: string, body?: unknown) {
  const response = await fetch(`${gitServerUrl()}/__fixtures/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Git test server: ${response.status} ${await response.text()}`);
  return response.json() as Promise<any>;
}

export interface RepoOptions {
  branch?: string;
  auth?: { username: string; password: string };
  message?: string;
}

/** A new bare repository on the test server; returns its URL (without credentials) and commit. */
export async function createRepo(label: string, files: FixtureFiles, options: RepoOptions = {}) {
  const name = uniqueRepoName(label);
  const encoded = Object.fromEntries(Object.entries(files).map(([path, content]) => [path, base64Of(content)]));
  const { commit } = await control(name, { files: encoded, branch: options.branch ?? "main", auth: options.auth, message: options.message });
  return { name, url: `${gitServerUrl()}/${name}.git`, commit: commit as string };
}

/** A new bare repository without any commit, as `git init --bare` makes it: HEAD names `branch`, which does not exist. */
export async function createEmptyRepo(label: string, branch = "main") {
  const name = uniqueRepoName(label);
  await control(name, { branch });
  return { name, url: `${gitServerUrl()}/${name}.git` };
}

/** Someone else pushes a commit replacing the branch's files. */
export async function pushFromOutside(name: string, files: FixtureFiles, branch = "main", message = "Pushed from outside") {
  const encoded = Object.fromEntries(Object.entries(files).map(([path, content]) => [path, base64Of(content)]));
  return (await control(`${name}/push`, { files: encoded, branch, message })).commit as string;
}

export interface RepoTree {
  commit: string | null;
  message: string | null;
  parents: string[];
  /** path → {oid, text}; null when the ref does not exist */
  files: Record<string, { oid: string; text: string; bytes: Uint8Array }> | null;
}

/** The tree of `ref` as real Git reads it. */
export async function readRepo(name: string, ref = "refs/heads/main"): Promise<RepoTree> {
  const tree = await control(`${name}/tree?ref=${encodeURIComponent(ref)}`);
  const files = tree.files
    ? Object.fromEntries(
        Object.entries(tree.files as Record<string, { oid: string; base64: string }>).map(([path, { oid, base64 }]) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          return [path, { oid, bytes, text: new TextDecoder().decode(bytes) }];
        }),
      )
    : null;
  return { ...tree, files };
}
