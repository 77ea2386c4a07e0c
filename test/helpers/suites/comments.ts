import type { Comment, CommentReply } from "@gitbook/api";
import { expect } from "vitest";
import { PLACES } from "../../../src/routes/comments/places";
import { createChangeRequest, createSpace } from "../content";
import type { TestUser } from "../fixtures";
import { call, type ApiResponse } from "../http";
import { expectSpecResponse } from "../spec";
import { f, orgId, useSuiteFixture } from "./organization-fixture";

/*
 * Comment routes (src/routes/comments/) through HTTP and GitBook's official client: comments
 * posted on a space (seed 4.6) and in a change request (4.5), their replies, reactions and
 * resolution, the commenters, and the counters they keep. The suite's files are
 * test/routes/comments/*.test.ts; each test makes its own space, so counts are exact.
 *
 * Most tests run in both places: a `Place` is the path prefix of one, with the operationIds
 * GitBook's spec gives it (the responses are checked against them).
 */

/** GitBook's own types (@gitbook/api): what these routes serve matches them. */
export type { Comment, CommentReply };
export type List<T> = { items: T[]; count: number; next?: { page: string } };

export interface Place {
  name: "space" | "change request";
  spaceId: string;
  changeRequestId?: string;
  /** `/v1/spaces/{id}` or `/v1/spaces/{id}/change-requests/{crId}`. */
  path: string;
  operations: Record<"list" | "post" | "get" | "update" | "delete" | "listReplies" | "postReply" | "getReply" | "updateReply" | "deleteReply" | "commenters", string>;
}

/** GitBook's operationIds of each place, as the routes declare them (test/http/matrix checks them against GitBook's spec). */
const [SPACE_OPERATIONS, CHANGE_REQUEST_OPERATIONS] = PLACES.map((place) => place.operations) as [Place["operations"], Place["operations"]];

export const PLACE_KINDS = ["space", "change request"] as const;

/** A new space of the suite's organization, and the place to comment in: the space itself or a new change request of it. */
export async function newPlace(kind: Place["name"], owner: TestUser = f.admin): Promise<Place> {
  return placeIn(kind, (await createSpace(owner, orgId)).id, owner);
}

/** The place of `kind` in an existing space: the space itself, or a new change request of it. */
export async function placeIn(kind: Place["name"], spaceId: string, owner: TestUser = f.admin): Promise<Place> {
  if (kind === "space") return { name: kind, spaceId, path: `/v1/spaces/${spaceId}`, operations: SPACE_OPERATIONS };
  const changeRequest = await createChangeRequest(owner, spaceId);
  return {
    name: kind,
    spaceId,
    changeRequestId: changeRequest.id,
    path: `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`,
    operations: CHANGE_REQUEST_OPERATIONS,
  };
}

export const commentsPath = (place: Place) => `${place.path}/comments`;
export const commentPath = (place: Place, commentId: string) => `${commentsPath(place)}/${commentId}`;
export const repliesPath = (place: Place, commentId: string) => `${commentPath(place, commentId)}/replies`;
export const replyPath = (place: Place, commentId: string, replyId: string) => `${repliesPath(place, commentId)}/${replyId}`;

export const markdown = (text: string) => ({ body: { markdown: text } });

export const postComment = (user: TestUser, place: Place, body: unknown = markdown("A comment")) => call("POST", commentsPath(place), { token: user.token, body });

/** Posts a comment as `user` (asserting 200 and GitBook's spec). */
export async function commentOk(user: TestUser, place: Place, body: unknown = markdown("A comment")): Promise<Comment> {
  return ok(await postComment(user, place, body), place.operations.post);
}

export const putComment = (user: TestUser, place: Place, commentId: string, body: unknown) => call("PUT", commentPath(place, commentId), { token: user.token, body });

export async function updateOk(user: TestUser, place: Place, commentId: string, body: unknown): Promise<Comment> {
  return ok(await putComment(user, place, commentId, body), place.operations.update);
}

export const getComment = (user: TestUser, place: Place, commentId: string, query = "") => call("GET", `${commentPath(place, commentId)}${query}`, { token: user.token });

export async function readComment(user: TestUser, place: Place, commentId: string, query = ""): Promise<Comment> {
  return ok(await getComment(user, place, commentId, query), place.operations.get);
}

export const deleteComment = (user: TestUser, place: Place, commentId: string) => call("DELETE", commentPath(place, commentId), { token: user.token });

export const postReply = (user: TestUser, place: Place, commentId: string, body: unknown = markdown("A reply")) =>
  call("POST", repliesPath(place, commentId), { token: user.token, body });

export async function replyOk(user: TestUser, place: Place, commentId: string, body: unknown = markdown("A reply")): Promise<CommentReply> {
  return ok(await postReply(user, place, commentId, body), place.operations.postReply);
}

export const putReply = (user: TestUser, place: Place, commentId: string, replyId: string, body: unknown) =>
  call("PUT", replyPath(place, commentId, replyId), { token: user.token, body });

export const getReply = (user: TestUser, place: Place, commentId: string, replyId: string, query = "") =>
  call("GET", `${replyPath(place, commentId, replyId)}${query}`, { token: user.token });

export const deleteReply = (user: TestUser, place: Place, commentId: string, replyId: string) => call("DELETE", replyPath(place, commentId, replyId), { token: user.token });

/** One page of the place's comments as `user` reads it (asserting 200 and GitBook's spec). */
export async function listComments(user: TestUser, place: Place, query = ""): Promise<List<Comment>> {
  return ok(await call("GET", `${commentsPath(place)}${query}`, { token: user.token }), place.operations.list);
}

export async function listReplies(user: TestUser, place: Place, commentId: string, query = ""): Promise<List<CommentReply>> {
  return ok(await call("GET", `${repliesPath(place, commentId)}${query}`, { token: user.token }), place.operations.listReplies);
}

/** The open-comment counter of the place: the space's `comments`, or the change request's. */
export async function openCounter(user: TestUser, place: Place): Promise<number> {
  const response = await call("GET", place.changeRequestId ? place.path : `/v1/spaces/${place.spaceId}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.comments;
}

/** Asserts a 200 that matches GitBook's schema for `operationId`, and returns the body. */
export function ok<T = any>(response: ApiResponse, operationId: string): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse(operationId, 200, response.body);
  return response.body;
}

export const ids = (list: { items: Array<{ id: string }> }) => list.items.map((item) => item.id);

/** The reactions as `{emoji: [user ids]}`, for comparisons. */
export const reactionsOf = (item: { reactions: Array<{ emoji: string; count: number; users: Array<{ user: { id: string } }> }> }) =>
  Object.fromEntries(
    item.reactions.map((reaction) => {
      expect(reaction.count).toBe(reaction.users.length);
      return [reaction.emoji, reaction.users.map((entry) => entry.user.id)];
    }),
  );

/** Lets the clock move on, so timestamps of consecutive writes differ (orderings depend on them). */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

export const NO_SUCH_ID = "noSuchComment0000000";

export { f, orgId, useSuiteFixture };
