import { z } from "@hono/zod-openapi";
import { Timestamp } from "./common";
import { listOf, listQuery } from "./list";

/** API tokens, our addition to GitBook's API (docs/decisions.md "Users and tokens"). */

export const ApiToken = z
  .object({
    object: z.literal("api-token"),
    id: z.string(),
    label: z.string().optional().openapi({ description: "What the token is for, as its creator named it" }),
    hint: z.string().openapi({ description: "The token's last four characters, after an ellipsis: enough to tell tokens apart, never the token" }),
    createdAt: Timestamp,
  })
  .openapi("ApiToken");

export type ApiTokenObject = z.infer<typeof ApiToken>;

export const ApiTokenList = listOf(ApiToken).openapi("ApiTokenList");

export const ApiTokenListQuery = z.object(listQuery);

export const CreateApiTokenBody = z
  .strictObject({ label: z.string().trim().min(1).max(100).optional() })
  .openapi("CreateApiToken", { example: { label: "CI publishing" } });

export const NewApiToken = z
  .object({ token: z.string().openapi({ description: "The token itself, shown only in this answer" }), apiToken: ApiToken })
  .openapi("NewApiToken");
