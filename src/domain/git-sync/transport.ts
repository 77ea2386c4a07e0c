import git, { Errors, type HttpClient, type TreeEntry } from "isomorphic-git";
import { concatBytes } from "../../lib/bytes";
import { OutboundError, outboundFetch } from "../../lib/outbound-fetch";
import { GitSyncError } from "./errors";
import type { RepoFile } from "./format";
import type { SyncLimits } from "./limits";
import { memoryFs } from "./memory-fs";
import { withHeadSymref } from "./ref-advertisement";

/**
 * Git's smart HTTP with isomorphic-git, in memory: a shallow fetch of one ref, its tree read into
 * files, and a commit pushed on top of it. Every request goes through the outbound guard
 * (lib/outbound-fetch.ts): http(s) only, no private targets unless allowed, one deadline, and the
 * packfile capped at the repository limit while it streams in.
 */

export interface GitRemote {
  /** The repository URL without credentials. */
  url: string;
  /** Basic-auth credentials for this job only (taken out of the URL the user gave). */
  credentials?: { username: string; password: string };
}

export interface TransportOptions {
  allowPrivateNetwork: boolean;
  limits: SyncLimits;
}

/** One job's repository: an in-memory bare git dir and the client that reaches the remote. */
export interface GitSession {
  remote: GitRemote;
  options: TransportOptions;
  fs: ReturnType<typeof memoryFs>;
  gitdir: string;
  http: HttpClient;
}

export interface TreeItem {
  path: string;
  oid: string;
  mode: string;
  type: TreeEntry["type"];
}

export interface FetchedRef {
  commit: { oid: string; message: string; tree: string };
  /** Every entry of the commit's tree, recursively (blobs, symlinks, submodules), without contents. */
  items: TreeItem[];
}

const GITDIR = "/repo.git";

export async function openSession(remote: GitRemote, options: TransportOptions): Promise<GitSession> {
  const fs = memoryFs();
  await git.init({ fs, gitdir: GITDIR, bare: true, defaultBranch: "main" });
  // isomorphic-git's fetch maps refs through a remote's refspec, even for one ref by URL.
  await git.addRemote({ fs, gitdir: GITDIR, remote: "origin", url: remote.url });
  return { remote, options, fs, gitdir: GITDIR, http: guardedHttp(options) };
}

/** The tip of `ref` fetched shallow (depth 1, that branch only); null when the remote has no such ref. */
export async function fetchRef(session: GitSession, ref: string): Promise<FetchedRef | null> {
  const { fs, gitdir, http } = session;
  let oid: string | null;
  try {
    const result = await git.fetch({ fs, http, gitdir, url: session.remote.url, ref, singleBranch: true, depth: 1, tags: false, ...authOf(session) });
    oid = result.fetchHead;
  } catch (error) {
    // Only a not-found about the ref itself means the remote lacks it (not one about HEAD, say: ref-advertisement.ts).
    if (error instanceof Errors.NotFoundError && error.data.what === ref) return null;
    throw describeFailure(error, session, "fetch");
  }
  if (!oid) return null;
  const { commit } = await git.readCommit({ fs, gitdir, oid });
  const items = await listTree(session, commit.tree, "");
  if (items.length > session.options.limits.files) {
    throw new GitSyncError(`The repository has ${items.length} files at ${ref}, more than the ${session.options.limits.files} a sync accepts (GIT_MAX_FILES)`);
  }
  return { commit: { oid, message: commit.message.trim(), tree: commit.tree }, items };
}

async function listTree(session: GitSession, treeOid: string, prefix: string): Promise<TreeItem[]> {
  const { tree } = await git.readTree({ fs: session.fs, gitdir: session.gitdir, oid: treeOid });
  const items: TreeItem[] = [];
  for (const entry of tree) {
    const path = prefix ? `${prefix}/${entry.path}` : entry.path;
    if (entry.type === "tree") items.push(...(await listTree(session, entry.oid, path)));
    else items.push({ path, oid: entry.oid, mode: entry.mode, type: entry.type });
  }
  return items;
}

