import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, InputUrl } from "./common";

export const User = z
  .object({
    object: z.literal("user"),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("User");

export type UserObject = z.infer<typeof User>;

/** GitBook's `updateUserById` body: at least one field (`minProperties: 1`). */
export const UpdateUserBody = z
  .strictObject({
    displayName: z.string().trim().min(1).max(64).optional().openapi({ description: "Full name for the user" }),
    photoURL: InputUrl.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "give at least one of 'displayName' and 'photoURL'" })
  .openapi({ minProperties: 1, example: { displayName: "Ada Lovelace" } });

