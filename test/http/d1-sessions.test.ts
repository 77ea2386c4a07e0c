import { beforeAll, describe, expect, it } from "vitest";
import { createChangeRequest, createSpace } from "../helpers/content";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { serverTiming } from "../helpers/server-timing";

/**
 * D1's Sessions API: every response returns its session's bookmark in `x-d1-bookmark`, and a
 * request that sends one back reads at least what that response saw or wrote (local mode runs
 * one database, so "at least as new" is checked on the bookmarks themselves: they sort oldest to
 * newest as strings).
 */

const HEADER = "x-d1-bookmark";

describe("D1 sessions and bookmarks", () => {
  let user: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    user = await createUser("sessions");
    organizationId = (await createOrganization(user)).id;
  });

  const bookmarkOf = (response: { headers: Headers }) => {
    const bookmark = response.headers.get(HEADER);
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/i);
    return bookmark!;
  };

  it("returns the session's bookmark, and accepts it back", async () => {
    const first = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token });
    const bookmark = bookmarkOf(first);
    const again = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token, headers: { [HEADER]: bookmark } });
    expect(again.status).toBe(200);
    expect(bookmarkOf(again) >= bookmark).toBe(true);
  });

  it("a write's bookmark is newer than the reads before it, and a read with it sees the write", async () => {
    const before = bookmarkOf(await call("GET", `/v1/orgs/${organizationId}`, { token: user.token }));
    const renamed = await call("PATCH", `/v1/orgs/${organizationId}`, { token: user.token, body: { title: "Renamed by a session" } });
    expect(renamed.status).toBe(200);
    const written = bookmarkOf(renamed);
    expect(written > before).toBe(true);
    const read = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token, headers: { [HEADER]: written } });
    expect(read.body.title).toBe("Renamed by a session");
  });

  it("the bookmark after a content edit covers the coordinator's writes, made in its own session", async () => {
    const space = await createSpace(user, organizationId);
    const changeRequest = await createChangeRequest(user, space.id);
    const before = bookmarkOf(await call("GET", `/v1/spaces/${space.id}`, { token: user.token }));
    const edit = await call("POST", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`, {
      token: user.token,
      body: { changes: [{ operation: "insert_page", title: "Seen", document: { markdown: "seen\n" } }] },
    });
    expect(edit.status).toBe(200);
    const after = bookmarkOf(edit);
    expect(after > before).toBe(true);
    const pages = await call("GET", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/pages`, { token: user.token, headers: { [HEADER]: after } });
    expect(pages.body.pages.map((page: { title: string }) => page.title)).toEqual(["Seen"]);
  });

  it("a response that ran no statement hands the client's bookmark back; without one it has none", async () => {
    const given = bookmarkOf(await call("GET", `/v1/orgs/${organizationId}`, { token: user.token }));
    const document = await call("GET", "/v1/openapi.json", { headers: { [HEADER]: given } });
    expect(document.headers.get(HEADER)).toBe(given);
    expect((await call("GET", "/v1/openapi.json")).headers.get(HEADER)).toBeNull();
  });

  it("refuses a malformed bookmark with a 400 naming the header, before anything runs", async () => {
    for (const bad of ["not a bookmark", "zz-00", "0".repeat(65), "00000000-" + "0".repeat(64) + "-x"]) {
      const response = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token, headers: { [HEADER]: bad } });
      expect(errorMessage(response, 400), bad).toMatch(/'x-d1-bookmark'/);
      expect(serverTiming(response).d1.roundTrips, bad).toBe(0);
    }
  });
});
