import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column` contains `text`, ignoring the case of ASCII letters (SQLite's LIKE folds ASCII only);
 * `%`, `_` and `\` in the text match themselves.
 */
export function containsText(column: Column, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}