/** The bytes of every regular file of a fetched tree (symlinks and submodules are not files of a space). */
export async function readFiles(session: GitSession, fetched: FetchedRef): Promise<Map<string, RepoFile>> {
  const { limits } = session.options;
  const files = new Map<string, RepoFile>();
  let total = 0;
  for (const item of fetched.items) {
    if (item.type !== "blob" || item.mode === "120000") continue;
    const { blob } = await git.readBlob({ fs: session.fs, gitdir: session.gitdir, oid: item.oid });
    if (blob.byteLength > limits.fileBytes) {
      throw new GitSyncError(`'${item.path}' is ${blob.byteLength} bytes, more than the ${limits.fileBytes} bytes a file may have (GIT_MAX_FILE_BYTES)`);
    }
    total += blob.byteLength;
    if (total > limits.repositoryBytes) {
      throw new GitSyncError(`The repository's files add up to more than the ${limits.repositoryBytes} bytes a sync accepts (GIT_MAX_REPOSITORY_BYTES)`);
    }
    files.set(item.path, { path: item.path, bytes: blob, oid: item.oid });
  }
  return files;
}

export interface CommitInput {
  /** The tree: path → blob oid and mode (kept from the tip) or bytes (written by the exporter). */
  tree: Map<string, { oid: string; mode: string } | Uint8Array>;
  /** The commit it builds on: the ref's tip, absent for a new branch. */
  parent?: FetchedRef;
  message: string;
  author: { name: string; email: string };
}

/** Writes the tree and a commit on top of `parent`; null when the tree is the parent's (nothing to commit). */
export async function writeCommit(session: GitSession, input: CommitInput): Promise<string | null> {
  const { fs, gitdir } = session;
  const { limits } = session.options;
  const root: Directory = new Map();
  let total = 0;
  for (const [path, content] of [...input.tree].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let entry: { oid: string; mode: string };
    if (content instanceof Uint8Array) {
      if (content.byteLength > limits.fileBytes) {
        throw new GitSyncError(`'${path}' would be ${content.byteLength} bytes, more than the ${limits.fileBytes} bytes a file may have (GIT_MAX_FILE_BYTES)`);
      }
      total += content.byteLength;
      if (total > limits.repositoryBytes) throw new GitSyncError(`The exported files add up to more than the ${limits.repositoryBytes} bytes a sync accepts (GIT_MAX_REPOSITORY_BYTES)`);
      entry = { oid: await git.writeBlob({ fs, gitdir, blob: content }), mode: "100644" };
    } else {
      entry = content;
    }
    place(root, path.split("/"), entry);
  }
  if (input.tree.size > limits.files) throw new GitSyncError(`The export would have ${input.tree.size} files, more than the ${limits.files} a sync accepts (GIT_MAX_FILES)`);
  const tree = await writeDirectory(session, root);
  if (input.parent && tree === input.parent.commit.tree) return null;
  const now = Math.floor(Date.now() / 1000);
  const person = { ...input.author, timestamp: now, timezoneOffset: 0 };
  return git.writeCommit({
    fs,
    gitdir,
    commit: { message: input.message.endsWith("\n") ? input.message : `${input.message}\n`, tree, parent: input.parent ? [input.parent.commit.oid] : [], author: person, committer: person },
  });
}

type Directory = Map<string, { oid: string; mode: string } | Directory>;

function place(directory: Directory, parts: string[], entry: { oid: string; mode: string }) {
  const [name, ...rest] = parts as [string, ...string[]];
  if (rest.length === 0) {
    directory.set(name, entry);
    return;
  }
  let child = directory.get(name);
  if (!(child instanceof Map)) {
    child = new Map();
    directory.set(name, child);
  }
  place(child, rest, entry);
}

async function writeDirectory(session: GitSession, directory: Directory): Promise<string> {
  const tree: TreeEntry[] = [];
  for (const [name, entry] of directory) {
    if (entry instanceof Map) tree.push({ path: name, mode: "040000", oid: await writeDirectory(session, entry), type: "tree" });
    else tree.push({ path: name, mode: entry.mode, oid: entry.oid, type: entry.mode === "160000" ? "commit" : "blob" });
  }
  return git.writeTree({ fs: session.fs, gitdir: session.gitdir, tree });
}

