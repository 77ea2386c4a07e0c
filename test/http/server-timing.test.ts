import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { serverTiming } from "../helpers/server-timing";

/** Every response says what it cost: total time, D1 round trips and the time spent on them. */

describe("Server-Timing", () => {
  let user: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    user = await createUser("timing");
    organizationId = (await createOrganization(user)).id;
  });

  it("reports D1 round trips, their time and the total on a read", async () => {
    const response = await call("GET", `/v1/orgs/${organizationId}`, { token: user.token });
    expect(response.status).toBe(200);
    const timing = serverTiming(response);
    expect(timing.d1.roundTrips).toBeGreaterThanOrEqual(1);
    expect(timing.d1.dur).toBeGreaterThanOrEqual(0);
    expect(timing.total).toBeGreaterThanOrEqual(timing.d1.dur);
    expect(response.headers.get("server-timing")).toMatch(/^d1;dur=[\d.]+;desc="\d+ round trips?"(, [^,]+)*, total;dur=[\d.]+$/);
  });

  it("counts every round trip: a list page and its count are one batch", async () => {
    const timing = serverTiming(await call("GET", "/v1/orgs", { token: user.token }));
    // Authentication, then the page and its count in one db.batch.
    expect(timing.d1.roundTrips).toBeLessThanOrEqual(2);
    expect(timing.d1.roundTrips).toBeGreaterThanOrEqual(1);
  });

  it("is on errors too: a 401 made no round trip, a 404 says what it cost", async () => {
    const missing = await call("GET", `/v1/orgs/${organizationId}`);
    expect(missing.status).toBe(401);
    expect(serverTiming(missing).d1.roundTrips).toBe(0);

    const unknown = await call("GET", "/v1/no-such-route", { token: user.token });
    expect(unknown.status).toBe(404);
    expect(serverTiming(unknown).total).toBeGreaterThanOrEqual(0);
  });

  it("is on public routes and the operator's routes", async () => {
    const document = await call("GET", "/v1/openapi.json");
    expect(document.status).toBe(200);
    expect(serverTiming(document).d1.roundTrips).toBe(0);
    const created = await call("POST", "/admin/users", { token: "test-admin-token", body: { email: `timing-${Date.now()}@example.com`, displayName: "T" } });
    expect(created.status).toBe(201);
    expect(serverTiming(created).d1.roundTrips).toBeGreaterThanOrEqual(1);
  });
});
