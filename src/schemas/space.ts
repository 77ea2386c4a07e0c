import { GitSyncState } from "./git-sync";
import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, InputUrl, RoleOrGuest, Timestamp, notSupported, orNull } from "./common";
import { DefaultLevelInput } from "./content";
import { MergeRulesSpace } from "./merge-rules";

export const SpaceTitle = z.string().trim().min(1).max(50).openapi("SpaceTitle", { description: "Title of the space" });

/** A pictographic character (or sequence), or its code points in hex as GitBook's app stores them. */
const EMOJI = /^(?:[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*|(?=.*[\p{Extended_Pictographic}\p{Regional_Indicator}])[\p{Extended_Pictographic}\p{Emoji_Component}\p{Emoji_Modifier}\u200d\ufe0f\p{Regional_Indicator}]+)$/u;

// Checked with `refine`, not `regex`: the pattern needs the `u` flag (Unicode properties), which a
// JSON Schema `pattern` cannot carry, so the document describes the format in words instead.
export const Emoji = z
  .string()
  .max(50)
  .refine((value) => EMOJI.test(value), "must be an emoji, or its Unicode code points in hex such as 1f389")
  .openapi("Emoji", {
    description: "Unicode codepoint or character of the emoji: an emoji, or its code points in lowercase hex joined by '-' (e.g. 1f389)",
    example: "🎉",
  });

export const SpaceEditMode = z.enum(["live", "locked"]).openapi("SpaceEditMode");

export const TranslationLanguage = z
  .enum([
    "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar", "hi", "nl", "pl", "tr", "sv",
    "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
  ])
  .openapi("TranslationLanguage");

export const ContentVisibility = z
  .enum(["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"])
  .openapi("ContentVisibility");

export const SpacePermissions = z.object({
  view: z.boolean(),
  access: z.boolean(),
  admin: z.boolean(),
  viewInviteLinks: z.boolean(),
  edit: z.boolean(),
  triggerGitSync: z.boolean(),
  comment: z.boolean(),
  merge: z.boolean(),
  review: z.boolean(),
  installIntegration: z.boolean(),
});

export const Space = z
  .object({
    object: z.literal("space"),
    id: z.string(),
    title: z.string(),
    emoji: z.string(),
    visibility: ContentVisibility,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    deletedAt: Timestamp.optional(),
    editMode: SpaceEditMode,
    mergeRules: MergeRulesSpace,
    urls: z.object({ location: AbsoluteUrl, app: AbsoluteUrl, published: AbsoluteUrl.optional(), icon: AbsoluteUrl.optional() }),
    organization: z.string(),
    parent: z.string().optional(),
    language: TranslationLanguage.optional(),
    revision: z.string(),
    defaultLevel: RoleOrGuest,
    comments: z.number(),
    changeRequests: z.number(),
    changeRequestsOpen: z.number(),
    changeRequestsDraft: z.number(),
    permissions: SpacePermissions,
    gitSync: GitSyncState.optional().openapi({ description: "The space's Git sync (getSpaceGitInfo), on `GET /v1/spaces/{spaceId}` once the space has been synced" }),
  })
  .openapi("Space");

export type SpaceObject = z.infer<typeof Space>;

export const CreateSpaceBody = z
  .strictObject({
    title: SpaceTitle.optional(),
    emoji: Emoji.optional(),
    parent: EntityId.optional().openapi({ description: "ID of a parent collection" }),
    language: TranslationLanguage.optional(),
    editMode: SpaceEditMode.optional(),
    empty: z
      .literal(true)
      .optional()
      .openapi({ description: "Create a completely empty space (no page in it): what every new space is here" }),
    template: notSupported("templates"),
    computedSource: notSupported("computed content sources"),
  })
  .openapi("CreateSpace")
  .openapi({ example: { title: "API guide" } });

export type CreateSpaceInput = z.infer<typeof CreateSpaceBody>;

export const UpdateSpaceBody = z.strictObject({
  editMode: SpaceEditMode.optional(),
  title: SpaceTitle.optional(),
  defaultLevel: DefaultLevelInput.optional(),
  language: TranslationLanguage.optional(),
  mergeRules: MergeRulesSpace.optional(),
  /** null removes the emoji (and the icon). */
  emoji: orNull(Emoji).optional(),
  icon: orNull(InputUrl).optional(),
})
  .openapi({ example: { title: "API guide (v2)" } });

export type UpdateSpaceInput = z.infer<typeof UpdateSpaceBody>;

export const GetSpaceQuery = z.object({
  shareKey: z
    .string()
    .max(1024)
    .optional()
    .openapi({ description: "For sites published via share-links, the share key is useful to resolve published URLs." }),
});
