import { describe, expect, it } from "vitest";
import { assertCommentAction, assertOrganizationAction, commentPermissions, contentLevel, organizationPermissions } from "../../src/lib/permissions";
import { ROLES, higherRole, roleAtLeast, roleOfRank, roleRank, type RoleOrGuest } from "../../src/lib/roles";

const everyRole: RoleOrGuest[] = [null, ...ROLES];
const permissionsOf = (role: RoleOrGuest) => organizationPermissions({ role, ownsTeam: false });

describe("the role hierarchy", () => {
  it("orders admin > create > review > edit > comment > read > guest", () => {
    expect(ROLES).toEqual(["read", "comment", "edit", "review", "create", "admin"]);
    expect(roleAtLeast("create", "review")).toBe(true);
    expect(roleAtLeast("review", "create")).toBe(false);
    expect(roleAtLeast("edit", "comment")).toBe(true);
    expect(roleAtLeast(null, "read")).toBe(false);
  });
});

describe("roles as ranks (grants: the highest applies)", () => {
  it("reads a rank back as its role, and anything else as no role", () => {
    expect(ROLES.map((role) => roleOfRank(roleRank(role)))).toEqual([...ROLES]);
    expect([0, null, undefined, 7, 1.5].map(roleOfRank)).toEqual([null, null, null, null, null]);
  });

  it("keeps the higher of two roles, a guest's none being the lowest", () => {
    expect(higherRole("edit", "comment")).toBe("edit");
    expect(higherRole("read", "admin")).toBe("admin");
    expect(higherRole(null, "read")).toBe("read");
    expect(higherRole("review", null)).toBe("review");
    expect(higherRole(null, null)).toBeNull();
  });
});

describe("organization permissions (docs/permissions.md)", () => {
  // The table of docs/permissions.md, role by role: the least role that has each permission.
  const expected: Record<string, RoleOrGuest | "member"> = {
    view: "member",
    access: "read",
    admin: "admin",
    createContent: "create",
    createOpenAPISpec: "create",
    ingestConversations: "create",
    viewBilling: "admin",
    listMembers: "read",
    listTeams: "read",
    listIntegrations: "read",
    listInstallations: "admin",
    installIntegration: "admin",
  };

  for (const role of everyRole) {
    it(`gives ${role ?? "a guest"} exactly what the table says`, () => {
      const permissions = permissionsOf(role);
      for (const [permission, least] of Object.entries(expected)) {
        const allowed = least === "member" || (least !== null && roleAtLeast(role, least));
        expect(permissions[permission as keyof typeof permissions], permission).toBe(allowed);
      }
      expect(permissions.ownTeam).toBe(false);
    });
  }

  it("reports team ownership as given", () => {
    expect(organizationPermissions({ role: "read", ownsTeam: true }).ownTeam).toBe(true);
  });

  it("throws a 403 naming the action and the role it needs", () => {
    expect(() => assertOrganizationAction({ role: "edit", ownsTeam: false }, "update")).toThrowError(
      expect.objectContaining({ status: 403, message: expect.stringContaining("'admin'") }),
    );
    expect(() => assertOrganizationAction({ role: "admin", ownsTeam: false }, "update")).not.toThrow();
    expect(() => assertOrganizationAction({ role: null, ownsTeam: false }, "view")).not.toThrow();
  });
});

describe("content level", () => {
  it("uses the innermost non-null defaultLevel for members, raising or lowering their role", () => {
    expect(contentLevel("edit", ["read", "admin"])).toBe("read");
    expect(contentLevel("read", [null, "edit"])).toBe("edit");
    expect(contentLevel("comment", [null, null])).toBe("comment");
    expect(contentLevel("review", [])).toBe("review");
  });

  it("keeps organization admins admin and gives guests nothing by default", () => {
    expect(contentLevel("admin", ["read"])).toBe("admin");
    expect(contentLevel(null, ["edit"])).toBeNull();
  });
});

describe("comment permissions (docs/permissions.md, Comments)", () => {
  // The table of docs/permissions.md: the least level for anyone (null: nobody) and for the author.
  const table = {
    view: { anyone: "read", author: "read" },
    reply: { anyone: "comment", author: "comment" },
    edit: { anyone: null, author: "comment" },
    delete: { anyone: "admin", author: "comment" },
  } as const;

  for (const level of ROLES) {
    for (const isAuthor of [false, true]) {
      it(`gives ${isAuthor ? "the author" : "anyone"} with '${level}' exactly what the table says`, () => {
        const permissions = commentPermissions(level, isAuthor);
        for (const [key, least] of Object.entries(table)) {
          const needed = isAuthor ? least.author : least.anyone;
          const allowed = (needed !== null && roleAtLeast(level, needed)) || (least.anyone !== null && roleAtLeast(level, least.anyone));
          expect(permissions[key as keyof typeof permissions], key).toBe(allowed);
        }
      });
    }
  }

  it("lets the author and space admins resolve, and no one below 'comment'", () => {
    expect(() => assertCommentAction("comment", true, "resolve", "comment")).not.toThrow();
    expect(() => assertCommentAction("admin", false, "resolve", "comment")).not.toThrow();
    expect(() => assertCommentAction("create", false, "resolve", "comment")).toThrowError(
      expect.objectContaining({ status: 403, message: "Resolving a comment needs the level 'admin' or higher on the space, or being its author with the level 'comment'" }),
    );
    expect(() => assertCommentAction("read", true, "resolve", "comment")).toThrowError(expect.objectContaining({ status: 403 }));
  });

  it("keeps editing for the author, whatever the caller's level", () => {
    expect(() => assertCommentAction("admin", false, "edit", "reply")).toThrowError(
      expect.objectContaining({ status: 403, message: "Editing a reply is for its author only, with the level 'comment' or higher on the space" }),
    );
  });
});
