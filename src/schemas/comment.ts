import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, Timestamp } from "./common";
import { JSONDocument } from "./document";
import { listOrder } from "./list";
import { Emoji } from "./space";
import { User } from "./user";

/** Comments and replies (seed 2.10, 4.5, 4.6), with GitBook's names for every field. */

/** A comment is a message, not a page: 64 KiB of markdown is far past any real one. */
export const MAX_COMMENT_MARKDOWN_CHARS = 64 * 1024;
/** Reactions one request may add or remove. */
export const MAX_REACTIONS_PER_REQUEST = 20;
/** Authors the `authors` filter may name (each is a bound parameter of the list's statements). */
export const MAX_AUTHORS_FILTER = 50;

/**
 * A body as a client sends it (GitBook's `Document`): markdown, stored as written; a JSON
 * document, stored as the markdown it converts to; or nothing (`{}`).
 */
export const CommentBodyInput = z.union([
  z.strictObject({ markdown: z.string().max(MAX_COMMENT_MARKDOWN_CHARS) }),
  z.strictObject({ document: JSONDocument }),
  z.strictObject({}),
]);

export type CommentBodyInputValue = z.infer<typeof CommentBodyInput>;

/** A body as the API answers it: in the requested `format`, or `{}` when it is empty. */
const CommentBody = z
  .union([z.object({ markdown: z.string() }), z.object({ document: JSONDocument }), z.strictObject({})])
  .openapi("CommentBody", { description: "The body in the requested format (markdown by default); `{}` when empty" });

const TableCellTarget = z
  .strictObject({ record: z.string().min(1).max(128), definition: z.string().min(1).max(128) })
  .openapi("TableCellTarget", { description: "The table cell the comment is attached to" });

const EmojiReaction = z
  .object({
    emoji: z.string(),
    count: z.number(),
    users: z.array(z.object({ user: User, reactedAt: Timestamp })),
  })
  .openapi("EmojiReaction", { description: "An emoji reaction by one or many users, who each reacted once" });

const CommentPermissions = z
  .object({ view: z.boolean(), edit: z.boolean(), reply: z.boolean(), delete: z.boolean() })
  .openapi("CommentPermissions", { description: "What the caller may do with the comment or reply" });

const UserContributor = z.object({ updatedAt: Timestamp, count: z.number().int(), user: User }).openapi("UserContributor");

export const Comment = z
  .object({
    object: z.literal("comment"),
    id: z.string(),
    postedBy: User,
    postedAt: Timestamp,
    editedAt: Timestamp.optional(),
    reactions: z.array(EmojiReaction),
    replies: z.number(),
    repliers: z.array(UserContributor),
    body: CommentBody,
    target: z.object({
      node: z.object({ id: z.string() }).optional(),
      tableCell: TableCellTarget.optional(),
      changeRequest: z.string().optional(),
      page: z.object({ id: z.string() }).optional(),
      space: z.string(),
      revision: z.string(),
    }),
    urls: z.object({ location: AbsoluteUrl }),
    permissions: CommentPermissions,
    status: z.enum(["open", "resolved"]),
    resolvedAt: Timestamp.optional(),
    resolvedBy: User.optional(),
  })
  .openapi("Comment");

export type CommentObject = z.infer<typeof Comment>;

export const CommentReply = z
  .object({
    object: z.literal("comment-reply"),
    id: z.string(),
    postedBy: User,
    postedAt: Timestamp,
    editedAt: Timestamp.optional(),
    reactions: z.array(EmojiReaction),
    body: CommentBody,
    urls: z.object({ location: AbsoluteUrl }),
    permissions: CommentPermissions,
  })
  .openapi("CommentReply");

export type CommentReplyObject = z.infer<typeof CommentReply>;

const EXAMPLE_BODY = { markdown: "Should this page mention the rate limits?" };

export const PostCommentBody = z
  .strictObject({
    body: CommentBodyInput.openapi({ description: "The content of the comment: `{markdown}`, `{document}` or `{}`" }),
    page: EntityId.optional().openapi({ description: "The page commented on: a page of the space's (or change request's) current content" }),
    node: z.string().min(1).max(128).optional().openapi({ description: "The node of the page commented on (needs `page`)" }),
    tableCell: TableCellTarget.optional().openapi({ description: "The table cell commented on (needs `page`)" }),
  })
  .openapi("PostComment", { example: { body: EXAMPLE_BODY } });

