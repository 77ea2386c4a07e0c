import { GitBookAPIError, type JSONDocument } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createOrganization, createUser, gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { ORIGIN, call, errorMessage, type ApiResponse } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";

/* Local helpers ------------------------------------------------------------------------------ */

const path = (organizationId: string) => `/v1/orgs/${organizationId}/agent-instructions`;

const getInstructions = (user: { token: string } | undefined, organizationId: string) =>
  call("GET", path(organizationId), { token: user?.token });

const putInstructions = (user: { token: string } | undefined, organizationId: string, body: unknown) =>
  call("PUT", path(organizationId), { token: user?.token, body });

let keyCounter = 0;

/** One paragraph block holding `text`, shaped as in GitBook's spec. */
function paragraph(text: string) {
  return {
    object: "block" as const,
    type: "paragraph" as const,
    key: `k${++keyCounter}`,
    isVoid: false as const,
    data: { align: "start" as const },
    nodes: [{ object: "text" as const, leaves: [{ object: "leaf" as const, text, marks: [] }] }],
  };
}


function documentOf(...texts: string[]) {
  return { object: "document" as const, data: { schemaVersion: 1 }, nodes: texts.map(paragraph) };
}

const EMPTY_DOCUMENT = { object: "document", data: {}, nodes: [] };

function expectOk(response: ApiResponse, status = 200) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
}

/** Asserts a spec-valid GET and returns its body. */
async function readInstructions(user: TestUser, organizationId: string) {
  const response = await getInstructions(user, organizationId);
  expectOk(response);
  expectSpecResponse("getOrganizationAgentInstructions", 200, response.body);
  return response.body;
}

/** Asserts a spec-valid PUT and returns its body. */
async function writeInstructions(user: TestUser, organizationId: string, instructions: unknown) {
  const response = await putInstructions(user, organizationId, { instructions });
  expectOk(response);
  expectSpecResponse("updateOrganizationAgentInstructions", 200, response.body);
  return response.body;
}

function expectRecent(timestamp: string, since: number) {
  expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  const at = Date.parse(timestamp);
  // Workers clocks advance with I/O only; allow a little slack either way.
  expect(at).toBeGreaterThanOrEqual(since - 5_000);
  expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
}

const KIB = 1024;

/* Reading before anything was written --------------------------------------------------------- */

describe("GET /v1/orgs/{id}/agent-instructions before any PUT", () => {
  it("is an empty document dated from the organization's creation, by its creator", async () => {
    const owner = await createUser("ai-owner");
    const organization = await createOrganization(owner);
    const body = await readInstructions(owner, organization.id);
    expect(body).toEqual({
      object: "agent-instructions",
      instructions: EMPTY_DOCUMENT,
      updatedAt: organization.createdAt,
      updatedBy: owner.id,
      urls: { location: `${ORIGIN}${path(organization.id)}` },
    });
  });

  it("keeps naming the creator when someone else reads it", async () => {
    const owner = await createUser("ai-owner2");
    const reader = await createUser("ai-reader2");
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, reader, "read");
    const body = await readInstructions(reader, organization.id);
    expect(body.instructions).toEqual(EMPTY_DOCUMENT);
    expect(body.updatedBy).toBe(owner.id);
    expect(body.updatedAt).toBe(organization.createdAt);
  });
});

/* Writing ------------------------------------------------------------------------------------- */

