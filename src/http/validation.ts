import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import { errorBody } from "../lib/errors";

const WHERE: Record<string, string> = {
  json: "body field",
  query: "query parameter",
  param: "path parameter",
  header: "header",
  cookie: "cookie",
  form: "form field",
};

/**
 * The app's validation hook: a request that fails its route's zod schema is a 400 whose message
 * names each offending field, e.g. `Invalid body field 'title': Too small: expected string to
 * have >=2 characters`. Nothing has been read or written yet when this runs.
 */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; target: string },
  c: Context,
) {
  if (result.success) return;
  return c.json(errorBody(400, describeValidationError(result.error, result.target)), 400);
}

export function describeValidationError(error: z.ZodError, target: string): string {
  const where = WHERE[target] ?? target;
  const problems = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index ? "." : ""}${String(part)}`)).join("");
    return path ? `Invalid ${where} '${path}': ${issue.message}` : `Invalid request ${target === "json" ? "body" : where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return problems.join("; ") + more;
}
