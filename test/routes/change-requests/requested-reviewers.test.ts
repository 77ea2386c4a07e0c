import { describe, expect, it } from "vitest";
import { mergeChangeRequest } from "../../helpers/content";
import { createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, PARAGRAPH, type RequestedReviewer, askReviewers, askReviewersOk, crPath, createCr, expectClientError, f, ids, isTimestamp, listOrgCrs, listSpaceCrs, newSpace, orgId, patchCrOk, readCr, requestedReviewerIds, useSuiteFixture, withdrawReviewer } from "../../helpers/suites/change-requests";

/** Change request requested reviewers: asking for reviews, listing the requests and withdrawing one. */

useSuiteFixture();

describe("requested reviewers (requestReviewersForChangeRequest, getRequestedReviewersByChangeRequestId, removeRequestedReviewerFromChangeRequest)", () => {
  it("asks members to review: 200 with the requests, listed afterwards and in the lists' requestedReviewer filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    const response = await askReviewers(f.edit, space.id, cr.id, { users: [f.review.id, f.create.id, f.review.id] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("requestReviewersForChangeRequest", 200, response.body);
    const requested: RequestedReviewer[] = response.body.users;
    expect(requested.map((item) => item.user.id).sort()).toEqual([f.review.id, f.create.id].sort());
    for (const item of requested) {
      expect(item.object).toBe("change-request-requested-reviewer");
      expect(item.kind).toBe("user");
      expect(item.requestedBy.id).toBe(f.edit.id);
      expect(item.revision).toBe(cr.revision);
      expect(isTimestamp(item.createdAt)).toBe(true);
    }
    expect(await requestedReviewerIds(f.read, space.id, cr.id)).toEqual([f.review.id, f.create.id].sort());
    await patchCrOk(f.edit, space.id, cr.id, { status: "open" });
    expect(ids(await listSpaceCrs(f.read, space.id, { requestedReviewer: f.create.id }))).toEqual([cr.id]);
    expect(ids(await listOrgCrs(f.read, orgId, { requestedReviewer: f.create.id, space: space.id }))).toEqual([cr.id]);
  });

  it("asks the most users a request may name (50) at once, and asks them again: each listed once, from the second request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const invite = await call("POST", `/v1/orgs/${orgId}/link-invites`, { token: f.admin.token, body: { role: "review" } });
    const reviewers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const user = await createUser("reviewer");
        expect((await call("POST", `/v1/orgs/${orgId}/invites/${invite.body.id}`, { token: user.token })).status).toBe(200);
        return user.id;
      }),
    );
    expect((await askReviewersOk(f.admin, space.id, cr.id, reviewers)).map((item) => item.user.id).sort()).toEqual([...reviewers].sort());
    const again = await askReviewersOk(f.edit, space.id, cr.id, reviewers);
    expect(again.map((item) => item.requestedBy.id)).toEqual(reviewers.map(() => f.edit.id));
    expect(await requestedReviewerIds(f.read, space.id, cr.id)).toEqual([...reviewers].sort());
  });

  it("updates the subject and description sent with the request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id, "Old subject");
    await askReviewers(f.admin, space.id, cr.id, { users: [f.review.id], subject: "Please review", description: PARAGRAPH });
    const read = await readCr(f.admin, space.id, cr.id);
    expect(read.subject).toBe("Please review");
    expect(read.description).toEqual(PARAGRAPH);
  });

  it("answers 400 naming 'users' for a non-member, an unknown user, the author or no one, adding nobody", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const cases: Array<[unknown, RegExp]> = [
      [{ users: [f.outsider.id] }, /'users'/],
      [{ users: [f.review.id, NO_SUCH_ID] }, /'users'/],
      [{ users: [f.admin.id] }, /'users'.*author/],
      [{ users: [f.review.id, f.admin.id] }, /'users'/],
      [{ users: [] }, /'users'/],
      [{}, /'users'/],
      [{ users: [f.review.id], subject: "s".repeat(101) }, /'subject'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await askReviewers(f.admin, space.id, cr.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    expect(await readCr(f.admin, space.id, cr.id)).toEqual(cr);
  });

  it("refuses 'read' and 'comment' (403) and is a 404 for a guest and an outsider, adding nobody", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await askReviewers(f[role], space.id, cr.id, { users: [f.review.id] }), 403), role).toMatch(/edit/);
    });
    for (const user of [f.guest, f.outsider]) {
      errorMessage(await askReviewers(user, space.id, cr.id, { users: [f.review.id] }), 404);
      errorMessage(await call("GET", `${crPath(space.id, cr.id)}/requested-reviewers`, { token: user.token }), 404);
    }
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    // An editor who is not the author may ask.
    expect((await askReviewersOk(f.edit, space.id, cr.id, [f.review.id])).map((item) => item.requestedBy.id)).toEqual([f.edit.id]);
  });

  it("is a 409 on a merged or archived change request", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    for (const cr of [merged, archived]) {
      errorMessage(await askReviewers(f.admin, space.id, cr.id, { users: [f.review.id] }), 409);
      expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([]);
    }
  });

  it("withdraws a request: 204, again 204, gone from the list and the requestedReviewer filter", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await patchCrOk(f.admin, space.id, cr.id, { status: "open" });
    await askReviewersOk(f.admin, space.id, cr.id, [f.review.id, f.create.id]);
    await inParallel(["read", "comment"] as const, async (role) => {
      errorMessage(await withdrawReviewer(f[role], space.id, cr.id, f.review.id), 403);
    });
    errorMessage(await withdrawReviewer(f.guest, space.id, cr.id, f.review.id), 404);
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([f.review.id, f.create.id].sort());

    const removed = await withdrawReviewer(f.edit, space.id, cr.id, f.review.id);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await withdrawReviewer(f.edit, space.id, cr.id, f.review.id)).status).toBe(204);
    expect((await withdrawReviewer(f.admin, space.id, cr.id, NO_SUCH_ID)).status).toBe(204);
    expect(await requestedReviewerIds(f.admin, space.id, cr.id)).toEqual([f.create.id]);
    expect(ids(await listSpaceCrs(f.admin, space.id, { requestedReviewer: f.review.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, space.id, { requestedReviewer: f.create.id }))).toEqual([cr.id]);
    errorMessage(await withdrawReviewer(f.admin, space.id, NO_SUCH_ID, f.create.id), 404);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    const client = gitbookClient(f.admin);
    const asked = await client.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [f.review.id] });
    expect(asked.status).toBe(200);
    expect(asked.data.users?.map((item) => (item.kind === "user" ? item.user.id : item.kind))).toEqual([f.review.id]);
    const listed = await client.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id);
    expect(listed.data.items.map((item) => (item.kind === "user" ? item.user.id : item.kind))).toEqual([f.review.id]);
    const removed = await client.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, f.review.id);
    expect(removed.status).toBe(204);
    expect((await client.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.count).toBe(0);
    await expectClientError(gitbookClient(f.read).spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [f.review.id] }), 403);
  });
});
