/**
 * Repository paths: '/'-separated, no leading '/', as Git trees name files. Directories are kept
 * as prefixes ending in '/' ('' for the repository root), so joining is concatenation.
 */

/** A directory setting ('./docs/', '/docs', 'docs') as a prefix ('docs/'); null when it climbs above its base. */
export function directoryPrefix(setting: string | undefined): string | null {
  const normalized = normalizePath(setting ?? "");
  if (normalized === null) return null;
  return normalized === "" ? "" : `${normalized}/`;
}

/** Resolves '.', '..' and empty segments; null when the path climbs above its start. */
export function normalizePath(path: string): string | null {
  const result: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (result.pop() === undefined) return null;
      continue;
    }
    result.push(segment);
  }
  return result.join("/");
}

/** The directory prefix of a path ('a/b/c.md' -> 'a/b/'). */
export function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash + 1);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The path of `target` as a link written in a file of directory `fromDirectory` ('' or 'a/b/'). */
export function relativePath(fromDirectory: string, target: string): string {
  const from = fromDirectory.split("/").filter(Boolean);
  const to = target.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}

// Characters a link destination may carry unescaped (RFC 3986 path characters minus those
// markdown gives a meaning to: spaces, parentheses, angle brackets).
const SAFE_SEGMENT = /^[A-Za-z0-9._~!$&'*+,;=:@-]*$/;

/** A relative path written as a markdown link destination: segments percent-encoded only where needed. */
export function encodeLinkPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (SAFE_SEGMENT.test(segment) ? segment : encodeURIComponent(segment)))
    .join("/");
}

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits `path#anchor` (an anchor keeps everything after the first '#'). */
export function splitAnchor(url: string): { path: string; anchor: string | undefined } {
  const hash = url.indexOf("#");
  return hash === -1 ? { path: url, anchor: undefined } : { path: url.slice(0, hash), anchor: url.slice(hash + 1) };
}

export const isMarkdownPath = (path: string) => /\.md$/i.test(path);
export const isReadme = (path: string) => basename(path).toLowerCase() === "readme.md";

/** A URL with a scheme (https:, mailto:...) or protocol-relative: not a path in the repository. */
export const isExternalUrl = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
