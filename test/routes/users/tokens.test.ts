import { describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { ADMIN_TOKEN, call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";

/** API tokens: a user lists and revokes their own; the operator lists, makes and revokes anyone's. */

type ApiToken = { object: "api-token"; id: string; label?: string; hint: string; createdAt: string };

async function newToken(user: TestUser, label?: string): Promise<{ token: string; apiToken: ApiToken }> {
  const response = await call("POST", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN, body: label === undefined ? undefined : { label } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const listOwn = (token: string, expectedCount: number, limit?: number) =>
  walkList<ApiToken>("/v1/user/tokens", { limit }, { token, operationId: null, expectedCount });

describe("GET /v1/user/tokens and DELETE /v1/user/tokens/{tokenId}", () => {
  it("lists the caller's tokens newest first, with label and last characters but never the token", async () => {
    const user = await createUser("token-lister");
    const second = await newToken(user, "CI publishing");
    const third = await newToken(user);
    expect(second.apiToken).toEqual({ object: "api-token", id: expect.any(String), label: "CI publishing", hint: `…${second.token.slice(-4)}`, createdAt: expect.any(String) });
    expect(third.apiToken.label).toBeUndefined();

    const listed = await listOwn(user.token, 3, 2);
    expect(listed.map((token) => token.id).slice(0, 2)).toEqual([third.apiToken.id, second.apiToken.id]);
    expect(listed[2]).toMatchObject({ object: "api-token", label: "First token", hint: `…${user.token.slice(-4)}` });
    expect(JSON.stringify(listed)).not.toContain(second.token);
    expect(JSON.stringify(listed)).not.toContain(user.token);
  });

  it("revokes a token: the next request with it is a 401, the others keep working", async () => {
    const user = await createUser("token-revoker");
    const spare = await newToken(user, "spare");
    expect((await call("GET", "/v1/user", { token: spare.token })).status).toBe(200);

    const revoked = await call("DELETE", `/v1/user/tokens/${spare.apiToken.id}`, { token: user.token });
    expect(revoked.status).toBe(204);
    expect(errorMessage(await call("GET", "/v1/user", { token: spare.token }), 401)).toBe("Invalid API token");
    expect((await call("GET", "/v1/user", { token: user.token })).status).toBe(200);
    expect((await listOwn(user.token, 1)).map((token) => token.id)).not.toContain(spare.apiToken.id);
    // Revoking it again: it is gone.
    errorMessage(await call("DELETE", `/v1/user/tokens/${spare.apiToken.id}`, { token: user.token }), 404);
  });

  it("refuses a revoked token on the next read that authenticates in its own statement too (its hash is remembered, its row is not)", async () => {
    const user = await createUser("token-revoker-reads");
    const organization = await createOrganization(user);
    const spare = await newToken(user, "spare");
    // Read twice first, so this isolate has hashed the token already.
    for (let read = 0; read < 2; read++) expect((await call("GET", `/v1/orgs/${organization.id}`, { token: spare.token })).status).toBe(200);

    expect((await call("DELETE", `/v1/user/tokens/${spare.apiToken.id}`, { token: user.token })).status).toBe(204);
    expect(errorMessage(await call("GET", `/v1/orgs/${organization.id}`, { token: spare.token }), 401)).toBe("Invalid API token");
  });

  it("lets a caller revoke the very token they call with", async () => {
    const user = await createUser("token-self-revoker");
    const current = (await listOwn(user.token, 1))[0]!;
    expect((await call("DELETE", `/v1/user/tokens/${current.id}`, { token: user.token })).status).toBe(204);
    errorMessage(await call("GET", "/v1/user/tokens", { token: user.token }), 401);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const [owner, other] = await Promise.all([createUser("token-owner"), createUser("token-other")]);
    const ownersToken = (await listOwn(owner.token, 1))[0]!;
    errorMessage(await call("DELETE", `/v1/user/tokens/${ownersToken.id}`, { token: other.token }), 404);
    expect((await call("GET", "/v1/user", { token: owner.token })).status).toBe(200);
    expect((await listOwn(other.token, 1)).map((token) => token.id)).not.toContain(ownersToken.id);
  });

  it("refuses a bad limit or token id with a 400 naming it", async () => {
    const user = await createUser("token-bad-input");
    expect(errorMessage(await call("GET", "/v1/user/tokens?limit=5000", { token: user.token }), 400)).toMatch(/limit/);
    expect(errorMessage(await call("DELETE", "/v1/user/tokens/not%20an%20id", { token: user.token }), 400)).toMatch(/tokenId/);
  });
});

describe("the operator's token routes", () => {
  it("lists any user's tokens and revokes one of them", async () => {
    const user = await createUser("token-operated");
    const extra = await newToken(user, "laptop");
    const listed = await call("GET", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(2);
    expect(listed.body.items.map((token: ApiToken) => token.label)).toEqual(["laptop", "First token"]);

    expect((await call("DELETE", `/admin/users/${user.id}/tokens/${extra.apiToken.id}`, { token: ADMIN_TOKEN })).status).toBe(204);
    errorMessage(await call("GET", "/v1/user", { token: extra.token }), 401);
    expect((await call("GET", "/v1/user", { token: user.token })).status).toBe(200);
  });

  it("answers 404 for an unknown user or a token of another user, and 401 without the admin token", async () => {
    const [user, other] = await Promise.all([createUser("token-operated-a"), createUser("token-operated-b")]);
    const othersToken = (await listOwn(other.token, 1))[0]!;
    errorMessage(await call("GET", "/admin/users/noSuchUser/tokens", { token: ADMIN_TOKEN }), 404);
    errorMessage(await call("DELETE", `/admin/users/${user.id}/tokens/${othersToken.id}`, { token: ADMIN_TOKEN }), 404);
    expect((await call("GET", "/v1/user", { token: other.token })).status).toBe(200);
    errorMessage(await call("GET", `/admin/users/${user.id}/tokens`, { token: user.token }), 401);
    errorMessage(await call("DELETE", `/admin/users/${user.id}/tokens/${othersToken.id}`), 401);
  });

  it("refuses a label that is empty or too long, naming it", async () => {
    const user = await createUser("token-label");
    const tooLong = await call("POST", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN, body: { label: "x".repeat(101) } });
    expect(errorMessage(tooLong, 400)).toMatch(/label.*100/);
    expect(errorMessage(await call("POST", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN, body: { label: "" } }), 400)).toMatch(/label/);
    expect((await call("GET", `/admin/users/${user.id}/tokens`, { token: ADMIN_TOKEN })).body.count).toBe(1);
  });
});
