import { z } from "@hono/zod-openapi";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../lib/pagination";

/** The query and envelope of every list, as GitBook's spec has them; lib/pagination.ts serves them. */

export const listQuery = {
  page: z.string().max(2048).optional().openapi({ description: "Identifier of the page results to fetch (from `next.page`)." }),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PAGE_SIZE)
    .optional()
    .openapi({ description: `The number of results per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).` }),
};

export const listOrder = z.enum(["asc", "desc"]).default("desc").openapi({ description: "An order for the items in the list" });

/** The list envelope of GitBook's spec: `{items, next?:{page}, count}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    next: z.object({ page: z.string() }).optional(),
    count: z.number(),
  });
}
