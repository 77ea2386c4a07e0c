import { ChangeRequestReviewStatus } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { mergeChangeRequest } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, type Review, askReviewersOk, crPath, createCr, expectClientError, f, ids, isTimestamp, listReviews, newSpace, patchCrOk, postReview, readCr, reviewOk, tick, useSuiteFixture } from "../../helpers/suites/change-requests";

/** Change request reviews: submitting one, and reading them (list, one by id, outdated ones, pages). */

useSuiteFixture();

describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews (submitChangeRequestReview)", () => {
  it("records an approval or a request for changes, with a Location header", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const response = await postReview(f.review, space.id, cr.id, { status: "approved" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const review: Review = response.body;
    expect(review.object).toBe("change-request-review");
    expect(review.status).toBe("approved");
    expect(review.revision).toBe(cr.revision);
    expect(review.outdated).toBe(false);
    expect(review).not.toHaveProperty("requestedBy");
    expect(isTimestamp(review.createdAt)).toBe(true);
    expect(response.headers.get("location")).toBe(review.urls.location);
    expect(new URL(review.urls.location).pathname).toBe(`${crPath(space.id, cr.id)}/reviews/${review.id}`);
    // Read back through its Location (a single-row read), it is the caller's review.
    const read = await call("GET", new URL(review.urls.location).pathname, { token: f.read.token });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(review.id);
    expect(read.body.status).toBe("approved");
    expect(read.body.reviewer.id).toBe(f.review.id);

    const changes = await reviewOk(f.create, space.id, cr.id, "changes-requested");
    expect(changes.status).toBe("changes-requested");
    expect(ids(await listReviews(f.read, space.id, cr.id))).toEqual([changes.id, review.id]);
    // Reviewing does not change the change request.
    expect(await readCr(f.admin, space.id, cr.id)).toEqual(cr);
  });

  it("answers with the review as GitBook's spec says, naming the caller as reviewer, as GET reads it", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const review = await reviewOk(f.review, space.id, cr.id, "approved");
    expectSpecResponse("submitChangeRequestReview", 201, review);
    expect(review.reviewer.id).toBe(f.review.id);
    expect(review.reviewer.displayName).toBe("Test review");
    const read = await call("GET", `${crPath(space.id, cr.id)}/reviews/${review.id}`, { token: f.read.token });
    expectSpecResponse("getChangeRequestReviewById", 200, read.body);
    expect(read.body).toEqual(review);
  });

  it("names who asked for the review, when the reviewer was asked", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    await askReviewersOk(f.edit, space.id, cr.id, [f.review.id]);
    await tick();
    const review = await reviewOk(f.review, space.id, cr.id, "approved");
    expect(review.requestedBy?.id).toBe(f.edit.id);
    expect(review.outdated).toBe(false);
  });

  it("refuses the author (403), whatever their role, and every role below 'review' (403)", async () => {
    const space = await newSpace();
    const byAdmin = await createCr(f.admin, space.id);
    const byReviewer = await createCr(f.review, space.id);
    expect(errorMessage(await postReview(f.admin, space.id, byAdmin.id, { status: "approved" }), 403)).toMatch(/author/);
    expect(errorMessage(await postReview(f.review, space.id, byReviewer.id, { status: "approved" }), 403)).toMatch(/author/);
    await inParallel(["edit", "comment", "read"] as const, async (role) => {
      expect(errorMessage(await postReview(f[role], space.id, byAdmin.id, { status: "approved" }), 403), role).toMatch(/review/);
    });
    expect((await listReviews(f.admin, space.id, byAdmin.id)).count).toBe(0);
    expect((await listReviews(f.admin, space.id, byReviewer.id)).count).toBe(0);
    // Every role from 'review' up may review someone else's.
    for (const role of ["review", "create"] as const) await reviewOk(f[role], space.id, byAdmin.id, "approved");
    await reviewOk(f.admin, space.id, byReviewer.id, "approved");
  });

  it("answers 400 for a bad status, recording nothing", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await inParallel([{ status: "rejected" }, { status: "merged" }, {}, { status: null }] as unknown[], async (body) => {
      expect(errorMessage(await postReview(f.review, space.id, cr.id, body), 400), JSON.stringify(body)).toMatch(/'status'/);
    });
    errorMessage(await postReview(f.review, space.id, cr.id, "{not json"), 400);
    expect((await listReviews(f.admin, space.id, cr.id)).count).toBe(0);
  });

  it("is a 409 on a merged or archived change request, recording nothing", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    expect(errorMessage(await postReview(f.review, space.id, merged.id, { status: "approved" }), 409)).toMatch(/merged/);
    expect(errorMessage(await postReview(f.review, space.id, archived.id, { status: "approved" }), 409)).toMatch(/archived/);
    expect((await listReviews(f.admin, space.id, merged.id)).count).toBe(0);
    expect((await listReviews(f.admin, space.id, archived.id)).count).toBe(0);
  });

  it("is a 404 for a guest, an outsider and an unknown change request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    errorMessage(await postReview(f.guest, space.id, cr.id, { status: "approved" }), 404);
    errorMessage(await postReview(f.outsider, space.id, cr.id, { status: "approved" }), 404);
    errorMessage(await postReview(f.review, space.id, NO_SUCH_ID, { status: "approved" }), 404);
    expect((await listReviews(f.admin, space.id, cr.id)).count).toBe(0);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const submitted = await gitbookClient(f.review).spaces.submitChangeRequestReview(space.id, cr.id, {
      status: ChangeRequestReviewStatus.ChangesRequested,
    });
    expect(submitted.status).toBe(201);
    expect(submitted.data.status).toBe("changes-requested");
    await expectClientError(gitbookClient(f.admin).spaces.submitChangeRequestReview(space.id, cr.id, { status: ChangeRequestReviewStatus.Approved }),
      403,
    );
    const listed = await gitbookClient(f.read).spaces.getReviewsByChangeRequestId(space.id, cr.id);
    expect(listed.data.items).toEqual([submitted.data]);
    const read = await gitbookClient(f.read).spaces.getChangeRequestReviewById(space.id, cr.id, submitted.data.id);
    expect(read.data).toEqual(submitted.data);
  });
});

