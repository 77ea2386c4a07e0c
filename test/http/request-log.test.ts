import { expect, it, vi } from "vitest";
import { addMember, createOrganization, createUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";

/** One log line per request: its id, who called, and the message of a refusal. */

async function loggedRequest(send: () => Promise<{ headers: Headers }>) {
  const logged = vi.spyOn(console, "log");
  try {
    const response = await send();
    const requestId = response.headers.get("X-Request-Id");
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
    return lines.find((line) => line.message === "request" && line.requestId === requestId);
  } finally {
    logged.mockRestore();
  }
}

it("logs the caller's user id, and the error message of a 4xx", async () => {
  const [admin, reader] = await Promise.all([createUser("log-admin"), createUser("log-reader")]);
  const organization = await createOrganization(admin);
  await addMember(admin, organization.id, reader, "read");

  const refusal = await call("PATCH", `/v1/orgs/${organization.id}`, { token: reader.token, body: { title: "Mine now" } });
  const message = errorMessage(refusal, 403);
  const refused = await loggedRequest(() => call("PATCH", `/v1/orgs/${organization.id}`, { token: reader.token, body: { title: "Mine now" } }));
  expect(refused).toEqual({
    level: "info",
    message: "request",
    requestId: expect.any(String),
    method: "PATCH",
    path: `/v1/orgs/${organization.id}`,
    status: 403,
    ms: expect.any(Number),
    userId: reader.id,
    error: message,
  });

  const served = await loggedRequest(() => call("GET", "/v1/user", { token: admin.token }));
  expect(served).toMatchObject({ status: 200, userId: admin.id });
  expect(served).not.toHaveProperty("error");

  // A hot read identifies the caller inside its own read, and still names them.
  const hotRead = await loggedRequest(() => call("GET", `/v1/orgs/${organization.id}`, { token: reader.token }));
  expect(hotRead).toMatchObject({ status: 200, userId: reader.id });

  const anonymous = await loggedRequest(() => call("GET", "/v1/user"));
  expect(anonymous).toMatchObject({ status: 401, error: expect.stringMatching(/Missing API token/) });
  expect(anonymous.userId).toBeUndefined();
});
