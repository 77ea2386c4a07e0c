import { z } from "@hono/zod-openapi";
import { AbsoluteUrl, EntityId, Timestamp, notSupported, orNull } from "./common";
import { ApplySpaceTemplate } from "./template";
import { JSONDocument } from "./document";
import { User } from "./user";
import { EXAMPLE_IDS } from "./examples";

export const ChangeRequestStatus = z.enum(["draft", "open", "archived", "merged"]).openapi("ChangeRequestStatus");

export const ChangeRequest = z
  .object({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number(),
    status: ChangeRequestStatus,
    subject: z.string(),
    description: JSONDocument.optional(),
    createdBy: User,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    mergedBy: User.optional(),
    mergedAt: Timestamp.optional(),
    space: z.string(),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    conversationsIssuesCluster: z.string().optional(),
    urls: z.object({ app: AbsoluteUrl, location: AbsoluteUrl }),
  })
  .openapi("ChangeRequest");

export type ChangeRequestObject = z.infer<typeof ChangeRequest>;

export const ChangeRequestSubject = z.string().max(100).openapi("ChangeRequestSubject");

/** Open to other fields, as GitBook's spec declares it (`additionalProperties: true`). */
export const CreateChangeRequestBody = z.looseObject({
  subject: ChangeRequestSubject.optional(),
  template: ApplySpaceTemplate.optional().openapi({ description: "Template to apply to the change request as it is created (see `GET /v1/templates`)" }),
  conversationsIssuesCluster: EntityId.optional().openapi({ description: "The conversations issues cluster of the organization the change request addresses" }),
})
  .openapi({ example: { subject: "Document the export endpoint" } });

export const UpdateChangeRequestBody = z.strictObject({
  subject: ChangeRequestSubject.optional(),
  description: JSONDocument.optional(),
  status: z.enum(["draft", "open", "archived"]).optional(),
  conversationsIssuesCluster: orNull(EntityId)
    .optional()
    .openapi({ description: "Link the change request to this conversations issues cluster of the organization; null unlinks it" }),
  links: notSupported("change request links"),
})
  .openapi({ example: { subject: "Document the export and import endpoints" } });

export type UpdateChangeRequestInput = z.infer<typeof UpdateChangeRequestBody>;

export const ChangeRequestOrderBy = z.enum(["updatedAt", "createdAt"]).default("updatedAt").openapi("ChangeRequestOrderBy");

const ListFilters = {
  creator: EntityId.optional().openapi({ description: "Only change requests created by this user" }),
  contributor: EntityId.optional().openapi({ description: "Only change requests this user edited" }),
  requestedReviewer: EntityId.optional().openapi({ description: "Only change requests this user is asked to review" }),
  conversationsIssuesCluster: EntityId.optional().openapi({ description: "Only change requests of this conversations issues cluster (GitBook 0.146's name)" }),
  topic: EntityId.optional().openapi({
    description: "The same filter as `conversationsIssuesCluster`, under the name GitBook's client (0.202) sends; given both, a change request must match both",
  }),
  orderBy: ChangeRequestOrderBy,
};

export const ListSpaceChangeRequestsQuery = z.object({ status: ChangeRequestStatus.default("open"), ...ListFilters });

/** `status` may be repeated (`?status=open&status=draft`) or comma-separated. */
export const ListOrganizationChangeRequestsQuery = z.object({
  status: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? ["open"] : [value].flat().flatMap((item) => item.split(","))))
    .pipe(z.array(ChangeRequestStatus).min(1)),
  space: EntityId.optional().openapi({ description: "Only change requests of this space" }),
  ...ListFilters,
});

export type ChangeRequestListFilters = Omit<z.infer<typeof ListSpaceChangeRequestsQuery>, "status"> & {
  statuses: z.infer<typeof ChangeRequestStatus>[];
  space?: string;
};

export const SyncChangeRequestResult = (results: [string, ...string[]]) =>
  z.object({ revision: z.string(), result: z.enum(results) });

export const ReviewStatus = z.enum(["approved", "changes-requested"]).openapi("ChangeRequestReviewStatus");

export const SubmitReviewBody = z.strictObject({ status: ReviewStatus, comment: notSupported("review comments") })
  .openapi({ example: { status: "approved" } });

export const ChangeRequestReview = z
  .object({
    object: z.literal("change-request-review"),
    id: z.string(),
    revision: z.string(),
    reviewer: User,
    requestedBy: User.optional(),
    status: ReviewStatus,
    outdated: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    urls: z.object({ location: AbsoluteUrl }),
  })
  .openapi("ChangeRequestReview");

export const RequestReviewersBody = z.strictObject({
  users: z.array(EntityId).min(1).max(50),
  subject: ChangeRequestSubject.optional(),
  description: JSONDocument.optional(),
})
  .openapi({ example: { users: [EXAMPLE_IDS.user] } });

export const RequestedReviewer = z
  .object({
    object: z.literal("change-request-requested-reviewer"),
    revision: z.string(),
    requestedBy: User,
    createdAt: Timestamp,
    kind: z.literal("user"),
    user: User,
  })
  .openapi("ChangeRequestRequestedReviewer");
