import { GitBookAPIError } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { gitbookClient } from "../../helpers/fixtures";
import { ADMIN_TOKEN, call } from "../../helpers/http";
import { operationUrl, type Operation } from "./operations";
import { expectation } from "./permission-table";
import { idsFor, snapshot, useMatrix } from "./world";

/**
 * Every operation of the served document that takes a body keeps what the document says of it
 * (`requestBody.required`), called with no body by a caller allowed to act, on objects of its own:
 * a required body left out is a 400 naming the body, with nothing changed; an optional one left
 * out is accepted as `{}` (the route answers as for `{}`: done, or a refusal about something else).
 * A body left out reaches us two ways: no bytes and no Content-Type (curl, fetch), and no bytes
 * under `Content-Type: application/json` (GitBook's client when an optional body is not given).
 */

const matrix = useMatrix();

const LEFT_OUT = {
  "no Content-Type": {},
  "a JSON Content-Type": { "content-type": "application/json" },
} as const;

/** The token of a caller the operation lets act: its declared least role, any user, or the operator. */
function actingToken(operation: Operation): string {
  if (!operation.permission) return ADMIN_TOKEN;
  const expected = expectation(operation.permission);
  return expected ? matrix.world.actors[expected.lowest].token : matrix.world.owner.token;
}

/** What went against the document, for one operation called without a body each way (nothing when it kept it). */
async function leaveBodyOut(operation: Operation): Promise<string[]> {
  const ids = await idsFor(matrix.world, operation);
  const token = actingToken(operation);
  const readAs = operation.permission ? matrix.world.owner.token : ADMIN_TOKEN;
  const wrong: string[] = [];
  for (const [how, headers] of Object.entries(LEFT_OUT)) {
    const before = await snapshot(matrix.world, operation, ids, matrix.readable, readAs);
    const response = await call(operation.method.toUpperCase(), operationUrl(operation, ids), { token, headers });
    const message: string = response.body?.error?.message ?? "";
    const got = `${response.status} ${message}`;
    if (operation.bodyRequired) {
      if (response.status !== 400 || !/^Invalid request body: a JSON body is required/.test(message)) wrong.push(`${operation.operationId}, ${how}: required, got ${got}`);
      else if (JSON.stringify(await snapshot(matrix.world, operation, ids, matrix.readable, readAs)) !== JSON.stringify(before)) wrong.push(`${operation.operationId}, ${how}: the 400 changed something`);
    } else if (response.status >= 300 && (response.status >= 500 || response.status === 415 || /body/i.test(message))) {
      wrong.push(`${operation.operationId}, ${how}: optional, got ${got}`);
    }
  }
  return wrong;
}

describe("a body left out", () => {
  it("is a 400 naming the body where the document requires one, and accepted as {} where it is optional", async () => {
    const withBody = matrix.operations.filter((operation) => operation.bodyRequired !== undefined);
    expect(withBody.length).toBeGreaterThanOrEqual(60);
    expect(withBody.filter((operation) => !operation.bodyRequired).length).toBeGreaterThanOrEqual(8);
    // As in roles.test.ts: organization routes read lists the others add to, so they run one at a time, after.
    const inOrganization = (operation: Operation) => operation.path.startsWith("/v1/orgs/");
    const wrong = (await Promise.all(withBody.filter((operation) => !inOrganization(operation)).map(leaveBodyOut))).flat();
    for (const operation of withBody.filter(inOrganization)) wrong.push(...(await leaveBodyOut(operation)));
    expect(wrong).toEqual([]);
  }, 120_000);

  it("is accepted through GitBook's client where the body is optional", async () => {
    const api = gitbookClient(matrix.world.owner);
    const { data: space } = await api.orgs.createSpace(matrix.world.organizationId, undefined as never);
    expect(space.object).toBe("space");
    expect(space.visibility).toBe("private");
    const { data: collection } = await api.orgs.createCollection(matrix.world.organizationId, undefined as never);
    expect(collection.object).toBe("collection");
  });

  it("is refused through GitBook's client where the body is required", async () => {
    const api = gitbookClient(matrix.world.owner);
    const space = await createSpace(matrix.world.owner, matrix.world.organizationId);
    const refused = await api.spaces.createChangeRequest(space.id, undefined as never).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitBookAPIError);
    expect((refused as GitBookAPIError).code).toBe(400);
    expect((refused as GitBookAPIError).errorMessage).toMatch(/^Invalid request body: a JSON body is required/);
  });
});
