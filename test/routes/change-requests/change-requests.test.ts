import { beforeAll, describe, expect, it } from "vitest";
import { mergeChangeRequest } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { type ChangeRequest, NO_SUCH_ID, PARAGRAPH, counters, crPath, createCr, crsPath, deleteSpaceOk, expectClientError, f, getCr, isTimestamp, listSpaceCrs, newSpace, patchCr, patchCrOk, patchSpaceOk, postCr, readCr, tick, useSuiteFixture } from "../../helpers/suites/change-requests";

/** Change requests: authentication, create, get and update (createChangeRequest, getChangeRequestById, updateChangeRequestById). */

useSuiteFixture();

describe("authentication", () => {

  it("does not create anything for a request without a token on a real space", async () => {
    const space = await newSpace();
    errorMessage(await call("POST", crsPath(space.id), { body: { subject: "x" } }), 401);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests (createChangeRequest)", () => {
  it("creates a draft from the space's revision, with a Location header, by the caller", async () => {
    const space = await newSpace();
    const response = await postCr(f.admin, space.id, { subject: "First draft" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectSpecResponse("createChangeRequest", 201, response.body);
    const created: ChangeRequest = response.body;
    expect(created.object).toBe("change-request");
    expect(created.status).toBe("draft");
    expect(created.number).toBe(1);
    expect(created.subject).toBe("First draft");
    expect(created.space).toBe(space.id);
    expect(created.revisionInitial).toBe(space.revision);
    expect(created.revision).toBe(space.revision);
    expect(created.revisionMergedAncestor).toBe(space.revision);
    expect(created).not.toHaveProperty("revisionMerged");
    expect(created).not.toHaveProperty("mergedBy");
    expect(created).not.toHaveProperty("mergedAt");
    expect(created).not.toHaveProperty("description");
    expect(created.outdated).toBe(false);
    expect(created.comments).toBe(0);
    expect(created.createdBy.id).toBe(f.admin.id);
    expect(isTimestamp(created.createdAt)).toBe(true);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(response.headers.get("location")).toBe(created.urls.location);
    expect(new URL(created.urls.location).pathname).toBe(crPath(space.id, created.id));
    expect(await readCr(f.read, space.id, created.id)).toEqual(created);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 1, changeRequestsDraft: 1, changeRequestsOpen: 0 });
  });

  it("numbers change requests 1, 2, 3 within each space, whoever creates them", async () => {
    const [one, two] = [await newSpace(), await newSpace()];
    const numbers: number[] = [];
    for (const user of [f.admin, f.edit, f.review]) numbers.push((await createCr(user, one.id)).number);
    expect(numbers).toEqual([1, 2, 3]);
    // Another space starts again at 1.
    expect((await createCr(f.admin, two.id)).number).toBe(1);
    expect((await createCr(f.create, one.id)).number).toBe(4);
  });

  it("takes no subject (an empty one) and a 100-character subject", async () => {
    const space = await newSpace();
    const untitled = await postCr(f.admin, space.id, {});
    expect(untitled.status, JSON.stringify(untitled.body)).toBe(201);
    expectSpecResponse("createChangeRequest", 201, untitled.body);
    expect(untitled.body.subject).toBe("");
    const subject = "s".repeat(100);
    expect((await createCr(f.admin, space.id, subject)).subject).toBe(subject);
  });

  it("lets every role from 'edit' up create, each becoming its author", async () => {
    const space = await newSpace();
    for (const role of ["edit", "review", "create", "admin"] as const) {
      const created = await createCr(f[role], space.id, `By ${role}`);
      expect(created.createdBy.id, role).toBe(f[role].id);
      expect(created.status).toBe("draft");
    }
    expect((await counters(f.admin, space.id)).changeRequests).toBe(4);
  });

  it("refuses 'read' and 'comment' (403), creating nothing", async () => {
    const space = await newSpace();
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await postCr(f[role], space.id), 403), role).toMatch(/edit/);
    });
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
    expect((await listSpaceCrs(f.admin, space.id, { status: "draft" })).count).toBe(0);
  });

  it("follows the space's level: defaultLevel 'read' stops an editor, 'edit' lets a reader in", async () => {
    const lowered = await newSpace();
    await patchSpaceOk(f.admin, lowered.id, { defaultLevel: "read" });
    errorMessage(await postCr(f.create, lowered.id), 403);
    const raised = await newSpace();
    await patchSpaceOk(f.admin, raised.id, { defaultLevel: "edit" });
    expect((await createCr(f.read, raised.id)).createdBy.id).toBe(f.read.id);
    expect(await counters(f.admin, lowered.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("is a 404 for a guest, an outsider and an unknown space, creating nothing", async () => {
    const space = await newSpace();
    errorMessage(await postCr(f.guest, space.id), 404);
    errorMessage(await postCr(f.outsider, space.id), 404);
    errorMessage(await postCr(f.admin, NO_SUCH_ID), 404);
    expect((await counters(f.admin, space.id)).changeRequests).toBe(0);
  });

  it("answers 400 naming the field for bad input, creating nothing", async () => {
    const space = await newSpace();
    const cases: Array<[unknown, RegExp]> = [
      [{ subject: "s".repeat(101) }, /'subject'/],
      [{ subject: 42 }, /'subject'/],
      [{ subject: "Templated", template: "some-template" }, /'template'/],
      // Templates are applied at creation (test/routes/templates): an unknown one names its id.
      [{ template: { id: "x" } }, /'template\.id': no template 'x'/],
      [{ template: { id: "blank", extra: 1 } }, /'template\.extra'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await postCr(f.admin, space.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await postCr(f.admin, space.id, "{not json"), 400);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 0, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("is a 409 on a deleted space, creating nothing", async () => {
    const space = await newSpace();
    await deleteSpaceOk(f.admin, space.id);
    expect(errorMessage(await postCr(f.admin, space.id), 409)).toMatch(/restore/i);
    expect((await counters(f.admin, space.id)).changeRequests).toBe(0);
  });

  it("keeps the space's counters right through creates, status changes and a merge", async () => {
    const space = await newSpace();
    const expectCounters = async (changeRequests: number, changeRequestsDraft: number, changeRequestsOpen: number) =>
      expect(await counters(f.read, space.id)).toEqual({ changeRequests, changeRequestsDraft, changeRequestsOpen });
    const a = await createCr(f.admin, space.id, "A");
    await expectCounters(1, 1, 0);
    const b = await createCr(f.edit, space.id, "B");
    await expectCounters(2, 2, 0);
    await patchCrOk(f.admin, space.id, a.id, { status: "open" });
    await expectCounters(2, 1, 1);
    await patchCrOk(f.admin, space.id, a.id, { status: "archived" });
    await expectCounters(2, 1, 0);
    await patchCrOk(f.admin, space.id, a.id, { status: "open" });
    await expectCounters(2, 1, 1);
    // A change of subject only keeps the counts.
    await patchCrOk(f.admin, space.id, b.id, { subject: "B again" });
    await expectCounters(2, 1, 1);
    // Merged change requests count in the total only.
    expect((await mergeChangeRequest(f.admin, space.id, a.id)).result).toBe("merge");
    await expectCounters(2, 1, 0);
    await patchCrOk(f.admin, space.id, b.id, { status: "open" });
    await expectCounters(2, 0, 1);
    expect((await mergeChangeRequest(f.admin, space.id, b.id)).result).toBe("merge");
    await expectCounters(2, 0, 0);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const created = await gitbookClient(f.edit).spaces.createChangeRequest(space.id, { subject: "Via client" });
    expect(created.status).toBe(201);
    expect(created.data.subject).toBe("Via client");
    expect(created.data.status).toBe("draft");
    expect(created.data.createdBy.id).toBe(f.edit.id);
    expect(await readCr(f.admin, space.id, created.data.id)).toEqual(created.data);
    await expectClientError(gitbookClient(f.read).spaces.createChangeRequest(space.id, { subject: "Nope" }), 403);
    await expectClientError(gitbookClient(f.guest).spaces.createChangeRequest(space.id, { subject: "Nope" }), 404);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} (getChangeRequestById)", () => {
  let space: { id: string; revision: string };
  let other: { id: string };
  let first: ChangeRequest;
  let otherSecond: ChangeRequest;

  beforeAll(async () => {
    space = await newSpace();
    other = await newSpace();
    first = await createCr(f.edit, space.id, "Readable");
    await createCr(f.admin, other.id, "Other's first");
    otherSecond = await createCr(f.admin, other.id, "Other's second");
  });

  it("reads a change request by id and by number, the same for every role", async () => {
    const byId = await getCr(f.admin, space.id, first.id);
    expect(byId.status).toBe(200);
    expectSpecResponse("getChangeRequestById", 200, byId.body);
    expect(byId.body).toEqual(first);
    expect(await readCr(f.admin, space.id, 1)).toEqual(first);
    await inParallel(["create", "review", "edit", "comment", "read"] as const, async (role) => {
      expect(await readCr(f[role], space.id, first.number), role).toEqual(first);
    });
  });

  it("is a 404 for an unknown id or number, and for another space's change request", async () => {
    expect(errorMessage(await getCr(f.admin, space.id, NO_SUCH_ID), 404)).toMatch(NO_SUCH_ID);
    errorMessage(await getCr(f.admin, space.id, 2), 404);
    errorMessage(await getCr(f.admin, space.id, 0), 404);
    // The other space's change request exists, but not in this space, by id or by its number.
    errorMessage(await getCr(f.admin, space.id, otherSecond.id), 404);
    expect(otherSecond.number).toBe(2);
    errorMessage(await getCr(f.admin, space.id, otherSecond.number), 404);
    expect(await readCr(f.admin, other.id, 2)).toEqual(otherSecond);
  });

  it("is a 404 for a guest, an outsider and an unknown space", async () => {
    errorMessage(await getCr(f.guest, space.id, first.id), 404);
    errorMessage(await getCr(f.outsider, space.id, first.id), 404);
    errorMessage(await getCr(f.admin, NO_SUCH_ID, first.id), 404);
  });

  it("works through GitBook's official client", async () => {
    const read = await gitbookClient(f.read).spaces.getChangeRequestById(space.id, first.id);
    expect(read.status).toBe(200);
    expect(read.data).toEqual(first);
    expect((await gitbookClient(f.read).spaces.getChangeRequestById(space.id, "1")).data).toEqual(first);
    await expectClientError(gitbookClient(f.outsider).spaces.getChangeRequestById(space.id, first.id), 404);
  });
});

describe("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId} (updateChangeRequestById)", () => {
  it("updates subject and description, and only them", async () => {
    const space = await newSpace();
    const created = await createCr(f.edit, space.id, "Before");
    await tick();
    const updated = await patchCrOk(f.edit, space.id, created.id, { subject: "After", description: PARAGRAPH });
    expect(updated.subject).toBe("After");
    expect(updated.description).toEqual(PARAGRAPH);
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    const { updatedAt: _a, subject: _b, ...unchanged } = created;
    expect(updated).toMatchObject(unchanged);
    expect(await readCr(f.read, space.id, created.id)).toEqual(updated);
    // By number too; an empty body changes nothing but the timestamp.
    const again = await patchCrOk(f.edit, space.id, String(created.number), {});
    expect({ ...again, updatedAt: undefined }).toEqual({ ...updated, updatedAt: undefined });
  });

  it("moves the status between draft, open and archived", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    for (const status of ["open", "archived", "open", "draft", "archived", "draft"] as const) {
      expect((await patchCrOk(f.admin, space.id, created.id, { status })).status).toBe(status);
      expect((await readCr(f.read, space.id, created.id)).status).toBe(status);
    }
  });

  it("answers 400 naming the field for bad input, changing nothing", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id, "Stable");
    const cases: Array<[unknown, RegExp]> = [
      [{ status: "merged" }, /'status'/],
      [{ status: "closed" }, /'status'/],
      [{ subject: "s".repeat(101) }, /'subject'/],
      [{ subject: null }, /'subject'/],
      [{ description: "plain text" }, /'description'/],
      [{ description: { object: "block", nodes: [] } }, /'description/],
      // A valid change next to an invalid one is not applied either.
      [{ subject: "Changed", status: "merged" }, /'status'/],
    ];
    await inParallel(cases, async ([body, field]) => {
      expect(errorMessage(await patchCr(f.admin, space.id, created.id, body), 400), JSON.stringify(body)).toMatch(field);
    });
    errorMessage(await patchCr(f.admin, space.id, created.id, "{not json"), 400);
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
  });

  it("is a 409 for a status change of a merged change request, which stays merged", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, created.id);
    const merged = await readCr(f.admin, space.id, created.id);
    expect(merged.status).toBe("merged");
    await inParallel(["draft", "open", "archived"] as const, async (status) => {
      expect(errorMessage(await patchCr(f.admin, space.id, created.id, { status }), 409), status).toMatch(/merged/);
    });
    expect(await readCr(f.admin, space.id, created.id)).toEqual(merged);
    expect(await counters(f.admin, space.id)).toEqual({ changeRequests: 1, changeRequestsDraft: 0, changeRequestsOpen: 0 });
  });

  it("refuses 'read' and 'comment' (403), and lets any editor (not only the author) update", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id, "Admin's");
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await patchCr(f[role], space.id, created.id, { subject: "Hijacked" }), 403), role).toMatch(/edit/);
      errorMessage(await patchCr(f[role], space.id, created.id, { status: "open" }), 403);
    });
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
    expect((await patchCrOk(f.edit, space.id, created.id, { status: "open" })).status).toBe("open");
    expect((await patchCrOk(f.review, space.id, created.id, { subject: "By a reviewer" })).subject).toBe("By a reviewer");
  });

  it("is a 404 for a guest, an outsider, an unknown change request; a 409 on a deleted space", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    errorMessage(await patchCr(f.guest, space.id, created.id, { subject: "x" }), 404);
    errorMessage(await patchCr(f.outsider, space.id, created.id, { subject: "x" }), 404);
    errorMessage(await patchCr(f.admin, space.id, NO_SUCH_ID, { subject: "x" }), 404);
    errorMessage(await patchCr(f.admin, space.id, "7", { subject: "x" }), 404);
    await deleteSpaceOk(f.admin, space.id);
    expect(errorMessage(await patchCr(f.admin, space.id, created.id, { status: "open" }), 409)).toMatch(/restore/i);
    expect(await readCr(f.admin, space.id, created.id)).toEqual(created);
  });

  it("works through GitBook's official client", async () => {
    const space = await newSpace();
    const created = await createCr(f.admin, space.id);
    const client = gitbookClient(f.admin);
    const updated = await client.spaces.updateChangeRequestById(space.id, created.id, { subject: "Client", status: "open", description: PARAGRAPH as never });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ subject: "Client", status: "open", description: PARAGRAPH });
    expect((await client.spaces.getChangeRequestById(space.id, created.id)).data).toEqual(updated.data);
    await expectClientError(gitbookClient(f.comment).spaces.updateChangeRequestById(space.id, created.id, { subject: "x" }), 403);
  });
});
