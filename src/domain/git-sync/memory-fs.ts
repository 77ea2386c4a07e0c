/**
 * The smallest file system isomorphic-git runs on: its `promises` API over a Map, living only as
 * long as one sync job. Workers have no disk; a job's repository (a bare git dir holding one
 * shallow pack) is bounded by the sync limits (limits.ts), so memory is too.
 */

type Node = { kind: "file"; bytes: Uint8Array; mtimeMs: number } | { kind: "dir"; mtimeMs: number } | { kind: "symlink"; target: string; mtimeMs: number };

class FsError extends Error {
  constructor(
    readonly code: "ENOENT" | "EEXIST" | "ENOTDIR" | "ENOTEMPTY" | "EISDIR",
    path: string,
  ) {
    super(`${code}: ${path}`);
  }
}

const normalize = (path: string) => "/" + path.split("/").filter((part) => part && part !== ".").join("/");
const parentOf = (path: string) => normalize(path.slice(0, path.lastIndexOf("/")) || "/");

export function memoryFs() {
  const nodes = new Map<string, Node>([["/", { kind: "dir", mtimeMs: Date.now() }]]);

  const get = (path: string) => {
    const node = nodes.get(normalize(path));
    if (!node) throw new FsError("ENOENT", path);
    return node;
  };
  const assertParent = (path: string) => {
    const parent = nodes.get(parentOf(normalize(path)));
    if (!parent) throw new FsError("ENOENT", path);
    if (parent.kind !== "dir") throw new FsError("ENOTDIR", path);
  };
  const statOf = (node: Node) => {
    const size = node.kind === "file" ? node.bytes.byteLength : 0;
    return {
      type: node.kind === "dir" ? "dir" : node.kind,
      mode: node.kind === "dir" ? 0o40755 : node.kind === "symlink" ? 0o120000 : 0o100644,
      size,
      ino: 0,
      uid: 1,
      gid: 1,
      dev: 1,
      mtimeMs: node.mtimeMs,
      ctimeMs: node.mtimeMs,
      isFile: () => node.kind === "file",
      isDirectory: () => node.kind === "dir",
      isSymbolicLink: () => node.kind === "symlink",
    };
  };

  const promises = {
    async readFile(path: string, options?: { encoding?: string } | string) {
      const node = get(path);
      if (node.kind !== "file") throw new FsError("EISDIR", path);
      const encoding = typeof options === "string" ? options : options?.encoding;
      return encoding ? new TextDecoder().decode(node.bytes) : node.bytes;
    },
    async writeFile(path: string, data: Uint8Array | string) {
      assertParent(path);
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
      nodes.set(normalize(path), { kind: "file", bytes, mtimeMs: Date.now() });
    },
    async unlink(path: string) {
      const node = get(path);
      if (node.kind === "dir") throw new FsError("EISDIR", path);
      nodes.delete(normalize(path));
    },
    async readdir(path: string) {
      const dir = normalize(path);
      if (get(path).kind !== "dir") throw new FsError("ENOTDIR", path);
      const prefix = dir === "/" ? "/" : `${dir}/`;
      const names: string[] = [];
      for (const key of nodes.keys()) {
        if (key !== dir && key.startsWith(prefix) && !key.slice(prefix.length).includes("/")) names.push(key.slice(prefix.length));
      }
      return names;
    },
    async mkdir(path: string) {
      if (nodes.has(normalize(path))) throw new FsError("EEXIST", path);
      assertParent(path);
      nodes.set(normalize(path), { kind: "dir", mtimeMs: Date.now() });
    },
    async rmdir(path: string) {
      if (get(path).kind !== "dir") throw new FsError("ENOTDIR", path);
      if ((await promises.readdir(path)).length > 0) throw new FsError("ENOTEMPTY", path);
      nodes.delete(normalize(path));
    },
    async stat(path: string) {
      const node = get(path);
      return statOf(node.kind === "symlink" ? get(node.target) : node);
    },
    async lstat(path: string) {
      return statOf(get(path));
    },
    async readlink(path: string) {
      const node = get(path);
      if (node.kind !== "symlink") throw new FsError("ENOENT", path);
      return node.target;
    },
    async symlink(target: string, path: string) {
      assertParent(path);
      nodes.set(normalize(path), { kind: "symlink", target, mtimeMs: Date.now() });
    },
    async chmod() {},
  };
  return { promises };
}
