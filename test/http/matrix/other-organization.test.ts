import { beforeAll, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { loadOperations, operationUrl, type Operation } from "./operations";

/**
 * A member of another organization gets 404 on every route that names an organization, space or
 * collection of this one, as if it did not exist; only the ways in (`outsiders`) are open.
 */

let operations: Operation[] = [];
let outsider: TestUser;
/** Real ids of one object of each kind, all in the owner's organization. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ operations } = await loadOperations());
  const owner = await createUser("owner");
  ids.organizationId = (await createOrganization(owner)).id;
  outsider = await createUser("outsider");
  await createOrganization(outsider);
  ids.collectionId = (await call("POST", `/v1/orgs/${ids.organizationId}/collections`, { token: owner.token, body: {} })).body.id;
  ids.spaceId = (await call("POST", `/v1/orgs/${ids.organizationId}/spaces`, { token: owner.token, body: {} })).body.id;
  ids.changeRequestId = (await call("POST", `/v1/spaces/${ids.spaceId}/change-requests`, { token: owner.token, body: {} })).body.id;
  expect(ids.collectionId && ids.spaceId && ids.changeRequestId).toBeTruthy();
});

it("answers 404 to a member of another organization, as if the object did not exist", async () => {
  const scoped = operations.filter(
    (operation) =>
      /^\/v1\/(orgs\/\{organizationId\}|spaces\/\{spaceId\}|collections\/\{collectionId\})/.test(operation.path) &&
      !(operation.permission && "outsiders" in operation.permission),
  );
  expect(scoped.length).toBeGreaterThanOrEqual(60);
  const failures = (
    await Promise.all(
      scoped.map(async (operation) => {
        const { method, operationId, example } = operation;
        // The example body is valid, so the 404 comes from the access check and not from a 400.
        const body = method === "get" || method === "delete" ? undefined : (example ?? {});
        const response = await call(method.toUpperCase(), operationUrl(operation, ids), { token: outsider.token, body });
        if (response.status !== 404) return [`${operationId}: ${response.status} ${JSON.stringify(response.body)}`];
        expect(errorMessage(response, 404)).toMatch(/not found$/);
        return [];
      }),
    )
  ).flat();
  expect(failures).toEqual([]);
});

it("leaves open only the ways into an organization (and the look at an invite link before taking it)", () => {
  const open = operations.filter((operation) => operation.permission && "outsiders" in operation.permission).map((operation) => operation.operationId);
  expect(open.sort()).toEqual(["getOrganizationInviteLink", "joinOrganization", "joinOrganizationWithInvite", "listSSOProviderLoginsInOrganization"]);
});
