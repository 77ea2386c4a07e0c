import { generateNKeysBetween } from "fractional-indexing";

/**
 * Seeds a space's main line with a page tree by writing D1 rows directly, in batches: 10,000 pages
 * through the API would be 200 edits and merges, and what is measured is reading them. The rows
 * are what the API writes (content_entries at the space's initial revision, ordinal 0, open;
 * bodies in documents keyed by their SHA-256), so the API reads them as it reads its own.
 *
 * Shape: sections at the top level, each with the same number of child pages, so the page read
 * (a leaf two levels deep) has the same neighbourhood whatever the size.
 */

export interface SeededTree {
  spaceId: string;
  /** A leaf under a section in the middle of the tree. */
  leafPageId: string;
}

const ROWS_PER_STATEMENT = 8; // 12 columns: D1 allows 100 bound parameters per statement
const STATEMENTS_PER_BATCH = 50;

export async function seedPageTree(db: D1Database, spaceId: string, size: number): Promise<SeededTree> {
  const sections = Math.max(1, Math.round(Math.sqrt(size)));
  const childrenPerSection = Math.floor(size / sections) - 1;
  const now = new Date().toISOString();
  const pages: Array<{ id: string; parentId: string | null; position: string; title: string; markdown: string }> = [];
  const sectionKeys = generateNKeysBetween(null, null, sections);
  const childKeys = generateNKeysBetween(null, null, Math.max(childrenPerSection, 1));
  for (let section = 0; section < sections; section++) {
    const sectionId = pageId(spaceId, section, -1);
    pages.push({ id: sectionId, parentId: null, position: sectionKeys[section]!, title: `Section ${section}`, markdown: body(`Section ${section}`) });
    for (let child = 0; child < childrenPerSection; child++) {
      pages.push({ id: pageId(spaceId, section, child), parentId: sectionId, position: childKeys[child]!, title: `Page ${section}.${child}`, markdown: body(`Page ${section}.${child}`) });
    }
  }
  const documents = await Promise.all(pages.map(async (page) => ({ id: await sha256(page.markdown), markdown: page.markdown })));

  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < documents.length; start += 50) {
    const rows = documents.slice(start, start + 50);
    statements.push(db.prepare(`INSERT OR IGNORE INTO documents (id, markdown) VALUES ${rows.map(() => "(?, ?)").join(", ")}`).bind(...rows.flatMap((row) => [row.id, row.markdown])));
  }
  for (let start = 0; start < pages.length; start += ROWS_PER_STATEMENT) {
    const rows = pages.slice(start, start + ROWS_PER_STATEMENT);
    statements.push(
      db
        .prepare(
          `INSERT INTO content_entries (space_id, line, kind, entry_id, from_ordinal, to_ordinal, deleted, parent_id, position, data, document_id, blob_key)
           VALUES ${rows.map(() => "(?, 'main', 'page', ?, 0, NULL, 0, ?, ?, ?, ?, NULL)").join(", ")}`,
        )
        .bind(
          ...rows.flatMap((page, index) => [
            spaceId,
            page.id,
            page.parentId,
            page.position,
            JSON.stringify({ title: page.title, slug: slug(page.title), createdAt: now, updatedAt: now }),
            documents[start + index]!.id,
          ]),
        ),
    );
  }
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) await db.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
  return { spaceId, leafPageId: pageId(spaceId, Math.floor(sections / 2), Math.floor(childrenPerSection / 2)) };
}

/** Ids of 20 base-62 characters, unique per space and place. */
function pageId(spaceId: string, section: number, child: number): string {
  return `${spaceId.slice(0, 8)}s${String(section).padStart(5, "0")}c${String(child + 1).padStart(5, "0")}`;
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const body = (title: string) =>
  `Introduction to ${title}.\n\nA second paragraph with a few more words about what this page covers.\n\nSee [the site](https://example.com/${slug(title)}).\n`;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
