import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../helpers/fixtures";
import { call, errorMessage } from "../helpers/http";
import { IDP_CERTIFICATE } from "../helpers/certificate";
import { specOperation } from "../helpers/spec";

/**
 * Checks that run for every route of our OpenAPI document, so a new route is covered the moment
 * it is declared: it must match GitBook's spec, refuse callers without a valid token, and hide
 * organizations the caller is not a member of.
 */

interface Operation {
  method: string;
  path: string;
  operationId: string;
}

const OUR_OWN_OPERATIONS = new Set([
  "adminCreateUser",
  "adminCreateUserToken",
  "transferSpace",
  // Link reports and backlinks of seed 4.1, 4.2 and 4.4, which GitBook's spec does not list.
  "listSpaceLinks",
  "listSpaceFileBacklinks",
  "listSpacePageLinks",
  "listChangeRequestFileBacklinks",
  "listChangeRequestPageLinks",
  "listChangeRequestPageBacklinks",
]);
/** Routes an outsider may call by design, each with the reason. */
const OPEN_TO_OUTSIDERS: Record<string, string> = {
  joinOrganization: "joining is how an outsider becomes a member (checked by email domain)",
  joinOrganizationWithInvite: "an invite link is how an outsider becomes a member",
  listSSOProviderLoginsInOrganization: "the sign-in providers are what someone not yet in the organization signs in with",
};

let operations: Operation[] = [];

beforeAll(async () => {
  const document = await call("GET", "/v1/openapi.json");
  expect(document.status).toBe(200);
  for (const [path, methods] of Object.entries<Record<string, { operationId: string }>>(document.body.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.push({ method, path, operationId: operation.operationId });
  }
});

/** A concrete URL for a templated path, with the ids given and made-up other ids. */
function concretePath(path: string, ids: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? (name === "emailDomain" ? "example.com" : `unknown${name}`));
}

describe("the OpenAPI document", () => {
  it("is served without a token as OpenAPI 3.1, generated from the route schemas", async () => {
    const document = await call("GET", "/v1/openapi.json");
    expect(document.body.openapi).toBe("3.1.0");
    expect(operations.length).toBeGreaterThanOrEqual(19);
    expect(document.body.components.schemas.Organization).toBeDefined();
  });

  it("uses GitBook's method, path and operationId for every /v1 operation", () => {
    for (const operation of operations) {
      if (OUR_OWN_OPERATIONS.has(operation.operationId)) continue;
      expect(operation.path.startsWith("/v1/"), operation.operationId).toBe(true);
      expect(specOperation(operation.operationId), operation.operationId).toEqual({
        method: operation.method,
        path: operation.path.slice("/v1".length),
      });
    }
  });

  it("declares the user-token security on every /v1 route", async () => {
    const document = await call("GET", "/v1/openapi.json");
    for (const [path, methods] of Object.entries<Record<string, { security?: unknown }>>(document.body.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, operation] of Object.entries(methods)) expect(operation.security, `${method} ${path}`).toEqual([{ user: [] }]);
    }
  });

  it("has unique operationIds", () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("every /v1 route", () => {
  it("answers 401 without a token, with a malformed header, and with an unknown token", async () => {
    for (const { method, path, operationId } of operations.filter((operation) => operation.path.startsWith("/v1/"))) {
      const url = concretePath(path);
      const attempts: Record<string, string>[] = [{}, { authorization: "Basic dXNlcjpwYXNz" }, { authorization: "Bearer gb_api_unknown" }];
      for (const headers of attempts) {
        const response = await call(method.toUpperCase(), url, { headers, body: method === "get" ? undefined : {} });
        expect(response.status, `${operationId} with ${JSON.stringify(headers)}`).toBe(401);
        errorMessage(response, 401);
      }
    }
  });

  describe("on another organization's objects", () => {
    let outsider: TestUser;
    let outsiderOrganizationId: string;
    /** Real ids of one object of each kind, all in the owner's organization. */
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const owner = await createUser("owner");
      ids.organizationId = (await createOrganization(owner)).id;
      outsider = await createUser("outsider");
      outsiderOrganizationId = (await createOrganization(outsider)).id;
      ids.collectionId = (await call("POST", `/v1/orgs/${ids.organizationId}/collections`, { token: owner.token, body: {} })).body.id;
      ids.spaceId = (await call("POST", `/v1/orgs/${ids.organizationId}/spaces`, { token: owner.token, body: {} })).body.id;
      ids.changeRequestId = (await call("POST", `/v1/spaces/${ids.spaceId}/change-requests`, { token: owner.token, body: {} })).body.id;
      expect(ids.collectionId && ids.spaceId && ids.changeRequestId).toBeTruthy();
    });

    it("answers 404 to a member of another organization, as if they did not exist", async () => {
      const scoped = operations.filter(
        (operation) =>
          /^\/v1\/(orgs\/\{organizationId\}|spaces\/\{spaceId\}|collections\/\{collectionId\})/.test(operation.path) &&
          !(operation.operationId in OPEN_TO_OUTSIDERS),
      );
      expect(scoped.length).toBeGreaterThanOrEqual(40);
      for (const { method, path, operationId } of scoped) {
        const body = method === "get" || method === "delete" ? undefined : validBodyFor(operationId, outsiderOrganizationId);
        const response = await call(method.toUpperCase(), concretePath(path, ids), { token: outsider.token, body });
        expect(response.status, operationId).toBe(404);
        expect(errorMessage(response, 404)).toMatch(/not found$/);
      }
    });
  });
});

/** A body that passes validation, so the 404 comes from the access check and not from a 400. */
function validBodyFor(operationId: string, outsiderOrganizationId: string): unknown {
  switch (operationId) {
    case "updateSpaceById":
    case "updateCollectionById":
      return { title: "Renamed" };
    case "moveSpace":
    case "moveCollection":
      return { parent: null };
    case "transferSpace":
    case "transferCollection":
      return { organization: outsiderOrganizationId };
    case "createOrganizationTeam":
    case "updateTeamInOrganizationById":
      return { title: "Team" };
    case "createOrganizationSAMLProvider":
      return { label: "IdP", entityID: "https://idp.example.com", certificate: IDP_CERTIFICATE, ssoURL: "https://idp.example.com/sso" };
    case "updateOrganizationById":
      return { title: "Renamed" };
    case "updateMemberInOrganizationById":
    case "createOrganizationInvite":
      return { role: "read" };
    case "updateChangeRequestById":
      return { subject: "Renamed" };
    case "updateChangeRequestContent":
      return { changes: [{ operation: "insert_page", title: "Page", document: { markdown: "Hello" } }] };
    case "submitChangeRequestReview":
      return { status: "approved" };
    case "requestReviewersForChangeRequest":
      return { users: ["someone"] };
    case "updateOrganizationAgentInstructions":
      return { instructions: { object: "document", data: {}, nodes: [] } };
    default:
      return {};
  }
}