describe("PUT /v1/orgs/{id}/agent-instructions", () => {
  it("stores the document as given, and GET returns exactly that", async () => {
    const admin = await createUser("ai-admin");
    const organization = await createOrganization(admin);
    const instructions = {
      object: "document",
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: "block",
          type: "paragraph",
          key: "k1",
          isVoid: false,
          data: { align: "start" },
          nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Be concise", marks: [] }] }],
        },
      ],
    };
    const since = Date.now();
    const put = await writeInstructions(admin, organization.id, instructions);
    expect(put.object).toBe("agent-instructions");
    expect(put.instructions).toEqual(instructions);
    expect(put.updatedBy).toBe(admin.id);
    expectRecent(put.updatedAt, since);
    expect(Date.parse(put.updatedAt)).toBeGreaterThanOrEqual(Date.parse(organization.createdAt));
    expect(put.urls).toEqual({ location: `${ORIGIN}${path(organization.id)}` });
    // Nothing beyond GitBook's fields (no storage columns such as the organization id).
    expect(Object.keys(put).sort()).toEqual(["instructions", "object", "updatedAt", "updatedBy", "urls"]);

    const get = await readInstructions(admin, organization.id);
    expect(get).toEqual(put);
  });

  it("keeps nested nodes, marks and extra data keys untouched", async () => {
    const admin = await createUser("ai-nested");
    const organization = await createOrganization(admin);
    const instructions = {
      object: "document",
      data: { schemaVersion: 1, custom: { nested: [1, "two", null, true] } },
      nodes: [
        {
          object: "block",
          type: "paragraph",
          key: "p1",
          isVoid: false,
          data: { align: "center" },
          nodes: [
            {
              object: "text",
              key: "t1",
              leaves: [
                { object: "leaf", text: "Always answer in ", marks: [] },
                { object: "leaf", text: "English", marks: [{ object: "mark", type: "bold", data: {} }] },
              ],
            },
            {
              object: "inline",
              type: "link",
              key: "l1",
              isVoid: false,
              data: { ref: { kind: "url", url: "https://example.com/style" } },
              nodes: [{ object: "text", key: "t2", leaves: [{ object: "leaf", text: "style guide", marks: [] }] }],
            },
            { object: "text", key: "t3", leaves: [{ object: "leaf", text: " — ünïcödé ✓ 😀", marks: [] }] },
          ],
        },
        paragraph("Second paragraph"),
      ],
    };
    const put = await writeInstructions(admin, organization.id, instructions);
    expect(put.instructions).toEqual(instructions);
    const get = await readInstructions(admin, organization.id);
    expect(get.instructions).toEqual(instructions);
  });

  it("replaces the whole document on a second PUT, and records who wrote it", async () => {
    const admin = await createUser("ai-replace");
    const otherAdmin = await createUser("ai-replace-2");
    const organization = await createOrganization(admin);
    await addMember(admin, organization.id, otherAdmin, "admin");

    const first = { object: "document", data: { schemaVersion: 1, tone: "formal" }, nodes: [paragraph("First"), paragraph("Extra")] };
    const firstPut = await writeInstructions(admin, organization.id, first);
    expect(firstPut.updatedBy).toBe(admin.id);

    const second = { object: "document", data: { schemaVersion: 1 }, nodes: [paragraph("Second")] };
    const since = Date.now();
    const secondPut = await writeInstructions(otherAdmin, organization.id, second);
    expect(secondPut.instructions).toEqual(second);
    expect(secondPut.updatedBy).toBe(otherAdmin.id);
    expectRecent(secondPut.updatedAt, since);
    expect(Date.parse(secondPut.updatedAt)).toBeGreaterThanOrEqual(Date.parse(firstPut.updatedAt));

    const get = await readInstructions(admin, organization.id);
    expect(get).toEqual(secondPut);
    expect(get.instructions.data).not.toHaveProperty("tone");
    expect(get.instructions.nodes).toHaveLength(1);

    // Writing the empty document is allowed and is what GET then shows.
    const cleared = await writeInstructions(admin, organization.id, EMPTY_DOCUMENT);
    expect(cleared.instructions).toEqual(EMPTY_DOCUMENT);
    expect((await readInstructions(otherAdmin, organization.id)).instructions).toEqual(EMPTY_DOCUMENT);
  });

  it("only touches the addressed organization", async () => {
    const admin = await createUser("ai-two-orgs");
    const one = await createOrganization(admin);
    const two = await createOrganization(admin);
    await writeInstructions(admin, one.id, documentOf("Only for one"));
    const other = await readInstructions(admin, two.id);
    expect(other.instructions).toEqual(EMPTY_DOCUMENT);
    expect(other.updatedAt).toBe(two.createdAt);
  });

  it("accepts a document just under 256 KiB", async () => {
    const admin = await createUser("ai-big-ok");
    const organization = await createOrganization(admin);
    const instructions = documentOf("x".repeat(250 * KIB));
    expect(new TextEncoder().encode(JSON.stringify(instructions)).length).toBeLessThan(256 * KIB);
    const put = await writeInstructions(admin, organization.id, instructions);
    expect(put.instructions).toEqual(instructions);
    expect((await readInstructions(admin, organization.id)).instructions).toEqual(instructions);
  });
});

