import { z } from "@hono/zod-openapi";
import { AbsoluteUrl } from "./common";

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
