import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { siteSpaces } from "../../db/schema";

/**
 * A space that leaves its organization's content (deleted, transferred, purged) leaves every site
 * that published it: its site spaces go, and each section (or site root) whose default was one
 * of them gets the first remaining site space, by position, as its default. A section left with
 * no site space stays, empty (docs/decisions.md, "Sites").
 *
 * `spaceIds` is SQL that lists the space ids (a subquery or a parenthesized list). The statements
 * go in the batch of the change itself, BEFORE any statement that changes what `spaceIds`
 * selects; their cost is that of the site spaces of those spaces, not of the sites.
 *
 * Order matters for the partial unique indexes (one default per scope): the leaving defaults are
 * cleared first, then the replacements are set, then the leaving rows are deleted.
 */
export function siteSpacesLeaving(db: Database, spaceIds: SQL): [BatchItem<"sqlite">, BatchItem<"sqlite">, BatchItem<"sqlite">] {
  return [
    db
      .update(siteSpaces)
      .set({ isDefault: false })
      .where(and(sql`${siteSpaces.spaceId} IN ${spaceIds}`, eq(siteSpaces.isDefault, true))),
    db
      .update(siteSpaces)
      .set({ isDefault: true })
      .where(
        sql`${siteSpaces.id} IN (
          SELECT (SELECT candidate.id FROM ${siteSpaces} candidate
                  WHERE candidate.site_id = leaving.site_id AND candidate.section_id IS leaving.section_id
                    AND candidate.space_id NOT IN ${spaceIds}
                  ORDER BY candidate.position, candidate.id LIMIT 1)
          FROM ${siteSpaces} leaving
          WHERE leaving.space_id IN ${spaceIds}
            AND NOT EXISTS (SELECT 1 FROM ${siteSpaces} kept
                            WHERE kept.site_id = leaving.site_id AND kept.section_id IS leaving.section_id AND kept.is_default = 1))`,
      ),
    db.delete(siteSpaces).where(sql`${siteSpaces.spaceId} IN ${spaceIds}`),
  ];
}

/** The SQL list of one space id, for `siteSpacesLeaving`. */
export const oneSpace = (spaceId: string): SQL => sql`(${spaceId})`;
