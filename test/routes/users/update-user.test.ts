import { describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/** `PATCH /v1/users/{userId}` (GitBook's `updateUserById`): a user changes their own profile. */

describe("updating a user", () => {
  it("changes the caller's own name and photo, through GitBook's client", async () => {
    const user = await createUser("profile");
    const { data } = await gitbookClient(user).users.updateUserById(user.id, { displayName: "Ada Lovelace", photoURL: "https://example.com/ada.png" });
    expectSpecResponse("updateUserById", 200, data);
    expect(data).toEqual({
      object: "user",
      id: user.id,
      displayName: "Ada Lovelace",
      email: user.email,
      photoURL: "https://example.com/ada.png",
      urls: { location: `https://docs.test/v1/users/${user.id}` },
    });
    // Read back, by the user and as a fellow member sees them.
    expect((await call("GET", "/v1/user", { token: user.token })).body).toEqual(data);
    const admin = await createUser("profile-admin");
    const organization = await createOrganization(admin);
    await addMember(admin, organization.id, user, "read");
    expect((await call("GET", `/v1/users/${user.id}`, { token: admin.token })).body).toMatchObject({ displayName: "Ada Lovelace", photoURL: "https://example.com/ada.png" });
  });

  it("changes only the fields given", async () => {
    const user = await createUser("partial");
    await call("PATCH", `/v1/users/${user.id}`, { token: user.token, body: { photoURL: "https://example.com/a.png" } });
    const renamed = await call("PATCH", `/v1/users/${user.id}`, { token: user.token, body: { displayName: "  Grace Hopper " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: "Grace Hopper", photoURL: "https://example.com/a.png" });
  });

  it("refuses bad bodies with a 400 naming the field and limit, changing nothing", async () => {
    const user = await createUser("bad-profile");
    const cases: Array<[unknown, RegExp]> = [
      [{}, /at least one of 'displayName' and 'photoURL'/],
      [{ displayName: "" }, /'displayName'.*>=1/],
      [{ displayName: "   " }, /'displayName'.*>=1/],
      [{ displayName: "x".repeat(65) }, /'displayName'.*<=64/],
      [{ photoURL: "javascript:alert(1)" }, /'photoURL'.*http/],
      [{ photoURL: `https://example.com/${"x".repeat(2048)}` }, /'photoURL'.*2048/],
      [{ email: "new@example.com" }, /'email': not a field/],
    ];
    for (const [body, expected] of cases) {
      expect(errorMessage(await call("PATCH", `/v1/users/${user.id}`, { token: user.token, body }), 400)).toMatch(expected);
    }
    expect((await call("GET", "/v1/user", { token: user.token })).body.displayName).toBe("Test bad-profile");
  });

  it("refuses to change another user: 403 for one the caller can see, 404 for anyone else", async () => {
    const admin = await createUser("other-admin");
    const organization = await createOrganization(admin);
    const fellow = await createUser("fellow");
    await addMember(admin, organization.id, fellow, "read");
    const stranger = await createUser("stranger");
    // Even an organization admin may not change a member's profile.
    expect(errorMessage(await call("PATCH", `/v1/users/${fellow.id}`, { token: admin.token, body: { displayName: "Renamed" } }), 403)).toMatch(/only be changed by that user/);
    errorMessage(await call("PATCH", `/v1/users/${stranger.id}`, { token: admin.token, body: { displayName: "Renamed" } }), 404);
    errorMessage(await call("PATCH", "/v1/users/unknownUserId", { token: admin.token, body: { displayName: "Renamed" } }), 404);
    errorMessage(await call("PATCH", `/v1/users/${fellow.id}`, { body: { displayName: "Renamed" } }), 401);
    expect((await call("GET", "/v1/user", { token: fellow.token })).body.displayName).toBe("Test fellow");
    expect((await call("GET", "/v1/user", { token: stranger.token })).body.displayName).toBe("Test stranger");
  });
});
