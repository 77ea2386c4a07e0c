import { describe, expect, it } from "vitest";
import { createSpace, mergeChangeRequest } from "../../helpers/content";
import { addMember, createOrganization } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { NO_SUCH_ID, addPage, askReviewersOk, createCr, f, isTimestamp, listReviews, mainTitles, mergeAs, newSpace, patchCrOk, patchSpaceOk, readCr, readSpace, reviewOk, specificReviewers, tick, useSuiteFixture } from "../../helpers/suites/change-requests";

/** Merging a change request (mergeChangeRequest: who may, in which states) and the space's merge rules that guard it. */

useSuiteFixture();

describe("POST .../merge (mergeChangeRequest)", () => {
  it("merges: main gets the content, the change request is merged, other change requests are outdated", async () => {
    const space = await newSpace();
    const cr = await createCr(f.edit, space.id);
    const bystander = await createCr(f.admin, space.id);
    await addPage(f.edit, space.id, cr.id, "Merged page");
    const response = await mergeAs(f.edit, space.id, cr.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("mergeChangeRequest", 200, response.body);
    expect(response.body.result).toBe("merge");
    expect(await mainTitles(f.read, space.id)).toEqual(["Merged page"]);
    expect((await readSpace(f.read, space.id)).revision).toBe(response.body.revision);

    const merged = await readCr(f.read, space.id, cr.id);
    expectSpecResponse("getChangeRequestById", 200, merged);
    expect(merged.status).toBe("merged");
    expect(merged.mergedBy?.id).toBe(f.edit.id);
    expect(isTimestamp(merged.mergedAt)).toBe(true);
    expect(merged.revisionMerged).toBe(response.body.revision);
    expect(merged.outdated).toBe(false);
    // Main moved past what the other change request started from.
    expect((await readCr(f.read, space.id, bystander.id)).outdated).toBe(true);
  });

  it("refuses 'read' and 'comment' (403), and is a 404 for a guest and an outsider, main unchanged", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, cr.id, "Pending");
    await inParallel(["read", "comment"] as const, async (role) => {
      expect(errorMessage(await mergeAs(f[role], space.id, cr.id), 403), role).toMatch(/merge/);
    });
    errorMessage(await mergeAs(f.guest, space.id, cr.id), 404);
    errorMessage(await mergeAs(f.outsider, space.id, cr.id), 404);
    errorMessage(await mergeAs(f.admin, space.id, NO_SUCH_ID), 404);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");
  });

  it("lets an editor merge someone else's change request", async () => {
    const space = await newSpace();
    const cr = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, cr.id, "By admin");
    expect((await mergeChangeRequest(f.edit, space.id, cr.id)).result).toBe("merge");
    expect((await readCr(f.admin, space.id, cr.id)).mergedBy?.id).toBe(f.edit.id);
  });

  it("is a 409 for a change request already merged, or archived", async () => {
    const space = await newSpace();
    const merged = await createCr(f.admin, space.id);
    await mergeChangeRequest(f.admin, space.id, merged.id);
    const archived = await createCr(f.admin, space.id);
    await addPage(f.admin, space.id, archived.id, "Archived page");
    await patchCrOk(f.admin, space.id, archived.id, { status: "archived" });
    const revision = (await readSpace(f.admin, space.id)).revision;
    expect(errorMessage(await mergeAs(f.admin, space.id, merged.id), 409)).toMatch(/merged/);
    expect(errorMessage(await mergeAs(f.admin, space.id, archived.id), 409)).toMatch(/archived/);
    expect((await readSpace(f.admin, space.id)).revision).toBe(revision);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
  });
});

