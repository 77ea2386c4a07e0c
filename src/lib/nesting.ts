/*
 * How deep a tree nests, measured without recursion: the input is whatever a client sent, so the
 * measure itself must not be what overflows the stack. Rich text is checked with it before
 * anything recursive (converters, JSON.stringify of a response, a Durable Object call) sees it.
 */

/**
 * The depth of the deepest node under `root` (the root alone is 1), or `stopAfter + 1` as soon as
 * that is exceeded: a limit check needs no more than "too deep", and stopping bounds the work.
 */
export function nestingDepth<T>(root: T, childrenOf: (node: T) => Iterable<T>, stopAfter = Number.MAX_SAFE_INTEGER): number {
  let deepest = 0;
  const pending: Array<[T, number]> = [[root, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAfter) return deepest;
    for (const child of childrenOf(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The children of a JSON value: an array's items, an object's values; none for a scalar. */
export function jsonChildren(value: unknown): Iterable<unknown> {
  return typeof value === "object" && value !== null ? Object.values(value) : [];
}

/** The message for a value nested past its limit, e.g. "nests more than 200 levels deep; the maximum is 200". */
export const tooDeep = (limit: number) => `nests more than ${limit} levels deep; the maximum is ${limit}`;