describe("GET .../reviews (getReviewsByChangeRequestId) and .../reviews/{reviewId} (getChangeRequestReviewById)", () => {
  it("lists reviews newest first; a reviewer's earlier review is outdated, and asking them again outdates their latest", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const first = await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    const second = await reviewOk(f.review, space.id, cr.id, "changes-requested");
    await tick();
    const third = await reviewOk(f.create, space.id, cr.id, "approved");

    const all = await listReviews(f.read, space.id, cr.id);
    expect(ids(all)).toEqual([third.id, second.id, first.id]);
    expect(all.items.map((review) => review.outdated)).toEqual([false, false, true]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "true" }))).toEqual([first.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([third.id, second.id]);

    await tick();
    await askReviewersOk(f.admin, space.id, cr.id, [f.create.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "true" }))).toEqual([third.id, first.id]);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([second.id]);
    const reread = await call("GET", `${crPath(space.id, cr.id)}/reviews/${third.id}`, { token: f.read.token });
    expect(reread.status).toBe(200);
    expectSpecResponse("getChangeRequestReviewById", 200, reread.body);
    // (Equality with the submitted review is the shape test's business: see that test.)
    expect(reread.body).toMatchObject({ id: third.id, status: "approved", revision: third.revision, createdAt: third.createdAt, outdated: true });
    expect(reread.body.reviewer.id).toBe(f.create.id);
    expect(reread.body.requestedBy.id).toBe(f.admin.id);

    // A review after being asked is current again.
    await tick();
    const fourth = await reviewOk(f.create, space.id, cr.id, "approved");
    expect(fourth.outdated).toBe(false);
    expect(ids(await listReviews(f.read, space.id, cr.id, { outdated: "false" }))).toEqual([fourth.id, second.id]);
  });

  it("lists reviews as GitBook's spec says, with each reviewer and who asked them", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await askReviewersOk(f.admin, space.id, cr.id, [f.create.id]);
    await tick();
    const asked = await reviewOk(f.create, space.id, cr.id, "approved");
    const unasked = await reviewOk(f.review, space.id, cr.id, "changes-requested");
    const response = await call("GET", `${crPath(space.id, cr.id)}/reviews`, { token: f.read.token });
    expect(response.status).toBe(200);
    expectSpecResponse("getReviewsByChangeRequestId", 200, response.body);
    const [first, second] = response.body.items as Review[];
    expect(first!.id).toBe(unasked.id);
    expect(first!.reviewer.id).toBe(f.review.id);
    expect(first).not.toHaveProperty("requestedBy");
    expect(second!.id).toBe(asked.id);
    expect(second!.reviewer.id).toBe(f.create.id);
    expect(second!.requestedBy?.id).toBe(f.admin.id);
  });

  it("counts the reviews each list holds, with and without the outdated filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    await reviewOk(f.create, space.id, cr.id, "changes-requested");
    const all = await listReviews(f.read, space.id, cr.id);
    expect(all.items).toHaveLength(3);
    expect(all.count).toBe(3);
    const outdated = await listReviews(f.read, space.id, cr.id, { outdated: "true" });
    expect(outdated.items).toHaveLength(1);
    expect(outdated.count).toBe(1);
    const current = await listReviews(f.read, space.id, cr.id, { outdated: "false" });
    expect(current.items).toHaveLength(2);
    expect(current.count).toBe(2);
  });

  it("pages through reviews with limit, and reads them by change request number", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const reviews: Review[] = [];
    for (const role of ["review", "create", "review"] as const) {
      reviews.push(await reviewOk(f[role], space.id, cr.id, "approved"));
      await tick();
    }
    // Without the spec check: the shape of reviews has a test of its own.
    const walked = (await walkList(`${crPath(space.id, cr.id)}/reviews`, { limit: 2 }, { token: f.read.token, operationId: null, expectedCount: 3 })).map((item) => item.id);
    expect(new Set(walked).size).toBe(3);
    expect(walked).toEqual(reviews.map((review) => review.id).reverse());
    expect(ids(await listReviews(f.read, space.id, String(cr.number)))).toEqual(walked);
  });

  it("answers 400 for a bad outdated value", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const response = await call("GET", `${crPath(space.id, cr.id)}/reviews?outdated=maybe`, { token: f.admin.token });
    expect(errorMessage(response, 400)).toMatch(/'outdated'/);
  });

  it("is a 404 for an unknown review, a review of another change request, and for guests and outsiders", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const other = await createCr(f.admin, space.id);
    const review = await reviewOk(f.review, space.id, other.id, "approved");
    expect(errorMessage(await call("GET", `${crPath(space.id, cr.id)}/reviews/${NO_SUCH_ID}`, { token: f.admin.token }), 404)).toMatch(
      NO_SUCH_ID,
    );
    errorMessage(await call("GET", `${crPath(space.id, cr.id)}/reviews/${review.id}`, { token: f.admin.token }), 404);
    errorMessage(await call("GET", `${crPath(space.id, NO_SUCH_ID)}/reviews/${review.id}`, { token: f.admin.token }), 404);
    for (const user of [f.guest, f.outsider]) {
      errorMessage(await call("GET", `${crPath(space.id, other.id)}/reviews/${review.id}`, { token: user.token }), 404);
      errorMessage(await call("GET", `${crPath(space.id, other.id)}/reviews`, { token: user.token }), 404);
    }
    errorMessage(await call("GET", `${crPath(space.id, NO_SUCH_ID)}/reviews`, { token: f.admin.token }), 404);
  });
});
