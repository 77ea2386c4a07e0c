import { MemberRole } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, memberRole, organizationWithEveryRole } from "../../helpers/fixtures";
import { collectionLevel, invite, inviteOk, spaceLevel, userGrants, type Target } from "../../helpers/grants";
import { call, errorMessage } from "../../helpers/http";
import { walkList } from "../../helpers/lists";
import { createSite } from "../../helpers/sites";

/**
 * Invitations to a space or a collection of addresses no user has yet (`inviteToSpace`,
 * `inviteToCollection` with an email): pending, listed with the organization's email invitations,
 * accepted when a user is created with the address (a guest of the organization with the role
 * given there, or their organization invitation's role), taken back with role null or revoked, and
 * gone with the content when it is deleted or transferred.
 */

let f: Awaited<ReturnType<typeof organizationWithEveryRole>>;
let orgId: string;

let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}@invited.example`;

type Pending = { object: string; id: string; email: string; role: string | null; sso: boolean; createdAt: string; level?: string; space?: string; collection?: string };

/** The organization's pending invitations of `email`, as its admin lists them (GitBook-shaped pages walked). */
async function pendingOf(email: string): Promise<Pending[]> {
  const response = await call("GET", `/v1/orgs/${orgId}/email-invites?limit=1000`, { token: f.admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.items as Pending[]).filter((item) => item.email === email);
}

const spaceTarget = async (): Promise<Target> => ({ kind: "space", id: (await createSpace(f.admin, orgId)).id });
const collectionTarget = async (): Promise<Target> => ({ kind: "collection", id: (await call("POST", `/v1/orgs/${orgId}/collections`, { token: f.admin.token, body: { title: "Shelf" } })).body.id });

beforeAll(async () => {
  f = await organizationWithEveryRole();
  orgId = f.organization.id;
}, 60_000);

describe("inviting an address no user has to a space or a collection", () => {
  it("keeps a pending invitation, accepted when a user is created with the address: a guest with the role given there", async () => {
    const target = await spaceTarget();
    const email = newAddress("writer");
    const invited = await gitbookClient(f.admin).spaces.inviteToSpace(target.id, { role: MemberRole.Edit, users: [email.toUpperCase()] });
    expect(invited.status).toBe(204);
    const [invitation] = await pendingOf(email);
    expect(invitation).toEqual({ object: "email-invite", id: expect.any(String), email, role: null, sso: false, createdAt: expect.any(String), level: "edit", space: target.id });
    // Not a grant yet: the space's user list names users only.
    expect(await userGrants(f.admin, target, 0)).toEqual([]);

    const writer = await createUser("writer", email);
    expect(await memberRole(f.admin, orgId, writer.id)).toBeNull();
    expect(await spaceLevel(writer, target.id)).toBe("edit");
    expect(await userGrants(f.admin, target, 1)).toEqual([[writer.id, "edit"]]);
    expect(await pendingOf(email)).toEqual([]);
    // A guest: the organization's other content stays hidden.
    expect(await spaceLevel(writer, (await spaceTarget()).id)).toBe(404);
  });

  it("gives a collection and what is inside it, and keeps the role of an invitation to the organization", async () => {
    const target = await collectionTarget();
    const inside = (await createSpace(f.admin, orgId, { parent: target.id })).id;
    const email = newAddress("reviewer");
    await inviteOk(f.admin, target, { role: "create", users: [email] });
    const organizationInvite = await call("POST", `/v1/orgs/${orgId}/invites`, { token: f.admin.token, body: { emails: [{ email, role: "comment" }], sso: true } });
    expect(organizationInvite.status).toBe(200);
    const both = await pendingOf(email);
    expect(both.map((item) => [item.role, item.level ?? null, item.collection ?? null, item.sso])).toEqual([
      [null, "create", target.id, false],
      ["comment", null, null, true],
    ]);

    const reviewer = await createUser("reviewer", email);
    expect(await memberRole(f.admin, orgId, reviewer.id)).toBe("comment");
    // Both invitations are of one organization: they join it alone, so as the SSO member invited.
    expect((await call("GET", `/v1/orgs/${orgId}/members/${reviewer.id}`, { token: f.admin.token })).body.sso).toBe(true);
    expect(await collectionLevel(reviewer, target.id)).toBe("create");
    expect(await spaceLevel(reviewer, inside)).toBe("review");
    expect(await pendingOf(email)).toEqual([]);
  });

  it("renews an address invited again with its new role, keeping its id and date, and takes it back with role null", async () => {
    const target = await spaceTarget();
    const email = newAddress("renewed");
    await inviteOk(f.admin, target, { role: "read", users: [email] });
    const [first] = await pendingOf(email);
    await inviteOk(f.admin, target, { role: "admin", users: [email] });
    expect(await pendingOf(email)).toEqual([{ ...first, level: "admin" }]);

    // An address invited nowhere here is unknown to role null, as a user given nothing is.
    expect(errorMessage(await invite(f.admin, target, { role: null, users: [newAddress("never")] }), 404)).toContain("User");
    await inviteOk(f.admin, target, { role: null, users: [email] });
    expect(await pendingOf(email)).toEqual([]);
    const later = await createUser("renewed", email);
    expect(await memberRole(f.admin, orgId, later.id)).toBe("not a member");
  });

  it("is revoked like any email invitation: the user created later gets nothing", async () => {
    const target = await collectionTarget();
    const email = newAddress("revoked");
    await inviteOk(f.admin, target, { role: "edit", users: [email] });
    const [invitation] = await pendingOf(email);
    expect((await call("DELETE", `/v1/orgs/${orgId}/email-invites/${invitation!.id}`, { token: f.admin.token })).status).toBe(205);
    const later = await createUser("revoked", email);
    expect(await memberRole(f.admin, orgId, later.id)).toBe("not a member");
  });

  it("is for the organization's admins only: a space's administrator who is not one is refused (403), nothing changes", async () => {
    const own = await createSpace(f.create, orgId);
    const email = newAddress("refused");
    const refused = await invite(f.create, { kind: "space", id: own.id }, { role: "read", users: [email, f.read.id] });
    expect(errorMessage(refused, 403)).toContain("'admin'");
    expect(await pendingOf(email)).toEqual([]);
    expect(await userGrants(f.create, { kind: "space", id: own.id }, 0)).toEqual([]);
    // Members already in the organization they may give access to.
    await inviteOk(f.create, { kind: "space", id: own.id }, { role: "read", users: [f.read.id] });
  });

  it("leaves sites as they were: an address no user has is a 404 there", async () => {
    const site = await createSite(f.admin, orgId);
    const email = newAddress("site");
    expect(errorMessage(await invite(f.admin, { kind: "site", id: site.id, organizationId: orgId }, { role: "read", users: [email] }), 404)).toContain(email);
    expect(await pendingOf(email)).toEqual([]);
  });

  it("refuses an entry with '@' that is no email address (400 naming it), and changes nothing", async () => {
    const target = await spaceTarget();
    expect(errorMessage(await invite(f.admin, target, { role: "read", users: ["not an @ address"] }), 400)).toContain("'users");
  });
});

describe("pending invitations to content that goes", () => {
  it("go with a space or collection transferred or a collection deleted, stay with a space deleted and restorable", async () => {
    const [transferred, kept, shelf, movedShelf] = [await spaceTarget(), await spaceTarget(), await collectionTarget(), await collectionTarget()];
    const emails = { transferred: newAddress("moved"), kept: newAddress("kept"), shelf: newAddress("shelf"), movedShelf: newAddress("moved-shelf") };
    await inviteOk(f.admin, transferred, { role: "read", users: [emails.transferred] });
    await inviteOk(f.admin, kept, { role: "read", users: [emails.kept] });
    await inviteOk(f.admin, shelf, { role: "read", users: [emails.shelf] });
    await inviteOk(f.admin, movedShelf, { role: "read", users: [emails.movedShelf] });

    const elsewhere = (await createOrganization(f.admin)).id;
    expect((await call("POST", `/v1/spaces/${transferred.id}/transfer`, { token: f.admin.token, body: { organization: elsewhere } })).status).toBe(200);
    expect((await call("POST", `/v1/collections/${movedShelf.id}/transfer`, { token: f.admin.token, body: { organization: elsewhere } })).status).toBe(200);
    expect(await pendingOf(emails.movedShelf)).toEqual([]);
    expect((await call("DELETE", `/v1/collections/${shelf.id}`, { token: f.admin.token })).status).toBe(204);
    expect((await call("DELETE", `/v1/spaces/${kept.id}`, { token: f.admin.token })).status).toBe(204);
    expect(await pendingOf(emails.transferred)).toEqual([]);
    expect(await pendingOf(emails.shelf)).toEqual([]);
    expect(await pendingOf(emails.kept)).toHaveLength(1);
    // A deleted space's invitations are changed once it is restored, as its grants are.
    expect((await invite(f.admin, kept, { role: "edit", users: [emails.kept] })).status).toBe(409);

    const [movedUser, keptUser] = [await createUser("moved", emails.transferred), await createUser("kept", emails.kept)];
    expect(await memberRole(f.admin, orgId, movedUser.id)).toBe("not a member");
    expect(await memberRole(f.admin, elsewhere, movedUser.id)).toBe("not a member");
    expect(await memberRole(f.admin, orgId, keptUser.id)).toBeNull();
    expect((await call("POST", `/v1/spaces/${kept.id}/restore`, { token: f.admin.token })).status).toBe(200);
    expect(await spaceLevel(keptUser, kept.id)).toBe("read");
  });

  it("are listed page by page with the organization's", async () => {
    const target = await spaceTarget();
    const emails = [newAddress("paged"), newAddress("paged")];
    await inviteOk(f.admin, target, { role: "comment", users: emails });
    const all = await walkList<Pending>(`/v1/orgs/${orgId}/email-invites`, { limit: 2 }, { token: f.admin.token, operationId: null, expectedCount: (await pendingCount()) });
    expect(all.filter((item) => item.space === target.id).map((item) => item.email).sort()).toEqual([...emails].sort());
  });
});

async function pendingCount(): Promise<number> {
  return (await call("GET", `/v1/orgs/${orgId}/email-invites?limit=0`, { token: f.admin.token })).body.count;
}
