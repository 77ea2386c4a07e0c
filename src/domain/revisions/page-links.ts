import type { PageTree } from "./page-tree";

/**
 * Links to pages written by path, resolved to stable `/pages/<id>` links when a body is stored, as
 * GitBook does for markdown it receives: `/pages/<path>` (with or without `.md`), and paths
 * relative to the linking page the way Git Sync lays pages out as files (`./sibling.md`,
 * `../other.md`, `child/README.md`). Links that match no page are kept as written (and a
 * `/pages/...` one is then reported `broken`).
 */
export function pagePathResolver(tree: PageTree, fromPageId: string): (url: string) => string | null {
  const byPath = new Map<string, string>();
  for (const page of tree.pages.values()) byPath.set(tree.path(page.id), page.id);
  const directory = tree.path(fromPageId).split("/").slice(0, -1);

  return (url) => {
    const [target = "", anchor] = splitAnchor(url);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target === "") return null;
    let segments: string[];
    if (target.startsWith("/pages/")) {
      const rest = safeDecode(target.slice("/pages/".length));
      // Already a page id: nothing to resolve.
      if (tree.get(rest)) return null;
      segments = rest.split("/");
    } else if (target.startsWith("/")) {
      return null;
    } else {
      if (!/\.md$/i.test(target) && !target.endsWith("/")) return null;
      segments = [...directory, ...safeDecode(target).split("/")];
    }
    const path = normalize(segments);
    const pageId = path === null ? undefined : byPath.get(path);
    return pageId ? `/pages/${encodeURIComponent(pageId)}${anchor === undefined ? "" : `#${anchor}`}` : null;
  };
}

function splitAnchor(url: string): [string, string | undefined] {
  const hash = url.indexOf("#");
  return hash === -1 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Resolves `.` and `..`, drops `.md` and a final `README`; null when it climbs above the root. */
function normalize(segments: string[]): string | null {
  const result: string[] = [];
  for (const segment of segments) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (result.pop() === undefined) return null;
      continue;
    }
    result.push(segment);
  }
  const last = result.at(-1);
  if (last !== undefined) {
    const name = last.replace(/\.md$/i, "");
    if (name.toLowerCase() === "readme") result.pop();
    else result[result.length - 1] = name;
  }
  return result.join("/");
}
