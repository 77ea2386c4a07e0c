import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { specBodyRequired, specOperation } from "../../helpers/spec";
import { spec0146BodyRequired, spec0146Operation } from "../../helpers/spec-0146";
import { loadOperations, type Operation } from "./operations";

/**
 * The document itself: every route of it matches GitBook's spec where GitBook has it. The other
 * files of this folder call every route of it (tokens, other organizations, roles).
 */

const OUR_OWN_OPERATIONS = new Set([
  // GitBook's 0.146 operation, gone from 0.202 (checked against 0.146 in test/routes/git).
  "deleteLegacyGitInstallation",
  "adminCreateUser",
  "adminCreateUserToken",
  // Token management: a user's own tokens, and the operator's view of anyone's.
  "adminListUserTokens",
  "adminRevokeUserToken",
  "listAuthenticatedUserTokens",
  "revokeAuthenticatedUserToken",
  "transferSpace",
  // The catalogue of templates (issue 12): GitBook's spec has the SpaceTemplate shape but no list.
  "listSpaceTemplates",
  // Seed 4.12's section-group membership operations: in GitBook's 0.146 spec, gone from 0.202.
  "addSectionToGroup",
  "removeSectionFromGroup",
  // The pending invitations by email that inviteUsersToOrganization makes: GitBook lists and revokes none.
  "listOrganizationEmailInvites",
  "deleteOrganizationEmailInviteById",
]);
let operations: Operation[] = [];

beforeAll(async () => {
  ({ operations } = await loadOperations());
});

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
      // Support conversations, link reports and backlinks are in GitBook's 0.146 spec only.
      const gitbook = spec0146Operation(operation.operationId) ?? specOperation(operation.operationId);
      expect(gitbook, operation.operationId).toEqual({
        method: operation.method,
        path: operation.path.slice("/v1".length),
      });
    }
  });

  it("requires a body exactly where GitBook's spec does (request-bodies.test.ts calls each without one)", () => {
    const differing = operations.flatMap((operation) => {
      if (OUR_OWN_OPERATIONS.has(operation.operationId)) return [];
      const gitbook = spec0146Operation(operation.operationId) ? spec0146BodyRequired(operation.operationId) : specBodyRequired(operation.operationId);
      return gitbook === operation.bodyRequired ? [] : [`${operation.operationId}: ours ${operation.bodyRequired}, GitBook's ${gitbook}`];
    });
    expect(differing).toEqual([]);
  });

  it("declares the user-token security on every /v1 route (and the site token on the reads of published content; none needed to resolve a published URL)", async () => {
    const document = await call("GET", "/v1/openapi.json");
    for (const [path, methods] of Object.entries<Record<string, { security?: unknown; "x-permission"?: object }>>(document.body.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const expected = operation["x-permission"] && "anyone" in operation["x-permission"] ? [{}, { user: [] }] : [{ user: [] }];
        const security = operation.security as unknown[];
        const withSite = JSON.stringify(security) === JSON.stringify([...expected, { site: [] }]);
        expect(withSite ? [...expected, { site: [] }] : expected, `${method} ${path}`).toEqual(security);
      }
    }
  });

  it("has unique operationIds", () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
