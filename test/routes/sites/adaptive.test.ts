import { describe, expect, it } from "vitest";
import { conditionHolds, evaluate, parseExpression, ExpressionSyntaxError } from "../../../src/domain/sites/expression";
import { NON_ADMIN_ROLES, gitbookClient } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { createSpace } from "../../helpers/content";
import { BOOLEAN_SCHEMA, addSection, insertSite, ok, sitePath } from "../../helpers/site-structure";
import { f, orgId, useSuiteFixture } from "../../helpers/suites/organization-fixture";

/** Adaptive content: the site's visitor-claims schema, template conditions, and the condition language. */

useSuiteFixture();

const newSite = async () => ({ orgId, siteId: (await insertSite(orgId, f.admin)).id });
const schemaPath = (ctx: { orgId: string; siteId: string }) => `${sitePath(ctx.orgId, ctx.siteId)}/adaptive-schema`;

describe("the adaptive schema", () => {
  it("is a 404 until set, then reads back as set; replacing it keeps the latest", async () => {
    const ctx = await newSite();
    errorMessage(await call("GET", schemaPath(ctx), { token: f.read.token }), 404);
    const put = ok(await call("PUT", schemaPath(ctx), { token: f.create.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, "updateSiteAdaptiveSchema");
    expect(put).toMatchObject({ object: "site-adaptive-schema", jsonSchema: BOOLEAN_SCHEMA, updatedAt: expect.any(String) });
    for (const role of NON_ADMIN_ROLES) expect(ok(await call("GET", schemaPath(ctx), { token: f[role].token }), 200, "getSiteAdaptiveSchema")).toEqual(put);
    const replacement = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: {}, additionalProperties: false };
    expect(ok(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: { jsonSchema: replacement } }), 200, "updateSiteAdaptiveSchema").jsonSchema).toEqual(replacement);
    expect(ok(await call("GET", schemaPath(ctx), { token: f.read.token }), 200, "getSiteAdaptiveSchema").jsonSchema).toEqual(replacement);
  });

  it("accepts GitBook's claim kinds: booleans, strings, enums, numbers, arrays and objects of claims", async () => {
    const ctx = await newSite();
    const jsonSchema = {
      type: "object",
      properties: {
        plan: { type: "string", enum: ["free", "pro"], description: "Plan" },
        name: { type: "string", description: "Name" },
        seats: { type: "number", description: "Seats" },
        roles: { type: "array", description: "Roles", items: { type: "string", description: "A role" } },
        company: { type: "object", description: "Company", properties: { big: { type: "boolean", description: "Big" } }, additionalProperties: false },
      },
      additionalProperties: false,
    };
    ok(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: { jsonSchema } }), 200, "updateSiteAdaptiveSchema");
  });

  it("refuses anything else with a 400 saying what is wrong, and keeps the schema it had", async () => {
    const ctx = await newSite();
    ok(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, null);
    const base = { type: "object", additionalProperties: false };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...base }, /properties/],
      [{ ...base, properties: {}, additionalProperties: true }, /additionalProperties/],
      [{ properties: {}, additionalProperties: false }, /type/],
      [{ ...base, type: "array", properties: {} }, /type/],
      [{ ...base, properties: {}, $schema: "https://json-schema.org/draft/2020-12/schema" }, /\$schema/],
      [{ ...base, properties: {}, required: ["x"] }, /unknown key 'required'/],
      [{ ...base, properties: { beta: { type: "boolean" } } }, /properties\.beta\.description/],
      [{ ...base, properties: { beta: { type: "date", description: "x" } } }, /properties\.beta\.type/],
      [{ ...base, properties: { beta: { type: "boolean", description: "x", default: true } } }, /unknown key 'properties\.beta\.default'/],
      [{ ...base, properties: { "bad name": { type: "boolean", description: "x" } } }, /claim name/],
      [{ ...base, properties: { unsigned: { type: "object", description: "Other", properties: {}, additionalProperties: false } } }, /unsigned\.description/],
      [{ ...base, properties: { unsigned: { type: "object", description: "Unsigned claims of the site visitor.", properties: {} } } }, /unsigned\.additionalProperties/],
      [{ ...base, properties: { list: { type: "array", description: "x", items: { type: "object", description: "y", properties: {}, additionalProperties: false } } } }, /items/],
      ["not an object", /jsonSchema/],
    ];
    await inParallel(cases, async ([jsonSchema, message]) => {
      expect(errorMessage(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: { jsonSchema } }), 400)).toMatch(message);
    });
    errorMessage(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: {} }), 400);
    expect(ok(await call("GET", schemaPath(ctx), { token: f.read.token }), 200, null).jsonSchema).toEqual(BOOLEAN_SCHEMA);
  });

  it("is changed by admins and `create` only (403), hidden from outsiders and for unknown sites (404)", async () => {
    const ctx = await newSite();
    const body = { jsonSchema: BOOLEAN_SCHEMA };
    await inParallel(["review", "edit", "comment", "read", "guest"] as const, async (role) => {
      errorMessage(await call("PUT", schemaPath(ctx), { token: f[role].token, body }), 403);
    });
    errorMessage(await call("GET", schemaPath(ctx), { token: f.guest.token }), 403);
    errorMessage(await call("PUT", schemaPath(ctx), { token: f.outsider.token, body }), 404);
    errorMessage(await call("GET", schemaPath(ctx), { token: f.outsider.token }), 404);
    errorMessage(await call("PUT", schemaPath({ orgId, siteId: "nope" }), { token: f.admin.token, body }), 404);
    const foreign = await insertSite(f.outsiderOrganization.id, f.outsider);
    errorMessage(await call("GET", schemaPath({ orgId, siteId: foreign.id }), { token: f.admin.token }), 404);
    errorMessage(await call("GET", schemaPath(ctx), { token: f.read.token }), 404);
  });
});

