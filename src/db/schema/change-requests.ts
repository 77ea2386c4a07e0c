import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { DocumentValue } from "../../schemas/document";
import { json, timestamp } from "./columns";
import { spaces } from "./content";

export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

export const changeRequests = sqliteTable(
  "change_requests",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    /** Denormalized from the space, for the organization-wide list. */
    organizationId: text("organization_id").notNull(),
    number: integer("number").notNull(),
    status: text("status").$type<ChangeRequestStatus>().notNull(),
    subject: text("subject").notNull(),
    description: json<DocumentValue>("description"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    mergedBy: text("merged_by"),
    mergedAt: timestamp("merged_at"),
    /** The active revision: the space revision it started from until its first edit. */
    revisionId: text("revision_id").notNull(),
    revisionInitial: text("revision_initial").notNull(),
    revisionMergedAncestor: text("revision_merged_ancestor").notNull(),
    revisionMerged: text("revision_merged"),
    /** Main ordinal of revisionMergedAncestor: what the line overlays. */
    baseOrdinal: integer("base_ordinal").notNull(),
    /** Ordinal of `revisionId` on the change request's own line (0 before the first edit). */
    headOrdinal: integer("head_ordinal").notNull(),
    comments: integer("comments").notNull().default(0),
    /** The conversations issues cluster (`topic` filter); set by the conversations feature. */
    cluster: text("cluster"),
  },
  (table) => [
    uniqueIndex("change_requests_number").on(table.spaceId, table.number),
    index("change_requests_space").on(table.spaceId, table.status, table.updatedAt, table.id),
    index("change_requests_organization").on(table.organizationId, table.status, table.updatedAt, table.id),
  ],
);

export type ChangeRequestRow = typeof changeRequests.$inferSelect;

/** Who edited a change request's content (the `contributor` filter). */
export const changeRequestContributors = sqliteTable(
  "change_request_contributors",
  {
    changeRequestId: text("change_request_id")
      .notNull()
      .references(() => changeRequests.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.changeRequestId, table.userId] }), index("change_request_contributors_user").on(table.userId)],
);

export const changeRequestReviews = sqliteTable(
  "change_request_reviews",
  {
    id: text("id").primaryKey(),
    changeRequestId: text("change_request_id")
      .notNull()
      .references(() => changeRequests.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id").notNull(),
    status: text("status").$type<"approved" | "changes-requested">().notNull(),
    revisionId: text("revision_id").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("change_request_reviews_list").on(table.changeRequestId, table.createdAt, table.id),
    // Whether a review is outdated (its reviewer reviewed again after it) is a seek here, not a
    // walk over every later review of the change request: a page of reviews stays linear in its size.
    index("change_request_reviews_by_reviewer").on(table.changeRequestId, table.reviewerId, table.createdAt, table.id),
  ],
);

export type ChangeRequestReviewRow = typeof changeRequestReviews.$inferSelect;

export const changeRequestRequestedReviewers = sqliteTable(
  "change_request_requested_reviewers",
  {
    changeRequestId: text("change_request_id")
      .notNull()
      .references(() => changeRequests.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestedBy: text("requested_by").notNull(),
    revisionId: text("revision_id").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.changeRequestId, table.userId] }),
    index("change_request_requested_reviewers_user").on(table.userId),
    index("change_request_requested_reviewers_list").on(table.changeRequestId, table.createdAt, table.userId),
  ],
);

export type RequestedReviewerRow = typeof changeRequestRequestedReviewers.$inferSelect;
