import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { idempotencyKeys } from "../../src/db/schema";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { loadOperations } from "./matrix/operations";

/** `Idempotency-Key` on POST routes, with Stripe's semantics (docs/decisions.md "Idempotency keys"). */

const db = createDatabase(env.DB);
let admin: TestUser;
let organizationId: string;

beforeAll(async () => {
  admin = await createUser("idempotent");
  organizationId = (await createOrganization(admin)).id;
});

const spacesPath = () => `/v1/orgs/${organizationId}/spaces`;
const createSpace = (key: string | undefined, body: unknown, user = admin) =>
  call("POST", spacesPath(), { token: user.token, body, headers: key === undefined ? {} : { "Idempotency-Key": key } });
const spaceCount = async () => (await call("GET", `${spacesPath()}?limit=1`, { token: admin.token })).body.count as number;
const freshKey = () => crypto.randomUUID();

describe("Idempotency-Key", () => {
  it("replays the first answer to a retry with the same key and body, creating nothing more", async () => {
    const key = freshKey();
    const before = await spaceCount();
    const first = await createSpace(key, { title: "Once" });
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();

    const retry = await createSpace(key, { title: "Once" });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(retry.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await spaceCount()).toBe(before + 1);
  });

  it("creates twice without a key, and once per key", async () => {
    const before = await spaceCount();
    await createSpace(undefined, { title: "Twice" });
    await createSpace(undefined, { title: "Twice" });
    await createSpace(freshKey(), { title: "Twice" });
    expect(await spaceCount()).toBe(before + 3);
  });

  it("is a 409 for the same key with another body or another path, changing nothing", async () => {
    const key = freshKey();
    expect((await createSpace(key, { title: "First" })).status).toBe(201);
    const before = await spaceCount();
    expect(errorMessage(await createSpace(key, { title: "Second" }), 409)).toMatch(/Idempotency-Key '.+' was used .* for another request/);
    const otherPath = await call("POST", `/v1/orgs/${organizationId}/collections`, { token: admin.token, body: { title: "First" }, headers: { "Idempotency-Key": key } });
    errorMessage(otherPath, 409);
    expect(await spaceCount()).toBe(before);
  });

  it("keeps each user's keys apart", async () => {
    const other = await createUser("idempotent-other");
    const otherOrganization = (await createOrganization(other)).id;
    const key = freshKey();
    expect((await createSpace(key, { title: "Mine" })).status).toBe(201);
    const theirs = await call("POST", `/v1/orgs/${otherOrganization}/spaces`, { token: other.token, body: { title: "Mine" }, headers: { "Idempotency-Key": key } });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("does not keep a refusal of bad input, so the corrected request can use the same key", async () => {
    const key = freshKey();
    errorMessage(await createSpace(key, { title: "x".repeat(500) }), 400);
    const corrected = await createSpace(key, { title: "Corrected" });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("replays a refusal the operation itself made (a 404) without running it again", async () => {
    const key = freshKey();
    const missing = await call("POST", "/v1/spaces/noSuchSpace/duplicate", { token: admin.token, headers: { "Idempotency-Key": key } });
    errorMessage(missing, 404);
    const again = await call("POST", "/v1/spaces/noSuchSpace/duplicate", { token: admin.token, headers: { "Idempotency-Key": key } });
    expect(again.body).toEqual(missing.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("is a 409 while the key's first request still runs", async () => {
    const key = freshKey();
    await db.insert(idempotencyKeys).values({ userId: admin.id, key, fingerprint: "running", status: null, responseBody: null, responseHeaders: null, createdAt: new Date().toISOString() });
    const before = await spaceCount();
    // The fingerprint differs too: a running first request is reported as such only with the same request.
    errorMessage(await createSpace(key, { title: "Concurrent" }), 409);
    await db.update(idempotencyKeys).set({ fingerprint: await fingerprintOf("POST", spacesPath(), { title: "Concurrent" }) }).where(and(eq(idempotencyKeys.userId, admin.id), eq(idempotencyKeys.key, key)));
    expect(errorMessage(await createSpace(key, { title: "Concurrent" }), 409)).toMatch(/still running/);
    expect(await spaceCount()).toBe(before);
  });

  it("forgets a key after 24 hours: the request runs again", async () => {
    const key = freshKey();
    expect((await createSpace(key, { title: "Old" })).status).toBe(201);
    const dayAndMinuteAgo = new Date(Date.now() - (24 * 60 + 1) * 60 * 1000).toISOString();
    await db.update(idempotencyKeys).set({ createdAt: dayAndMinuteAgo }).where(and(eq(idempotencyKeys.userId, admin.id), eq(idempotencyKeys.key, key)));
    const before = await spaceCount();
    const again = await createSpace(key, { title: "Old" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await spaceCount()).toBe(before + 1);
  });

  it("refuses a malformed key with a 400 naming the header, changing nothing", async () => {
    const before = await spaceCount();
    for (const key of ["has space", "x".repeat(256), ""]) {
      expect(errorMessage(await createSpace(key, { title: "Bad key" }), 400)).toMatch(/Idempotency-Key.*255/);
    }
    expect(await spaceCount()).toBe(before);
  });

  it("is documented on every POST route", async () => {
    const document = (await call("GET", "/v1/openapi.json")).body;
    // Keys are a caller's: a route that needs no token (resolving a published URL, a read) keeps none.
    const posts = (await loadOperations()).operations.filter(
      (operation) => operation.method === "post" && operation.path.startsWith("/v1/") && !(operation.permission && "anyone" in operation.permission),
    );
    expect(posts.length).toBeGreaterThan(15);
    for (const { path } of posts) {
      const names = (document.paths[path].post.parameters ?? []).map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name.toLowerCase()}`);
      expect(names, path).toContain("header:idempotency-key");
    }
  });
});

async function fingerprintOf(method: string, path: string, body: unknown) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${method} ${path}\n${JSON.stringify(body)}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
