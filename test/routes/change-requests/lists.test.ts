import { ChangeRequestOrderBy, ChangeRequestStatus } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createSpace, mergeChangeRequest } from "../../helpers/content";
import { type TestUser, addMember, createOrganization, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { type ListParams, inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type ChangeRequest, NO_SUCH_ID, type Query, type Status, addPage, askReviewersOk, createCr, crsPath, deleteSpaceOk, expectClientError, f, ids, listOrgCrs, listSpaceCrs, newSpace, newestFirst, orgCrsPath, patchCrOk, queryString, readCr, tick, useSuiteFixture } from "../../helpers/suites/change-requests";

/** Change request lists, per space and per organization: filters, orders, pagination and bad queries. */

useSuiteFixture();

describe("GET /v1/spaces/{spaceId}/change-requests (listChangeRequestsForSpace)", () => {
  let spaceId: string;
  let draft: ChangeRequest;
  let openByEdit: ChangeRequest;
  let openByReview: ChangeRequest;
  let openByAdmin: ChangeRequest;
  let archived: ChangeRequest;
  let merged: ChangeRequest;
  let draftByEdit: ChangeRequest;
  const open = () => [openByEdit, openByReview, openByAdmin];

  beforeAll(async () => {
    spaceId = (await newSpace()).id;
    const make = async (user: TestUser, subject: string, status?: Status) => {
      const created = await createCr(user, spaceId, subject);
      if (status && status !== "merged") await patchCrOk(user, spaceId, created.id, { status });
      await tick();
      return created;
    };
    draft = await make(f.admin, "draft");
    openByEdit = await make(f.edit, "open by edit", "open");
    openByReview = await make(f.review, "open by review", "open");
    openByAdmin = await make(f.admin, "open by admin", "open");
    archived = await make(f.create, "archived", "archived");
    merged = await make(f.admin, "merged");
    await mergeChangeRequest(f.admin, spaceId, merged.id);
    draftByEdit = await make(f.edit, "draft by edit");
    // A contributor who did not create it, and requested reviews on two.
    await addPage(f.create, spaceId, openByAdmin.id, "Contributed");
    await askReviewersOk(f.admin, spaceId, openByEdit.id, [f.review.id]);
    await askReviewersOk(f.admin, spaceId, openByAdmin.id, [f.review.id, f.read.id]);
    await tick();
    // Updated last, though created first of the open ones: the two orders differ.
    await patchCrOk(f.edit, spaceId, openByEdit.id, { subject: "open by edit, renamed" });
  }, 60_000);

  it("lists the open change requests by default, most recently updated first", async () => {
    const list = await listSpaceCrs(f.read, spaceId);
    expect(list.count).toBe(3);
    expect(list.next).toBeUndefined();
    expect(ids(list)).toEqual(await newestFirst(f.admin, spaceId, open(), "updatedAt"));
    expect(ids(list)[0]).toBe(openByEdit.id);
    for (const item of list.items) expect(item).toEqual(await readCr(f.admin, spaceId, item.id));
    expect(await listSpaceCrs(f.read, spaceId, { status: "open" })).toEqual(list);
  });

  it("filters on one status at a time", async () => {
    expect(ids(await listSpaceCrs(f.admin, spaceId, { status: "draft" }))).toEqual(await newestFirst(f.admin, spaceId, [draft, draftByEdit], "updatedAt"));
    expect(ids(await listSpaceCrs(f.admin, spaceId, { status: "archived" }))).toEqual([archived.id]);
    const mergedList = await listSpaceCrs(f.admin, spaceId, { status: "merged" });
    expect(ids(mergedList)).toEqual([merged.id]);
    expect(mergedList.items[0]!.status).toBe("merged");
  });

  it("orders by createdAt when asked, most recent first", async () => {
    const byCreation = await listSpaceCrs(f.admin, spaceId, { orderBy: "createdAt" });
    expect(ids(byCreation)).toEqual([openByAdmin.id, openByReview.id, openByEdit.id]);
    expect(ids(byCreation)).toEqual(await newestFirst(f.admin, spaceId, open(), "createdAt"));
    const byUpdate = await listSpaceCrs(f.admin, spaceId, { orderBy: "updatedAt" });
    expect(ids(byUpdate)).toEqual(ids(await listSpaceCrs(f.admin, spaceId)));
    expect(ids(byUpdate)).not.toEqual(ids(byCreation));
  });

  it("filters on creator, contributor and requested reviewer", async () => {
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.review.id }))).toEqual([openByReview.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.edit.id, status: "draft" }))).toEqual([draftByEdit.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { creator: f.read.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { contributor: f.create.id }))).toEqual([openByAdmin.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { contributor: f.read.id }))).toEqual([]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id }))).toEqual(
      await newestFirst(f.admin, spaceId, [openByEdit, openByAdmin], "updatedAt"),
    );
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.read.id }))).toEqual([openByAdmin.id]);
    // Filters combine.
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id, creator: f.edit.id }))).toEqual([openByEdit.id]);
    expect(ids(await listSpaceCrs(f.admin, spaceId, { requestedReviewer: f.review.id, status: "draft" }))).toEqual([]);
  });

  it("walks every page with limit=2, each change request once, in both orders", async () => {
    const all = [draft, openByEdit, openByReview, openByAdmin, archived, merged, draftByEdit];
    const statuses = ["draft", "open", "archived", "merged"] as const;
    // The space list takes one status: walk each status, then check the union.
    const seen: string[] = [];
    for (const status of statuses) {
      const members = await Promise.all(all.map((item) => readCr(f.admin, spaceId, item.id)));
      const expected = await newestFirst(
        f.admin,
        spaceId,
        members.filter((item) => item.status === status),
        "createdAt",
      );
      if (expected.length < 2) continue;
      const params = { status, orderBy: "createdAt", limit: 2 };
      const walked = (await walkList(crsPath(spaceId), params, { token: f.admin.token, operationId: "listChangeRequestsForSpace", expectedCount: expected.length })).map(
        (item) => item.id,
      );
      expect(new Set(walked).size).toBe(expected.length);
      expect(walked).toEqual(expected);
      seen.push(...expected);
    }
    expect(seen).toHaveLength(5);
    const openIds = (await walkList(crsPath(spaceId), { limit: 2 }, { token: f.read.token, operationId: "listChangeRequestsForSpace", expectedCount: 3 })).map(
      (item) => item.id,
    );
    expect(new Set(openIds).size).toBe(3);
    expect(openIds).toEqual(await newestFirst(f.admin, spaceId, open(), "updatedAt"));
  });

  it("answers 400 for a bad status, orderBy, filter, limit or page", async () => {
    const cases: Array<[Query, RegExp]> = [
      [{ status: "closed" }, /'status'/],
      [{ status: "open,draft" }, /'status'/],
      [{ status: ["open", "draft"] }, /'status'/],
      [{ orderBy: "title" }, /'orderBy'/],
      [{ creator: "bad id!" }, /'creator'/],
      [{ limit: "1001" }, /'limit'/],
      [{ page: "garbage" }, /'page'/],
    ];
    await inParallel(cases, async ([query, parameter]) => {
      const response = await call("GET", `${crsPath(spaceId)}${queryString(query)}`, { token: f.admin.token });
      expect(errorMessage(response, 400), JSON.stringify(query)).toMatch(parameter);
    });
    // A cursor of the updatedAt order is not one of the createdAt order.
    const first = await call("GET", `${crsPath(spaceId)}?limit=1`, { token: f.admin.token });
    expect(first.body.next?.page).toBeTypeOf("string");
    const replayed = await call("GET", `${crsPath(spaceId)}${queryString({ orderBy: "createdAt", page: first.body.next.page })}`, {
      token: f.admin.token,
    });
    expect(errorMessage(replayed, 400)).toMatch(/'page'/);
  });

  it("is a 404 for a guest, an outsider and an unknown space", async () => {
    errorMessage(await call("GET", crsPath(spaceId), { token: f.guest.token }), 404);
    errorMessage(await call("GET", crsPath(spaceId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", crsPath(NO_SUCH_ID), { token: f.admin.token }), 404);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.comment);
    const first = await client.spaces.listChangeRequestsForSpace(spaceId, { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.data.count).toBe(3);
    const expected = await newestFirst(f.admin, spaceId, open(), "updatedAt");
    expect(ids(first.data)).toEqual(expected.slice(0, 2));
    const second = await client.spaces.listChangeRequestsForSpace(spaceId, { limit: 2, page: first.data.next!.page });
    expect(ids(second.data)).toEqual(expected.slice(2));
    expect(second.data.next).toBeUndefined();
    const drafts = await client.spaces.listChangeRequestsForSpace(spaceId, {
      status: ChangeRequestStatus.Draft,
      creator: f.edit.id,
      orderBy: ChangeRequestOrderBy.CreatedAt,
    });
    expect(ids(drafts.data)).toEqual([draftByEdit.id]);
    const reviewing = await client.spaces.listChangeRequestsForSpace(spaceId, { requestedReviewer: f.read.id });
    expect(ids(reviewing.data)).toEqual([openByAdmin.id]);
    await expectClientError(gitbookClient(f.guest).spaces.listChangeRequestsForSpace(spaceId), 404);
  });
});

describe("GET /v1/orgs/{organizationId}/change-requests (listChangeRequestsForOrganization)", () => {
  /** An organization of its own (some of the same people), so its counts are exact. */
  let organizationId: string;
  let spaceA: string;
  let spaceB: string;
  let a1: ChangeRequest; // open, by admin, edited by the editor
  let a2: ChangeRequest; // draft, by the editor
  let b1: ChangeRequest; // open, by the reviewer, the editor asked to review
  let b2: ChangeRequest; // archived, by admin
  let deletedOpen: ChangeRequest; // open, in a deleted space

  beforeAll(async () => {
    organizationId = (await createOrganization(f.admin)).id;
    await addMember(f.admin, organizationId, f.edit, "edit");
    await addMember(f.admin, organizationId, f.review, "review");
    await addMember(f.admin, organizationId, f.read, "read");
    await addMember(f.admin, organizationId, f.guest, null);
    spaceA = (await createSpace(f.admin, organizationId)).id;
    spaceB = (await createSpace(f.admin, organizationId)).id;
    const doomed = (await createSpace(f.admin, organizationId)).id;
    const make = async (user: TestUser, spaceId: string, subject: string, status?: Status) => {
      const created = await createCr(user, spaceId, subject);
      if (status) await patchCrOk(user, spaceId, created.id, { status });
      await tick();
      return created;
    };
    a1 = await make(f.admin, spaceA, "a1", "open");
    a2 = await make(f.edit, spaceA, "a2");
    deletedOpen = await make(f.admin, doomed, "in a deleted space", "open");
    b1 = await make(f.review, spaceB, "b1", "open");
    b2 = await make(f.admin, spaceB, "b2", "archived");
    await addPage(f.edit, spaceA, a1.id, "Edited");
    await askReviewersOk(f.admin, spaceB, b1.id, [f.edit.id]);
    await deleteSpaceOk(f.admin, doomed);
  }, 60_000);

  /** Reads each change request afresh (in whichever space it is) and orders them most recent first. */
  async function expectedOrder(items: ChangeRequest[], field: "createdAt" | "updatedAt" = "updatedAt") {
    const fresh = await Promise.all(items.map((item) => readCr(f.admin, item.space, item.id)));
    return fresh.sort((a, b) => (a[field] !== b[field] ? (a[field] < b[field] ? 1 : -1) : a.id < b.id ? 1 : -1)).map((item) => item.id);
  }

  it("lists the open change requests of the live spaces by default, most recently updated first", async () => {
    const list = await listOrgCrs(f.read, organizationId);
    expect(list.count).toBe(2);
    expect(ids(list)).toEqual(await expectedOrder([a1, b1]));
    expect(ids(list)).not.toContain(deletedOpen.id);
    for (const item of list.items) expect(item).toEqual(await readCr(f.admin, item.space, item.id));
    // The deleted space's change request is still there, only not listed.
    expect((await readCr(f.admin, deletedOpen.space, deletedOpen.id)).status).toBe("open");
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["open", "draft", "archived", "merged"] }))).not.toContain(deletedOpen.id);
  });

  it("filters on several statuses, repeated or comma-separated", async () => {
    const openOrDraft = await expectedOrder([a1, a2, b1]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["open", "draft"] }))).toEqual(openOrDraft);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "open,draft" }))).toEqual(openOrDraft);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: ["draft,open", "archived"] }))).toEqual(await expectedOrder([a1, a2, b1, b2]));
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "archived" }))).toEqual([b2.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { status: "merged" }))).toEqual([]);
  });

  it("filters on space, creator, contributor and requested reviewer; orders by createdAt", async () => {
    const every = { status: ["open", "draft", "archived"] };
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, space: spaceB }))).toEqual(await expectedOrder([b1, b2]));
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, creator: f.edit.id }))).toEqual([a2.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { creator: f.review.id }))).toEqual([b1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { contributor: f.edit.id }))).toEqual([a1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { requestedReviewer: f.edit.id }))).toEqual([b1.id]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { requestedReviewer: f.review.id }))).toEqual([]);
    expect(ids(await listOrgCrs(f.admin, organizationId, { ...every, space: spaceA, creator: f.admin.id }))).toEqual([a1.id]);
    const byCreation = await listOrgCrs(f.admin, organizationId, { ...every, orderBy: "createdAt" });
    expect(ids(byCreation)).toEqual([b2.id, b1.id, a2.id, a1.id]);
    expect(ids(byCreation)).toEqual(await expectedOrder([a1, a2, b1, b2], "createdAt"));
  });

  it("walks every page with limit=2, each change request once", async () => {
    const query = { status: "open,draft,archived" };
    const walk = async (params: ListParams) =>
      (await walkList(orgCrsPath(organizationId), { ...params, limit: 2 }, { token: f.edit.token, operationId: "listChangeRequestsForOrganization", expectedCount: 4 })).map(
        (item) => item.id,
      );
    const walked = await walk(query);
    expect(new Set(walked).size).toBe(4);
    expect(walked).toEqual(await expectedOrder([a1, a2, b1, b2]));
    const byCreation = await walk({ ...query, orderBy: "createdAt" });
    expect(new Set(byCreation).size).toBe(4);
    expect(byCreation).toEqual([b2.id, b1.id, a2.id, a1.id]);
  });

  it("answers 400 for a bad status or filter", async () => {
    const cases: Array<[Query, RegExp]> = [
      [{ status: "closed" }, /'status/],
      [{ status: "open,closed" }, /'status/],
      [{ status: ["open", "closed"] }, /'status/],
      [{ status: "" }, /'status/],
      [{ orderBy: "title" }, /'orderBy'/],
      [{ space: "bad id!" }, /'space'/],
    ];
    await inParallel(cases, async ([query, parameter]) => {
      const response = await call("GET", `${orgCrsPath(organizationId)}${queryString(query)}`, { token: f.admin.token });
      expect(errorMessage(response, 400), JSON.stringify(query)).toMatch(parameter);
    });
  });

  it("is empty for a guest, and a 404 for an outsider or an unknown organization", async () => {
    const response = await call("GET", orgCrsPath(organizationId), { token: f.guest.token });
    expect(response.status).toBe(200);
    expectSpecResponse("listChangeRequestsForOrganization", 200, response.body);
    expect(response.body).toEqual({ items: [], count: 0 });
    errorMessage(await call("GET", orgCrsPath(organizationId), { token: f.outsider.token }), 404);
    errorMessage(await call("GET", orgCrsPath(NO_SUCH_ID), { token: f.admin.token }), 404);
    // A member of this organization cannot list the outsider's either.
    errorMessage(await call("GET", orgCrsPath(f.outsiderOrganization.id), { token: f.admin.token }), 404);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.read);
    const list = await client.orgs.listChangeRequestsForOrganization(organizationId, { status: [ChangeRequestStatus.Open, ChangeRequestStatus.Draft] });
    expect(list.status).toBe(200);
    expect(ids(list.data)).toEqual(await expectedOrder([a1, a2, b1]));
    const first = await client.orgs.listChangeRequestsForOrganization(organizationId, { limit: 1 });
    expect(first.data.count).toBe(2);
    const second = await client.orgs.listChangeRequestsForOrganization(organizationId, { limit: 1, page: first.data.next!.page });
    expect([...ids(first.data), ...ids(second.data)]).toEqual(await expectedOrder([a1, b1]));
    const filtered = await client.orgs.listChangeRequestsForOrganization(organizationId, {
      space: spaceA,
      creator: f.edit.id,
      status: [ChangeRequestStatus.Draft],
    });
    expect(ids(filtered.data)).toEqual([a2.id]);
    await expectClientError(gitbookClient(f.outsider).orgs.listChangeRequestsForOrganization(organizationId), 404);
  });
});
