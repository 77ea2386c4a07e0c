import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PURGE_ROWS_PER_STATEMENT, purgeDeletedSpaces } from "../../src/cron/purge-deleted-spaces";
import { createDatabase } from "../../src/db/client";
import { insertChunks } from "../../src/db/limits";
import { changeRequests, contentEntries, documents, grants, revisions, spaces } from "../../src/db/schema";
import { spaceBlobPrefix } from "../../src/lib/blobs";
import worker from "../../src/index";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, workerUnderTest } from "../helpers/http";
import { commitToMain, createChangeRequest, editContent } from "../helpers/content";

const DAY = 24 * 60 * 60 * 1000;
const db = createDatabase(env.DB);

async function createSpace(admin: TestUser, organizationId: string, title: string): Promise<string> {
  const response = await call("POST", `/v1/orgs/${organizationId}/spaces`, { token: admin.token, body: { title } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function deleteSpace(admin: TestUser, spaceId: string) {
  expect((await call("DELETE", `/v1/spaces/${spaceId}`, { token: admin.token })).status).toBe(204);
}

async function putBlobs(spaceId: string, count: number) {
  await Promise.all(Array.from({ length: count }, (_, i) => env.BLOBS.put(`${spaceBlobPrefix(spaceId)}files/${i}`, `blob ${i}`)));
}

async function blobCount(prefix: string): Promise<number> {
  let total = 0;
  let cursor: string | undefined;
  do {
    const listing = await env.BLOBS.list({ prefix, cursor });
    total += listing.objects.length;
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return total;
}

const rowsOf = async (spaceId: string) => ({
  space: (await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, spaceId))).length,
  revisions: (await db.select({ id: revisions.id }).from(revisions).where(eq(revisions.spaceId, spaceId))).length,
});

const grantsOf = async (spaceId: string) => (await db.select({ role: grants.role }).from(grants).where(eq(grants.contentId, spaceId))).length;

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "17 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the deleted-space purge (cron)", () => {
  let admin: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    admin = await createUser("purge-admin");
    organizationId = (await createOrganization(admin)).id;
  });

  it("removes spaces deleted over 7 days before the run, from D1 and R2, and touches nothing else", async () => {
    const expired = await createSpace(admin, organizationId, "Expired");
    const recent = await createSpace(admin, organizationId, "Deleted 6 days before the run");
    const active = await createSpace(admin, organizationId, "Active");
    for (const spaceId of [expired, recent, active]) await putBlobs(spaceId, 3);
    for (const spaceId of [expired, recent, active]) {
      const granted = await call("POST", `/v1/spaces/${spaceId}/permissions`, { token: admin.token, body: { role: "read", users: [admin.id] } });
      expect(granted.status).toBe(204);
    }
    await env.BLOBS.put("elsewhere/keep-me", "not a space blob");
    await deleteSpace(admin, expired);
    await deleteSpace(admin, recent);

    // The clock moves 7 days on; `recent` was deleted 6 days before that moment.
    const clock = Date.now() + 7 * DAY + 60_000;
    await db.update(spaces).set({ deletedAt: new Date(clock - 6 * DAY).toISOString() }).where(eq(spaces.id, recent));
    await runCron(clock);

    expect(await rowsOf(expired)).toEqual({ space: 0, revisions: 0 });
    // What was granted on it went with it; the kept spaces keep theirs.
    expect(await grantsOf(expired)).toBe(0);
    expect(await blobCount(spaceBlobPrefix(expired))).toBe(0);
    expect((await call("GET", `/v1/spaces/${expired}`, { token: admin.token })).status).toBe(404);

    for (const kept of [recent, active]) {
      expect(await rowsOf(kept)).toEqual({ space: 1, revisions: 1 });
      expect(await grantsOf(kept)).toBe(1);
      expect(await blobCount(spaceBlobPrefix(kept))).toBe(3);
    }
    expect(await env.BLOBS.head("elsewhere/keep-me")).not.toBeNull();

    const restored = await call("POST", `/v1/spaces/${recent}/restore`, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeUndefined();
    const activeNow = await call("GET", `/v1/spaces/${active}`, { token: admin.token });
    expect(activeNow.status).toBe(200);
    expect(activeNow.body.title).toBe("Active");
  });

  it("works in bounded steps: a run cut short leaves the space due, and later runs finish it", async () => {
    const big = await createSpace(admin, organizationId, "Big");
    const bystander = await createSpace(admin, organizationId, "Bystander, deleted recently");
    await putBlobs(big, 1200); // two R2 list/delete pages
    const extraRevisions = Array.from({ length: PURGE_ROWS_PER_STATEMENT + 100 }, (_, i) => ({
      id: `${big}-r${i}`,
      spaceId: big,
      parents: [],
      type: "edits" as const,
      ordinal: i + 1,
      createdBy: admin.id,
      createdAt: new Date().toISOString(),
    }));
    await db.batch(insertChunks(revisions, extraRevisions).map((chunk) => db.insert(revisions).values(chunk)) as [any, ...any[]]);
    await deleteSpace(admin, big);
    await deleteSpace(admin, bystander);
    const clock = new Date(Date.now() + 8 * DAY);
    await db.update(spaces).set({ deletedAt: new Date(clock.getTime() - DAY).toISOString() }).where(eq(spaces.id, bystander));

    // Three operations: list, delete 1000 blobs, list again; then the budget is spent.
    const first = await purgeDeletedSpaces(db, env.BLOBS, clock, 3);
    expect(first.purged).toEqual([]);
    expect(await rowsOf(big)).toEqual({ space: 1, revisions: PURGE_ROWS_PER_STATEMENT + 101 });
    expect(await blobCount(spaceBlobPrefix(big))).toBe(200);

    let runs = 1;
    let purged: string[] = [];
    while (!purged.includes(big)) {
      // Each run starts over (an R2 listing, the shared-content walk, one statement per table, the
      // space row: 9 operations): 10 leave room to progress.
      purged = (await purgeDeletedSpaces(db, env.BLOBS, clock, 10)).purged;
      expect(++runs).toBeLessThan(10);
    }
    expect(await rowsOf(big)).toEqual({ space: 0, revisions: 0 });
    expect(await blobCount(spaceBlobPrefix(big))).toBe(0);
    expect(await rowsOf(bystander)).toEqual({ space: 1, revisions: 1 });

    // Running again once everything is gone is a no-op.
    expect((await purgeDeletedSpaces(db, env.BLOBS, clock)).purged).toEqual([]);
    const left = await db.select({ id: spaces.id }).from(spaces).where(inArray(spaces.id, [big, bystander]));
    expect(left.map((row) => row.id)).toEqual([bystander]);
  });

  it("releases shared page bodies and file bytes only when no other space uses them", async () => {
    const original = await createSpace(admin, organizationId, "Shared original");
    const body = `A body only these two spaces have: ${crypto.randomUUID()}\n`;
    const edit = await commitToMain(admin, original, [
      { operation: "insert_page", title: "Page", document: { markdown: body } },
      { operation: "insert_files", files: [{ name: "a.txt", contentType: "text/plain", base64: btoa(`bytes ${crypto.randomUUID()}`) }] },
    ]);
    // Content of an open change request is space data too.
    const pending = await createChangeRequest(admin, original, "pending");
    await editContent(admin, original, pending.id, [{ operation: "insert_page", title: "Draft", document: { markdown: "draft\n" } }]);
    const copy = (await call("POST", `/v1/spaces/${original}/duplicate`, { token: admin.token })).body.id as string;
    const [entry] = await db.select().from(contentEntries).where(and(eq(contentEntries.spaceId, original), eq(contentEntries.kind, "file")));
    const blobKey = entry!.blobKey!;
    const [page] = await db.select().from(contentEntries).where(and(eq(contentEntries.spaceId, original), eq(contentEntries.line, "main"), eq(contentEntries.kind, "page")));
    const documentId = page!.documentId!;
    const documentExists = async () => (await db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId))).length === 1;
    const dataRows = async (spaceId: string) => ({
      entries: (await db.select().from(contentEntries).where(eq(contentEntries.spaceId, spaceId))).length,
      changeRequests: (await db.select().from(changeRequests).where(eq(changeRequests.spaceId, spaceId))).length,
    });

    await deleteSpace(admin, original);
    const clock = new Date(Date.now() + 8 * DAY);
    expect((await purgeDeletedSpaces(db, env.BLOBS, clock)).purged).toContain(original);
    expect(await dataRows(original)).toEqual({ entries: 0, changeRequests: 0 });
    // The copy still has the body and the bytes, and its file still downloads.
    expect(await documentExists()).toBe(true);
    expect(await env.BLOBS.head(blobKey)).not.toBeNull();
    const file = await call("GET", `/v1/spaces/${copy}/content/files/${edit.insertedFiles[0]!.id}`, { token: admin.token });
    expect(file.status).toBe(200);
    expect((await workerUnderTest.fetch(file.body.downloadURL)).status).toBe(200);

    await deleteSpace(admin, copy);
    expect((await purgeDeletedSpaces(db, env.BLOBS, clock)).purged).toContain(copy);
    expect(await documentExists()).toBe(false);
    expect(await env.BLOBS.head(blobKey)).toBeNull();
    expect(await dataRows(copy)).toEqual({ entries: 0, changeRequests: 0 });
  });
});