export type PostCommentInput = z.infer<typeof PostCommentBody>;

export const PostCommentReplyBody = z
  .strictObject({ body: CommentBodyInput.openapi({ description: "The content of the reply" }) })
  .openapi("PostCommentReply", { example: { body: { markdown: "Yes: a short section at the end." } } });

/**
 * An emoji as stored and compared: the character sequence, also when it was sent as code points
 * in hex (`1f44d` is 👍), so one user reacts once per emoji whichever way it was written.
 */
const ReactionEmoji = Emoji.transform((emoji) =>
  /^[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*$/.test(emoji) ? String.fromCodePoint(...emoji.split("-").map((hex) => parseInt(hex, 16))) : emoji,
);

const Reactions = (description: string) => z.array(ReactionEmoji).max(MAX_REACTIONS_PER_REQUEST).optional().openapi({ description });

const reactionFields = {
  addedReactions: Reactions("Emojis the caller reacts with (reacting again with one changes nothing)"),
  removedReactions: Reactions("Emojis whose reaction by the caller is withdrawn"),
};

/** Nothing is required; every field given needs its own permission (docs/permissions.md). */
export const UpdateCommentBody = z
  .strictObject({
    resolved: z.boolean().optional().openapi({ description: "Resolve (true) or reopen (false) the comment: its author and space admins" }),
    body: CommentBodyInput.optional().openapi({ description: "A new body: the comment's author only" }),
    ...reactionFields,
  })
  .openapi("UpdateComment", { example: { addedReactions: ["👍"] } });

export type UpdateCommentInput = z.infer<typeof UpdateCommentBody>;

const replyFields = {
  body: CommentBodyInput.optional().openapi({ description: "A new body: the reply's author only" }),
  ...reactionFields,
};
const REPLY_EXAMPLE = { example: { addedReactions: ["🎉"] } };

export const UpdateCommentReplyBody = z.strictObject(replyFields).openapi("UpdateCommentReply", REPLY_EXAMPLE);

/**
 * GitBook's spec gives the change request's reply update the comment's schema (UpdateCommentSchema);
 * its `resolved` is refused, naming the field: a reply has no status, its comment does.
 */
export const UpdateChangeRequestCommentReplyBody = z
  .strictObject({
    ...replyFields,
    resolved: z
      .unknown()
      .optional()
      .refine((value) => value === undefined, { message: "a reply cannot be resolved: resolve its comment" })
      .openapi({ description: "Refused (400): a reply has no status; resolve its comment instead" }),
  })
  .openapi("UpdateChangeRequestCommentReply", REPLY_EXAMPLE);

export type UpdateCommentReplyInput = z.infer<typeof UpdateCommentReplyBody>;

export const DocumentFormat = z.enum(["markdown", "document"]).default("markdown").openapi({ description: "Output format of the body (default markdown)" });

export const FormatQuery = z.object({ format: DocumentFormat });

export const CommentStatusFilter = z.enum(["all", "open", "resolved"]).default("all").openapi({ description: "Only comments with this status (default all)" });

/** `authors` may be repeated (`?authors=a&authors=b`, as GitBook's client sends it) or comma-separated. */
const AuthorsFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? undefined : [value].flat().flatMap((item) => item.split(",")).filter((item) => item !== "")))
  .pipe(z.array(EntityId).max(MAX_AUTHORS_FILTER).optional())
  .openapi({ type: "array", items: { type: "string" }, description: `Only comments posted by these users (at most ${MAX_AUTHORS_FILTER})` });

export const ListCommentsQuery = z.object({
  order: listOrder.openapi({ description: "Order by posting time (default desc: newest first)" }),
  format: DocumentFormat,
  status: CommentStatusFilter,
  targetPage: EntityId.optional().openapi({ description: "Only comments on this page" }),
  authors: AuthorsFilter,
});

export type CommentListFilters = Omit<z.infer<typeof ListCommentsQuery>, "format">;