/** Pushes `commit` to `ref`. Without `force`, a ref that moved past our parent is refused by Git, not overwritten. */
export async function pushCommit(session: GitSession, commit: string, ref: string, force: boolean): Promise<void> {
  const { fs, gitdir, http } = session;
  await git.writeRef({ fs, gitdir, ref: "refs/heads/sync", value: commit, force: true });
  let result;
  try {
    result = await git.push({ fs, http, gitdir, url: session.remote.url, ref: "refs/heads/sync", remoteRef: ref, force, ...authOf(session) });
  } catch (error) {
    if (error instanceof Errors.PushRejectedError) {
      throw new GitSyncError(`${ref} has commits the export does not build on (a non-fast-forward push was refused); import first, or export with force to overwrite them`);
    }
    throw describeFailure(error, session, "push to");
  }
  if (!result.ok) {
    const reason = result.refs[ref]?.error ?? result.error ?? "refused";
    throw new GitSyncError(`The Git server refused the push to ${ref}: ${reason}`);
  }
}

/** isomorphic-git's onAuth: the job's credentials, once; a refusal is not retried with the same ones. */
function authOf(session: GitSession) {
  const { credentials } = session.remote;
  return {
    onAuth: () => (credentials ? { username: credentials.username, password: credentials.password } : { cancel: true }),
    onAuthFailure: () => ({ cancel: true }),
  };
}

/** A failure as the user should read it: never the credentials, never a stack. */
function describeFailure(error: unknown, session: GitSession, action: string): Error {
  if (error instanceof GitSyncError) return error;
  const url = session.remote.url;
  if (error instanceof OutboundError) {
    if (error.failure === "too-large") {
      return new GitSyncError(`The repository at ${url} is larger than the ${session.options.limits.repositoryBytes} bytes a sync accepts (GIT_MAX_REPOSITORY_BYTES)`);
    }
    return new GitSyncError(error.message);
  }
  const refused = (status: string) =>
    new GitSyncError(
      session.remote.credentials
        ? `The Git server at ${url} refused the credentials given in the URL${status}`
        : `The Git server at ${url} requires credentials${status}: put them in the URL (https://user:token@host/...)`,
    );
  // A 401 makes isomorphic-git ask onAuth, which cancels when the job's credentials were already tried.
  if (error instanceof Errors.UserCanceledError) return refused("");
  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    if (status === 401 || status === 403) return refused(` (${status})`);
    if (status === 404) return new GitSyncError(`There is no Git repository at ${url} (404)`);
    return new GitSyncError(`Could not ${action} ${url}: the server answered ${status}`);
  }
  if (error instanceof Errors.SmartHttpError || error instanceof Errors.ParseError || error instanceof Errors.UnknownTransportError) {
    return new GitSyncError(`${url} does not speak Git's smart HTTP protocol`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * isomorphic-git's HttpClient over the outbound guard: bodies are collected (Git's requests are
 * small). An upload-pack ref advertisement without HEAD is completed so that isomorphic-git can
 * fetch from a repository whose HEAD names a branch without commits (ref-advertisement.ts).
 */
function guardedHttp(options: TransportOptions): HttpClient {
  return {
    async request({ url, method, headers, body }) {
      const sent = body ? await collect(body) : undefined;
      const response = await outboundFetch(url, {
        allowPrivateNetwork: options.allowPrivateNetwork,
        timeoutMs: options.limits.timeoutMs,
        maxBytes: options.limits.repositoryBytes,
        method: method === "POST" ? "POST" : "GET",
        body: sent,
        headers,
      });
      const received = response.status === 200 && isUploadPackAdvertisement(url) ? withHeadSymref(response.body) : response.body;
      return {
        url: response.url,
        method,
        statusCode: response.status,
        statusMessage: String(response.status),
        headers: Object.fromEntries(response.headers),
        // isomorphic-git iterates the body: a one-chunk list is what its own web client gives too.
        body: [received] as unknown as AsyncIterableIterator<Uint8Array>,
      };
    },
  };
}

function isUploadPackAdvertisement(url: string): boolean {
  const { pathname, searchParams } = new URL(url);
  return pathname.endsWith("/info/refs") && searchParams.get("service") === "git-upload-pack";
}

async function collect(body: AsyncIterableIterator<Uint8Array> | Iterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return concatBytes(chunks);
}