describe("merge rules", () => {
  it("with a space rule, blocks merging (403, main unchanged) until the named reviewer approves", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Guarded");
    const revision = (await readSpace(f.admin, space.id)).revision;

    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    // An approval by someone else does not count, nor does a request for changes.
    await reviewOk(f.create, space.id, cr.id, "approved");
    await reviewOk(f.review, space.id, cr.id, "changes-requested");
    expect(errorMessage(await mergeAs(f.edit, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readSpace(f.admin, space.id)).revision).toBe(revision);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");

    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    const response = await mergeAs(f.edit, space.id, cr.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectSpecResponse("mergeChangeRequest", 200, response.body);
    expect(response.body.result).toBe("merge");
    expect(await mainTitles(f.admin, space.id)).toEqual(["Guarded"]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("merged");
  });

  it("blocks again when the reviewer who approved later requests changes", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Approved, then not");
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await reviewOk(f.review, space.id, cr.id, "changes-requested");
    // The list agrees: the approval is outdated.
    expect((await listReviews(f.admin, space.id, cr.id, { outdated: "true" })).items.map((review) => review.status)).toEqual(["approved"]);
    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    expect((await readCr(f.admin, space.id, cr.id)).status).toBe("draft");
  });

  it("needs every named reviewer", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id, f.create.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Twice guarded");
    await reviewOk(f.review, space.id, cr.id, "approved");
    const blocked = errorMessage(await mergeAs(f.admin, space.id, cr.id), 403);
    expect(blocked).toMatch(f.create.id);
    expect(blocked).not.toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    await reviewOk(f.create, space.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, cr.id)).result).toBe("merge");
    expect(await mainTitles(f.admin, space.id)).toEqual(["Twice guarded"]);
  });

  it("no longer counts an approval made outdated by asking the reviewer again", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const cr = await createCr(f.edit, space.id);
    await addPage(f.edit, space.id, cr.id, "Asked again");
    await reviewOk(f.review, space.id, cr.id, "approved");
    await tick();
    await askReviewersOk(f.edit, space.id, cr.id, [f.review.id]);
    expect((await listReviews(f.admin, space.id, cr.id)).items.map((review) => review.outdated)).toEqual([true]);
    expect(errorMessage(await mergeAs(f.admin, space.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, space.id)).toEqual([]);
    await tick();
    await reviewOk(f.review, space.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, cr.id)).result).toBe("merge");
  });

  it("does not let the author block their own change request", async () => {
    const space = await newSpace();
    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id) });
    const own = await createCr(f.review, space.id);
    await addPage(f.review, space.id, own.id, "Reviewer's own");
    // The only named reviewer is the author, who cannot review: nothing is required.
    expect((await mergeChangeRequest(f.edit, space.id, own.id)).result).toBe("merge");

    await patchSpaceOk(f.admin, space.id, { mergeRules: specificReviewers(f.review.id, f.create.id) });
    const another = await createCr(f.review, space.id);
    // The other named reviewer is still needed.
    expect(errorMessage(await mergeAs(f.admin, space.id, another.id), 403)).toMatch(f.create.id);
    await reviewOk(f.create, space.id, another.id, "approved");
    expect((await mergeChangeRequest(f.admin, space.id, another.id)).result).toBe("merge");
  });

  it("inherits the organization's rules, which a space's own rules ('none') override", async () => {
    // An organization of its own: its rules would otherwise guard every merge of this file.
    const organizationId = (await createOrganization(f.admin)).id;
    await addMember(f.admin, organizationId, f.edit, "edit");
    await addMember(f.admin, organizationId, f.review, "review");
    const updated = await call("PATCH", `/v1/orgs/${organizationId}`, {
      token: f.admin.token,
      body: { mergeRules: specificReviewers(f.review.id) },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.mergeRules).toEqual(specificReviewers(f.review.id));

    const inheriting = await createSpace(f.admin, organizationId);
    expect((await readSpace(f.admin, inheriting.id)).mergeRules).toEqual({ type: "inherit" });
    const cr = await createCr(f.edit, inheriting.id);
    await addPage(f.edit, inheriting.id, cr.id, "Org guarded");
    expect(errorMessage(await mergeAs(f.admin, inheriting.id, cr.id), 403)).toMatch(f.review.id);
    expect(await mainTitles(f.admin, inheriting.id)).toEqual([]);
    await reviewOk(f.review, inheriting.id, cr.id, "approved");
    expect((await mergeChangeRequest(f.edit, inheriting.id, cr.id)).result).toBe("merge");
    expect(await mainTitles(f.admin, inheriting.id)).toEqual(["Org guarded"]);

    const free = await createSpace(f.admin, organizationId);
    await patchSpaceOk(f.admin, free.id, { mergeRules: { type: "none" } });
    const unguarded = await createCr(f.edit, free.id);
    expect((await mergeChangeRequest(f.edit, free.id, unguarded.id)).result).toBe("merge");

    // Once the organization drops its rules, inheriting spaces merge freely too.
    const dropped = await call("PATCH", `/v1/orgs/${organizationId}`, { token: f.admin.token, body: { mergeRules: { type: "none" } } });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const later = await createCr(f.edit, inheriting.id);
    expect((await mergeChangeRequest(f.edit, inheriting.id, later.id)).result).toBe("merge");
  });
});
