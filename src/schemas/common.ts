import { z } from "@hono/zod-openapi";
import { ROLES } from "../lib/roles";

export const Role = z.enum(ROLES).openapi("MemberRole", {
  description: "The role of a member: admin > create > review > edit > comment > read.",
});
export const RoleOrGuest = Role.nullable().openapi("MemberRoleOrGuest", {
  description: "The role of a member in an organization, null for guests",
});

export const Timestamp = z.string().openapi({ format: "date-time" });
export const EntityId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-zA-Z0-9_-]+$/, "must be an identifier (letters, digits, '_' and '-')");
export const AbsoluteUrl = z.string().openapi({ format: "uri" });

/** A URL given by a client: absolute http(s), at most 2048 characters (seed part 8). */
export const InputUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
  // Its own message: the URL's would otherwise stand for every check of the schema.
  .max(2048, { error: "must be at most 2048 characters" })
  .openapi("URL", { format: "uri" });

/**
 * `schema` or null. Not `.nullable()` on a named component: the document generator writes that as
 * `allOf: [$ref, {type: [..., "null"]}]`, which no value satisfies when it is null.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/**
 * A body field GitBook's spec defines for an operation that this API does not implement (yet):
 * documented, and refused with a 400 naming it, never silently ignored. `what` completes the
 * sentence "… are not supported by this deployment", e.g. "templates".
 */
export const notSupported = (what: string) =>
  z
    .unknown()
    .optional()
    .refine((value) => value === undefined, { message: `${what} are not supported by this deployment` })
    .openapi({ description: `Not supported by this deployment: a request with it is refused (400).` });

export const ErrorResponse = z
  .object({ error: z.object({ code: z.number().int(), message: z.string() }) })
  .openapi("Error");

const TRUE_OR_FALSE = z.enum(["true", "false"]);

/** A boolean query parameter in GitBook's form (`true`/`false`), `fallback` when absent. */
export const QuerySwitch = (description: string, fallback: "true" | "false") =>
  TRUE_OR_FALSE.default(fallback)
    .transform((value) => value === "true")
    .openapi({ type: "boolean", description });

/** The same, undefined when absent (a filter that is off unless given). */
export const OptionalQuerySwitch = (description: string) =>
  TRUE_OR_FALSE.optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({ type: "boolean", description });