describe("template conditions", () => {
  it("lists conditions from the schema's claims: boolean claims signed and unsigned, enum values; none without a schema", async () => {
    const ctx = await newSite();
    const path = `${schemaPath(ctx)}/template-conditions`;
    expect(ok(await call("GET", path, { token: f.read.token }), 200, "listSiteAdaptiveTemplateConditions")).toEqual({ items: [] });
    ok(await call("PUT", schemaPath(ctx), { token: f.admin.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, null);
    const { items } = ok(await call("GET", path, { token: f.read.token }), 200, "listSiteAdaptiveTemplateConditions");
    expect(items.map((item: any) => item.condition)).toEqual([
      "visitor.claims.isBetaUser",
      "!visitor.claims.isBetaUser",
      'visitor.claims.plan == "free"',
      'visitor.claims.plan == "pro"',
      "visitor.claims.unsigned.prefersDark",
      "!visitor.claims.unsigned.prefersDark",
    ]);
    expect(items.every((item: any) => item.description.length > 0)).toBe(true);
    // Each suggestion is a condition the site accepts.
    const section = await addSection(f.admin, ctx, { spaceId: (await createSpace(f.admin, orgId)).id });
    for (const { condition } of items) {
      const response = await call("PATCH", `${sitePath(orgId, ctx.siteId)}/sections/${section.id}`, { token: f.admin.token, body: { condition } });
      expect(ok(response, 200, "updateSiteSectionById").condition).toBe(condition);
    }
    errorMessage(await call("GET", path, { token: f.guest.token }), 403);
    errorMessage(await call("GET", path, { token: f.outsider.token }), 404);
  });
});

describe("the condition language", () => {
  const claims = { isBetaUser: true, plan: "pro", seats: 12, roles: ["admin", "dev"], unsigned: { prefersDark: false } };

  it("evaluates literals, paths, !, &&, ||, comparisons, arrays and includes, without running code", () => {
    const cases: Array<[string, boolean]> = [
      ["visitor.claims.isBetaUser", true],
      ["!visitor.claims.isBetaUser", false],
      ['visitor.claims.plan == "pro" && visitor.claims.seats >= 10', true],
      ["visitor.claims.plan === 'free' || visitor.claims.unsigned.prefersDark", false],
      ['visitor.claims.roles.includes("dev")', true],
      ['["pro", "team"].includes(visitor.claims.plan)', true],
      ["visitor.claims.seats < -1", false],
      ["visitor.claims.missing == null", true],
      ['visitor.claims["plan"] != "free"', true],
      ["(visitor.claims.seats > 5) && !(visitor.claims.seats > 100)", true],
      ["visitor.claims.constructor", false],
      ["visitor.claims.plan.length", false],
    ];
    for (const [expression, expected] of cases) expect(conditionHolds(expression, claims), expression).toBe(expected);
    expect(conditionHolds(null, {})).toBe(true);
    expect(evaluate(parseExpression("1 == 1 && 'a' < 'b'"), {})).toBe(true);
  });

  it("reports syntax errors with their position", () => {
    const cases: Array<[string, number]> = [
      ["visitor.claims.a &&", 19],
      ["visitor.claims.a & b", 17],
      ["(visitor.claims.a", 17],
      ["'unterminated", 0],
      ["visitor.claims.a visitor", 17],
      ["visitor.claims.", 15],
      ["alert(1)", 5],
    ];
    for (const [expression, position] of cases) {
      let caught: unknown;
      try {
        parseExpression(expression);
      } catch (error) {
        caught = error;
      }
      expect(caught, expression).toBeInstanceOf(ExpressionSyntaxError);
      expect((caught as ExpressionSyntaxError).position, expression).toBe(position);
    }
    expect(() => parseExpression("!".repeat(200) + "true")).toThrow(ExpressionSyntaxError);
  });
});

describe("the official client", () => {
  it("sets and reads the schema and its template conditions", async () => {
    const ctx = await newSite();
    const client = gitbookClient(f.create);
    const { data: put } = await client.orgs.updateSiteAdaptiveSchema(orgId, ctx.siteId, { jsonSchema: BOOLEAN_SCHEMA as never });
    expect(put.object).toBe("site-adaptive-schema");
    const { data: read } = await client.orgs.getSiteAdaptiveSchema(orgId, ctx.siteId);
    expect(read.jsonSchema).toEqual(BOOLEAN_SCHEMA);
    const { data: conditions } = await client.orgs.listSiteAdaptiveTemplateConditions(orgId, ctx.siteId);
    expect(conditions.items).toHaveLength(6);
  });
});
