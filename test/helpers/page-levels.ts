/**
 * Pages described by refs, inserted level by level (a parent before its children, since `into`
 * takes a page id, not a ref of the same batch). No transport of its own: the in-process tests
 * (published.ts) and the browser tests' seed (test/e2e/harness/seed.ts) each pass how they commit a
 * level to main, so this module loads both in workerd and in Node.
 */

export interface PageSpec {
  ref: string;
  title: string;
  markdown?: string;
  /** The ref of the parent page (inserted before it). */
  into?: string;
  condition?: string;
  hidden?: boolean;
  /** A Font Awesome name (GitBook's page icon). */
  icon?: string;
}

/** Commits `insert_page` changes to main; answers the edit's changes (each with its `ref` and created page). */
export type CommitLevel = (changes: unknown[]) => Promise<Array<{ ref?: string; page: { id: string } }>>;

/** Inserts `pages`, one commit per level of the tree; their ids by ref. */
export async function insertPagesByLevel(pages: PageSpec[], commit: CommitLevel): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  let pending = pages;
  while (pending.length > 0) {
    const ready = pending.filter((page) => !page.into || ids[page.into]);
    if (ready.length === 0) throw new Error("insertPagesByLevel: a page's parent is not among the pages");
    const changes = ready.map((page) => ({
      operation: "insert_page",
      ref: page.ref,
      title: page.title,
      ...(page.into ? { into: ids[page.into] } : {}),
      ...(page.condition ? { condition: page.condition } : {}),
      ...(page.hidden ? { hidden: true } : {}),
      ...(page.icon ? { icon: page.icon } : {}),
      document: { markdown: page.markdown ?? `Text of ${page.title}.\n` },
    }));
    for (const change of await commit(changes)) if (change.ref) ids[change.ref] = change.page.id;
    pending = pending.filter((page) => !ready.includes(page));
  }
  return ids;
}
