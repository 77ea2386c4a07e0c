import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { commitToMain, createChangeRequest, createSpace, createdPage } from "../helpers/content";
import { addMember, createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { serverTiming } from "../helpers/server-timing";

/**
 * The hot reads authenticate, authorize and read in one D1 round trip (the token's lookup sent in
 * the batch of the read's own statements), and still answer 401 before anything else for a
 * missing or unknown token. Counted through the Server-Timing header.
 */

const UNKNOWN_TOKEN = "gb_api_this-token-was-never-issued-to-anyone-at-all";
const NO_SUCH_ID = "aaaaaaaaaaaaaaaaaaaa";

describe("reads in one round trip", () => {
  let admin: TestUser;
  let reader: TestUser;
  let organizationId: string;
  let spaceId: string;
  let pageId: string;
  let changeRequestId: string;

  const roundTrips = async (user: TestUser, path: string) => {
    const response = await call("GET", path, { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return serverTiming(response).d1.roundTrips;
  };

  beforeAll(async () => {
    admin = await createUser("trips-admin");
    reader = await createUser("trips-reader");
    organizationId = (await createOrganization(admin)).id;
    await addMember(admin, organizationId, reader, "read");
    spaceId = (await createSpace(admin, organizationId)).id;
    pageId = createdPage(await commitToMain(admin, spaceId, [{ operation: "insert_page", ref: "p", title: "P", document: { markdown: "p\n" } }]), "p");
    changeRequestId = (await createChangeRequest(admin, spaceId)).id;
  });

  it("GET /v1/spaces/{id} and GET /v1/orgs/{id}: one round trip", async () => {
    expect(await roundTrips(reader, `/v1/spaces/${spaceId}`)).toBe(1);
    expect(await roundTrips(reader, `/v1/orgs/${organizationId}`)).toBe(1);
  });

  it("content reads: one round trip when cached, two when read", async () => {
    const paths = [
      `/v1/spaces/${spaceId}/content`,
      `/v1/spaces/${spaceId}/content/pages`,
      `/v1/spaces/${spaceId}/content/page/${pageId}`,
      `/v1/spaces/${spaceId}/content/files`,
      `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`,
    ];
    for (const path of paths) {
      await call("GET", path, { token: reader.token });
      expect(await roundTrips(reader, path), path).toBe(1);
      const fresh = await call("GET", path, { token: reader.token, headers: { "Cache-Control": "no-cache" } });
      expect(serverTiming(fresh).d1.roundTrips, path).toBe(2);
    }
  });

  it("a missing or unknown token is a 401 before anything else: not a 404, 403 or 400", async () => {
    const paths = [
      `/v1/spaces/${spaceId}`,
      `/v1/spaces/${NO_SUCH_ID}`,
      `/v1/orgs/${organizationId}`,
      `/v1/orgs/${NO_SUCH_ID}`,
      `/v1/spaces/${spaceId}/content/page/${pageId}`,
      `/v1/spaces/${NO_SUCH_ID}/content/pages`,
      `/v1/spaces/${spaceId}/change-requests/${NO_SUCH_ID}/content`,
      // Invalid parameters: validation refuses them only once the caller is known.
      `/v1/spaces/${spaceId}/content/page/${pageId}?format=pdf`,
      `/v1/spaces/not-an-id!/content/pages`,
    ];
    for (const path of paths) {
      expect(errorMessage(await call("GET", path, { token: UNKNOWN_TOKEN }), 401), path).toBe("Invalid API token");
      expect(errorMessage(await call("GET", path), 401), path).toMatch(/Missing API token/);
    }
    // A known caller gets the real answers.
    expect((await call("GET", `/v1/spaces/${NO_SUCH_ID}`, { token: reader.token })).status).toBe(404);
    expect((await call("GET", `/v1/spaces/${spaceId}/content/page/${pageId}?format=pdf`, { token: reader.token })).status).toBe(400);
  });

  it("an unknown token costs the one round trip that found it unknown", async () => {
    const response = await call("GET", `/v1/spaces/${spaceId}`, { token: UNKNOWN_TOKEN });
    expect(response.status).toBe(401);
    expect(serverTiming(response).d1.roundTrips).toBe(1);
  });

  it("a token that stops existing is refused on the very next request (nothing caches token -> user)", async () => {
    const user = await createUser("trips-revoked");
    await addMember(admin, organizationId, user, "read");
    const cachedPath = `/v1/spaces/${spaceId}/content/pages`;
    for (const path of [`/v1/spaces/${spaceId}`, `/v1/orgs/${organizationId}`, cachedPath]) {
      expect((await call("GET", path, { token: user.token })).status, path).toBe(200);
    }
    // No API revokes tokens yet: the row is deleted directly, which is what revoking does.
    await env.DB.prepare("DELETE FROM api_tokens WHERE user_id = ?").bind(user.id).run();
    for (const path of [`/v1/spaces/${spaceId}`, `/v1/orgs/${organizationId}`, cachedPath, "/v1/user"]) {
      expect(errorMessage(await call("GET", path, { token: user.token }), 401), path).toBe("Invalid API token");
    }
  });
});