/* Validation ---------------------------------------------------------------------------------- */

describe("PUT validation", () => {
  let admin: TestUser;
  let organizationId: string;
  let current: any;

  beforeAll(async () => {
    admin = await createUser("ai-validation");
    organizationId = (await createOrganization(admin)).id;
    await writeInstructions(admin, organizationId, documentOf("Keep me"));
    current = await readInstructions(admin, organizationId);
  });

  const valid = () => documentOf("Valid");
  const { nodes: _nodes, ...withoutNodes } = documentOf("x");
  const { data: _data, ...withoutData } = documentOf("x");
  const { type: _type, ...blockWithoutType } = paragraph("No type");

  const cases: Array<[string, unknown, string]> = [
    ["an empty body object", {}, "instructions"],
    ["instructions: null", { instructions: null }, "instructions"],
    ["instructions as a string", { instructions: "Be concise" }, "instructions"],
    ["object 'doc'", { instructions: { ...valid(), object: "doc" } }, "instructions.object"],
    ["nodes not an array", { instructions: { ...valid(), nodes: { 0: paragraph("x") } } }, "instructions.nodes"],
    ["nodes missing", { instructions: withoutNodes }, "instructions.nodes"],
    ["data missing", { instructions: withoutData }, "instructions.data"],
    ["a non-integer schemaVersion", { instructions: { ...valid(), data: { schemaVersion: "1" } } }, "instructions.data.schemaVersion"],
    ["a top-level node without type", { instructions: { ...valid(), nodes: [blockWithoutType] } }, "instructions.nodes[0].type"],
    [
      "a second top-level node without type",
      { instructions: { ...valid(), nodes: [paragraph("ok"), blockWithoutType] } },
      "instructions.nodes[1].type",
    ],
    [
      "a top-level text node",
      { instructions: { ...valid(), nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }] } },
      "instructions.nodes[0]",
    ],
    ["a top-level node that is not an object", { instructions: { ...valid(), nodes: ["paragraph"] } }, "instructions.nodes[0]"],
    ["a document over 256 KiB", { instructions: documentOf("x".repeat(257 * KIB)) }, "instructions"],
    // 90,000 three-byte characters: under 256 Ki characters but over 256 KiB of UTF-8.
    ["a document over 256 KiB in UTF-8 bytes", { instructions: documentOf("€".repeat(90_000)) }, "instructions"],
  ];

  it.each(cases)("answers 400 naming the field for %s, and changes nothing", async (label, body, field) => {
    const response = await putInstructions(admin, organizationId, body);
    const message = errorMessage(response, 400);
    expect(message).toContain(field);
    if (label.includes("256 KiB")) expect(message).toMatch(/bytes|KiB|size|large/i);
    expect(await readInstructions(admin, organizationId)).toEqual(current);
  });

  it("answers 400 for malformed JSON, and changes nothing", async () => {
    const response = await putInstructions(admin, organizationId, '{"instructions": {"object": "document", ');
    const message = errorMessage(response, 400);
    expect(message.toLowerCase()).toContain("json");
    expect(await readInstructions(admin, organizationId)).toEqual(current);
  });

  it("answers 415 for a body that is not sent as JSON, and changes nothing", async () => {
    const response = await call("PUT", path(organizationId), {
      token: admin.token,
      body: JSON.stringify({ instructions: documentOf("Sent as text") }),
      headers: { "content-type": "text/plain" },
    });
    const message = errorMessage(response, 415);
    expect(message.toLowerCase()).toContain("content-type");
    expect(await readInstructions(admin, organizationId)).toEqual(current);
  });

  it("answers 413 with the error envelope for a body over 1 MiB, and changes nothing", async () => {
    const body = { instructions: documentOf("x".repeat(1024 * KIB + 16)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * KIB);
    const response = await putInstructions(admin, organizationId, body);
    errorMessage(response, 413);
    expect(await readInstructions(admin, organizationId)).toEqual(current);
  });

  it("answers 400 for an invalid organization id", async () => {
    errorMessage(await getInstructions(admin, "not a valid id!"), 400);
    errorMessage(await putInstructions(admin, "not a valid id!", { instructions: valid() }), 400);
  });
});

