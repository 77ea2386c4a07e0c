import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { addMember, createOrganization, createUser } from "../../helpers/fixtures";
import { grantTo, grantToTeam, levelOfSpacePermissions, teamWith } from "../../helpers/grants";
import { call } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/**
 * A member's level on each space of a list (the organization's spaces, a collection's) and on each
 * collection of the organization's list, with and without grants: the lists look grants up only
 * for a caller who holds one in the organization (content-tree/granted-levels.ts,
 * `grantedOnListedSpace`), so both paths are here, in an organization of their own. Guests' lists
 * are in guest-lists.test.ts.
 */

describe("a member's level on listed spaces", () => {
  it("is their role until a grant (theirs, their team's, or a collection's above) raises it, caller by caller", async () => {
    const admin = await createUser("member-lists-admin");
    const raised = await createUser("member-lists-raised");
    const plain = await createUser("member-lists-plain");
    const organizationId = (await createOrganization(admin)).id;
    await addMember(admin, organizationId, raised, "read");
    await addMember(admin, organizationId, plain, "read");
    const shelf = (await call("POST", `/v1/orgs/${organizationId}/collections`, { token: admin.token, body: { title: "Shelf" } })).body.id as string;
    const top = (await createSpace(admin, organizationId)).id;
    const shelved = (await createSpace(admin, organizationId, { parent: shelf })).id;
    const alsoShelved = (await createSpace(admin, organizationId, { parent: shelf })).id;

    const levels = async (caller: typeof admin, path: string, operationId: string) => {
      const response = await call("GET", `${path}?limit=100`, { token: caller.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expectSpecResponse(operationId, 200, response.body);
      return Object.fromEntries(response.body.items.map((space: { id: string; permissions: Record<string, boolean> }) => [space.id, levelOfSpacePermissions(space.permissions)]));
    };
    const ofOrganization = (caller: typeof admin) => levels(caller, `/v1/orgs/${organizationId}/spaces`, "listSpacesInOrganizationById");
    const ofShelf = (caller: typeof admin) => levels(caller, `/v1/collections/${shelf}/spaces`, "listSpacesInCollectionById");

    const shelves = async (caller: typeof admin) => {
      const response = await call("GET", `/v1/orgs/${organizationId}/collections?limit=100`, { token: caller.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expectSpecResponse("listCollectionsInOrganizationById", 200, response.body);
      return Object.fromEntries(response.body.items.map((item: { id: string; permissions: Record<string, boolean> }) => [item.id, item.permissions.admin ? "admin" : item.permissions.create ? "create" : "read"]));
    };

    expect(await ofOrganization(raised)).toEqual({ [top]: "read", [shelved]: "read", [alsoShelved]: "read" });
    expect(await shelves(raised)).toEqual({ [shelf]: "read" });
    expect(await ofShelf(raised)).toEqual({ [shelved]: "read", [alsoShelved]: "read" });

    await grantToTeam(admin, { kind: "space", id: top }, await teamWith(admin, organizationId, [raised]), "edit");
    await grantTo(admin, { kind: "collection", id: shelf }, raised, "review");
    await grantTo(admin, { kind: "space", id: alsoShelved }, raised, "admin");
    expect(await ofOrganization(raised)).toEqual({ [top]: "edit", [shelved]: "review", [alsoShelved]: "admin" });
    expect(await ofShelf(raised)).toEqual({ [shelved]: "review", [alsoShelved]: "admin" });
    await grantTo(admin, { kind: "collection", id: shelf }, plain, "admin");
    expect(await shelves(plain)).toEqual({ [shelf]: "admin" });
    expect(await shelves(raised)).toEqual({ [shelf]: "read" });
    // Another member's grants give nothing to this one, nor theirs to the other.
    expect(await ofOrganization(plain)).toEqual({ [top]: "read", [shelved]: "admin", [alsoShelved]: "admin" });
    expect(await ofShelf(plain)).toEqual({ [shelved]: "admin", [alsoShelved]: "admin" });
    expect(await ofOrganization(admin)).toEqual({ [top]: "admin", [shelved]: "admin", [alsoShelved]: "admin" });
  });
});
