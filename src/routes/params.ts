import { z } from "@hono/zod-openapi";
import { EntityId } from "../schemas/common";

/** The path parameters of every route, declared once so each id reads the same in the document. */

export const pathParam = (name: string, description: string) =>
  EntityId.openapi({ param: { name, in: "path", required: true }, description });

const userId = pathParam("userId", "The unique id of the user");

export const OrganizationParams = z.object({ organizationId: pathParam("organizationId", "The unique id of the organization") });
export const MemberParams = OrganizationParams.extend({ userId });
export const InviteParams = OrganizationParams.extend({ inviteId: pathParam("inviteId", "The unique id of the invite") });
export const SAMLProviderParams = OrganizationParams.extend({
  samlProviderId: pathParam("samlProviderId", "The unique id of the SAML provider"),
});
export const TeamParams = OrganizationParams.extend({ teamId: pathParam("teamId", "The unique id of the team") });
export const TeamMemberParams = TeamParams.extend({ userId });

export const CollectionParams = z.object({ collectionId: pathParam("collectionId", "The unique id of the collection") });

export const SpaceParams = z.object({ spaceId: pathParam("spaceId", "The unique id of the space") });
export const ChangeRequestParams = SpaceParams.extend({
  changeRequestId: pathParam("changeRequestId", "The unique id of the change request or its number in the space"),
});
export const RevisionParams = SpaceParams.extend({ revisionId: pathParam("revisionId", "The unique id of the revision") });
export const ReviewParams = ChangeRequestParams.extend({ reviewId: pathParam("reviewId", "The unique id of the review") });
export const RequestedReviewerParams = ChangeRequestParams.extend({ userId });

/** Added to a revision's path (a space's or a change request's content). */
export const FileParam = { fileId: pathParam("fileId", "The unique id of the file") };
export const PageParam = { pageId: pathParam("pageId", "The unique id of the page") };
export const ReusableContentParam = { reusableContentId: pathParam("reusableContentId", "The unique id of the reusable content") };

export const AdminUserParams = z.object({ userId: pathParam("userId", "The user's id") });
export const UserParams = z.object({ userId });
const tokenId = pathParam("tokenId", "The unique id of the API token");
export const ApiTokenParams = z.object({ tokenId });
export const AdminUserTokenParams = AdminUserParams.extend({ tokenId });

/** Added to a comment's place (a space, or a change request). */
export const CommentParam = { commentId: pathParam("commentId", "The unique id of the comment") };
export const CommentReplyParam = { commentReplyId: pathParam("commentReplyId", "The unique id of the comment reply") };

/** A hosted OpenAPI spec is addressed by its slug in its organization (GitBook's `{specSlug}`). */
export const OpenAPISpecParams = OrganizationParams.extend({
  specSlug: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, "must be letters and digits, in groups joined by single '-'")
    .openapi({ param: { name: "specSlug", in: "path", required: true }, description: "Slug of the OpenAPI specification" }),
});
export const OpenAPISpecVersionParams = OpenAPISpecParams.extend({
  versionId: pathParam("versionId", "The unique id of the version of the OpenAPI specification"),
});
export const TranslationParams = OrganizationParams.extend({ translationId: pathParam("translationId", "The unique id of the translation") });
export const SiteParams = OrganizationParams.extend({ siteId: pathParam("siteId", "The unique id of the site") });
export const SiteSpaceParams = SiteParams.extend({ siteSpaceId: pathParam("siteSpaceId", "The unique id of the site space") });
export const SiteShareLinkParams = SiteParams.extend({ shareLinkId: pathParam("shareLinkId", "The unique id of the share link") });

export const ConversationParams = OrganizationParams.extend({ conversationId: pathParam("conversationId", "The unique id of the conversation") });
export const ConversationIssueParams = OrganizationParams.extend({ issueId: pathParam("issueId", "The unique id of the conversation issue") });
export const ConversationsIssuesClusterParams = OrganizationParams.extend({ clusterId: pathParam("clusterId", "The unique id of the conversations issues cluster") });