/* Security ------------------------------------------------------------------------------------ */

describe("agent instructions access control", () => {
  let fixture: Awaited<ReturnType<typeof organizationWithEveryRole>>;
  let current: any;

  beforeAll(async () => {
    fixture = await organizationWithEveryRole();
    await writeInstructions(fixture.admin, fixture.organization.id, documentOf("Admins only"));
    current = await readInstructions(fixture.admin, fixture.organization.id);
  });

  const NON_ADMIN = ["create", "review", "edit", "comment", "read", "guest"] as const;

  it.each(NON_ADMIN)("refuses PUT by a '%s' member with 403, and changes nothing", async (role) => {
    const response = await putInstructions(fixture[role], fixture.organization.id, { instructions: documentOf(`Written by ${role}`) });
    errorMessage(response, 403);
    expect(await readInstructions(fixture.admin, fixture.organization.id)).toEqual(current);
  });

  it.each(["create", "review", "edit", "comment", "read"] as const)("lets a '%s' member GET them", async (role) => {
    const body = await readInstructions(fixture[role], fixture.organization.id);
    expect(body).toEqual(current);
  });

  it("refuses GET by a guest with 403", async () => {
    errorMessage(await getInstructions(fixture.guest, fixture.organization.id), 403);
  });

  it("answers 404 to an outsider on GET and PUT, as for an organization that does not exist", async () => {
    const { outsider, organization } = fixture;
    errorMessage(await getInstructions(outsider, organization.id), 404);
    errorMessage(await putInstructions(outsider, organization.id, { instructions: documentOf("Outsider") }), 404);
    errorMessage(await getInstructions(outsider, "no-such-organization"), 404);
    errorMessage(await putInstructions(outsider, "no-such-organization", { instructions: documentOf("Nobody") }), 404);
    expect(await readInstructions(fixture.admin, organization.id)).toEqual(current);
    // The outsider's own organization is theirs to edit, and separate.
    const own = await readInstructions(outsider, fixture.outsiderOrganization.id);
    expect(own.instructions).toEqual(EMPTY_DOCUMENT);
  });

});

/* GitBook's official client ------------------------------------------------------------------- */

describe("agent instructions through GitBook's official client", () => {
  it("updates and reads them", async () => {
    const admin = await createUser("ai-client");
    const organization = await createOrganization(admin);
    const client = gitbookClient(admin);

    const before = await client.orgs.getOrganizationAgentInstructions(organization.id);
    expect(before.data.instructions).toEqual(EMPTY_DOCUMENT);
    expect(before.data.updatedBy).toBe(admin.id);

    const instructions = documentOf("Be concise", "Cite sources");
    // The client types `align` as its TextAlignment enum, whose values are these same strings.
    const updated = await client.orgs.updateOrganizationAgentInstructions(organization.id, {
      instructions: instructions as unknown as JSONDocument,
    });
    expect(updated.status).toBe(200);
    expect(updated.data.instructions).toEqual(instructions);
    expect(updated.data.updatedBy).toBe(admin.id);
    expectSpecResponse("updateOrganizationAgentInstructions", 200, updated.data);

    const after = await client.orgs.getOrganizationAgentInstructions(organization.id);
    expect(after.data).toEqual(updated.data);
  });

  it("surfaces 403 for a non-admin as a GitBookAPIError", async () => {
    const admin = await createUser("ai-client-admin");
    const reader = await createUser("ai-client-reader");
    const organization = await createOrganization(admin);
    await addMember(admin, organization.id, reader, "read");
    const error = await gitbookClient(reader)
      .orgs.updateOrganizationAgentInstructions(organization.id, { instructions: documentOf("Nope") as unknown as JSONDocument })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(403);
    const { data } = await gitbookClient(reader).orgs.getOrganizationAgentInstructions(organization.id);
    expect(data.instructions).toEqual(EMPTY_DOCUMENT);
  });
});
