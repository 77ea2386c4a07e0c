import { GitBookAPIError, TranslationLanguage } from "@gitbook/api";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_DOCUMENT } from "../../../src/schemas/examples";
import { createSpace } from "../../helpers/content";
import { deepDocument } from "../../helpers/documents";
import { gitbookClient, organizationWithEveryRole, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpecResponse } from "../../helpers/spec";
import { createTranslation, getTranslation, takeRunJobs, translationCall, translationPath, translationsPath } from "../../helpers/translations";

/** The translation routes (seed 4.13): shapes, inputs, roles and other organizations. */

type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;
let f: Fixture;
let organizationId: string;
let spaceId: string;

const INSTRUCTIONS = EXAMPLE_DOCUMENT;

beforeAll(async () => {
  f = await organizationWithEveryRole();
  organizationId = f.organization.id;
  spaceId = (await createSpace(f.admin, organizationId, { title: "Source" })).id;
});

const body = (extra: Record<string, unknown> = {}) => ({ source: { space: spaceId, language: "en" }, language: "fr", ...extra });

async function expectClientError(promise: Promise<unknown>, status: number) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GitBookAPIError);
  expect((error as GitBookAPIError).code).toBe(status);
}

describe("POST /v1/orgs/{organizationId}/translations (createTranslation)", () => {
  it("creates a pending translation, as GitBook's spec says, and queues its first run", async () => {
    const { translation } = await createTranslation(f.create.token, organizationId, body({ instructions: INSTRUCTIONS }));
    expect(translation).toMatchObject({
      object: "translation",
      status: "pending",
      source: { space: spaceId, language: "en" },
      language: "fr",
      instructions: INSTRUCTIONS,
      stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `https://docs.test/v1/orgs/${organizationId}/translations/${translation.id}` },
    });
    expect(translation).not.toHaveProperty("result");
    expect(await getTranslation(f.read.token, organizationId, translation.id)).toEqual({ ...translation, permissions: { view: true, edit: false } });
  });

  it("defaults the instructions to an empty document", async () => {
    const { translation } = await createTranslation(f.admin.token, organizationId, body({ language: "pt-br" }));
    expect(translation.instructions).toEqual({ object: "document", data: {}, nodes: [] });
  });

  it("refuses bad input with a 400 naming the field, and creates nothing", async () => {
    takeRunJobs();
    const cases: Array<[unknown, RegExp]> = [
      [{ source: { space: spaceId, language: "en" } }, /language/],
      [body({ language: "klingon" }), /language/],
      [{ language: "fr" }, /source/],
      [body({ source: { space: spaceId } }), /source\.language/],
      [body({ source: { space: spaceId, language: "xx" } }), /source\.language/],
      [body({ source: { space: spaceId, language: "fr" } }), /'language'.*must differ from source\.language/],
      [body({ instructions: { object: "document" } }), /instructions/],
      [body({ instructions: deepDocument(300) }), /instructions.*200/],
      [body({ extra: true }), /extra/],
    ];
    await inParallel(cases, async ([input, pattern]) => {
      const response = await translationCall("POST", translationsPath(organizationId), { token: f.admin.token, body: input });
      expect(errorMessage(response, 400), JSON.stringify(input)).toMatch(pattern);
    });
    expect(takeRunJobs()).toEqual([]);
  });

  it("needs a live source space of the organization that the caller can see", async () => {
    const unknown = await translationCall("POST", translationsPath(organizationId), { token: f.admin.token, body: body({ source: { space: "noSuchSpace", language: "en" } }) });
    expect(errorMessage(unknown, 404)).toContain("noSuchSpace");
    // The outsider's space: its organization is not the caller's, so it does not exist for them.
    const theirs = (await createSpace(f.outsider, f.outsiderOrganization.id)).id;
    expect(errorMessage(await translationCall("POST", translationsPath(organizationId), { token: f.admin.token, body: body({ source: { space: theirs, language: "en" } }) }), 404)).toContain(theirs);
    // A space the caller sees in another organization of theirs: not a source for this one.
    const elsewhere = (await createSpace(f.outsider, f.outsiderOrganization.id)).id;
    const outsiderOwnOrg = await call("POST", "/v1/orgs", { token: f.outsider.token, body: { title: "Second" } });
    const inOther = await translationCall("POST", translationsPath(outsiderOwnOrg.body.id), { token: f.outsider.token, body: { source: { space: elsewhere, language: "en" }, language: "fr" } });
    expect(errorMessage(inOther, 400)).toMatch(/'source\.space'.*another organization/);
    const deleted = (await createSpace(f.admin, organizationId)).id;
    expect((await call("DELETE", `/v1/spaces/${deleted}`, { token: f.admin.token })).status).toBe(204);
    expect(errorMessage(await translationCall("POST", translationsPath(organizationId), { token: f.admin.token, body: body({ source: { space: deleted, language: "en" } }) }), 400)).toMatch(/'source\.space'.*deleted/);
  });
});

describe("reading, changing and deleting translations", () => {
  it("lists newest first, keyset-paginated, as GitBook's spec says", async () => {
    const created: string[] = [];
    for (const language of ["de", "es", "it"]) created.push((await createTranslation(f.admin.token, organizationId, body({ language }))).translation.id);
    const all = await walkList<{ id: string }>(translationsPath(organizationId), { limit: 2 }, { token: f.read.token, operationId: "listTranslations", expectedCount: (await call("GET", translationsPath(organizationId), { token: f.read.token })).body.count });
    const positions = created.map((id) => all.findIndex((item) => item.id === id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
  });

  it("PUT replaces the instructions (200), refusing a body without them", async () => {
    const { translation } = await createTranslation(f.admin.token, organizationId, body());
    const updated = await translationCall("PUT", translationPath(organizationId, translation.id), { token: f.create.token, body: { instructions: INSTRUCTIONS } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expectSpecResponse("updateTranslation", 200, updated.body);
    expect(updated.body).toMatchObject({ id: translation.id, instructions: INSTRUCTIONS, status: "pending" });
    expect(errorMessage(await translationCall("PUT", translationPath(organizationId, translation.id), { token: f.admin.token, body: {} }), 400)).toMatch(/instructions/);
    expect(errorMessage(await translationCall("PUT", translationPath(organizationId, translation.id), { token: f.admin.token, body: { instructions: deepDocument(300) } }), 400)).toMatch(/instructions/);
    expect(errorMessage(await translationCall("PUT", translationPath(organizationId, "noSuchTranslation"), { token: f.admin.token, body: { instructions: INSTRUCTIONS } }), 404)).toContain("noSuchTranslation");
  });

  it("DELETE answers 204, also when the translation did not exist", async () => {
    const { translation } = await createTranslation(f.admin.token, organizationId, body());
    expect((await translationCall("DELETE", translationPath(organizationId, translation.id), { token: f.create.token })).status).toBe(204);
    expect((await translationCall("DELETE", translationPath(organizationId, translation.id), { token: f.create.token })).status).toBe(204);
    expect(errorMessage(await translationCall("GET", translationPath(organizationId, translation.id), { token: f.admin.token }), 404)).toContain(translation.id);
  });

  it("POST .../run answers 204 and queues a run of the next generation; 404 for no such translation", async () => {
    const { translation } = await createTranslation(f.admin.token, organizationId, body());
    expect((await translationCall("POST", `${translationPath(organizationId, translation.id)}/run`, { token: f.create.token })).status).toBe(204);
    expect(takeRunJobs()).toEqual([{ kind: "translation.run", translationId: translation.id, generation: 2 }]);
    expect(errorMessage(await translationCall("POST", `${translationPath(organizationId, "noSuchTranslation")}/run`, { token: f.admin.token }), 404)).toContain("noSuchTranslation");
    expect(takeRunJobs()).toEqual([]);
  });

  it("works through GitBook's official client", async () => {
    const client = gitbookClient(f.admin);
    const created = await client.orgs.createTranslation(organizationId, { source: { space: spaceId, language: TranslationLanguage.En }, language: TranslationLanguage.Ja });
    expect(created.status).toBe(201);
    const id = created.data.id;
    expect((await client.orgs.getTranslation(organizationId, id)).data).toMatchObject({ id, language: "ja" });
    expect((await client.orgs.listTranslations(organizationId, { limit: 1 })).data.items).toHaveLength(1);
    expect((await client.orgs.updateTranslation(organizationId, id, { instructions: INSTRUCTIONS as never })).data.instructions).toEqual(INSTRUCTIONS);
    expect((await client.orgs.runTranslation(organizationId, id)).status).toBe(204);
    expect((await client.orgs.deleteTranslation(organizationId, id)).status).toBe(204);
    await expectClientError(client.orgs.getTranslation(organizationId, id), 404);
    await expectClientError(gitbookClient(f.read).orgs.createTranslation(organizationId, { source: { space: spaceId, language: TranslationLanguage.En }, language: TranslationLanguage.Ko }), 403);
  });
});

describe("security", () => {
  let translationId: string;
  beforeAll(async () => {
    translationId = (await createTranslation(f.admin.token, organizationId, body())).translation.id;
  });

  const routes = () => [
    { method: "GET", path: translationsPath(organizationId), manage: false },
    { method: "GET", path: translationPath(organizationId, translationId), manage: false },
    { method: "POST", path: translationsPath(organizationId), manage: true, body: body() },
    { method: "PUT", path: translationPath(organizationId, translationId), manage: true, body: { instructions: INSTRUCTIONS } },
    { method: "DELETE", path: translationPath(organizationId, translationId), manage: true },
    { method: "POST", path: `${translationPath(organizationId, translationId)}/run`, manage: true },
  ];

  it("answers 401 without a token", async () => {
    await inParallel(routes(), async (route) => expect((await translationCall(route.method, route.path, { body: route.body })).status, route.path).toBe(401));
  });

  it("lets `read` see and `create` manage; refuses the others with 403, and guests everything", async () => {
    const refused: Array<[TestUser, ReturnType<typeof routes>[number]]> = [];
    for (const route of routes()) {
      if (route.manage) for (const user of [f.read, f.comment, f.edit, f.review, f.guest]) refused.push([user, route]);
      else refused.push([f.guest, route]);
    }
    await inParallel(refused, async ([user, route]) => {
      const message = errorMessage(await translationCall(route.method, route.path, { token: user.token, body: route.body }), 403);
      expect(message).toMatch(route.manage ? /manageTranslations.*'create'/ : /viewTranslations.*'read'/);
    });
    expect((await getTranslation(f.admin.token, organizationId, translationId)).instructions).toEqual({ object: "document", data: {}, nodes: [] });
    await inParallel(
      routes().filter((route) => !route.manage),
      async (route) => expect((await translationCall(route.method, route.path, { token: f.read.token })).status).toBe(200),
    );
  });

  it("hides another organization's translations (404), whoever asks", async () => {
    await inParallel(routes(), async (route) => {
      expect((await translationCall(route.method, route.path, { token: f.outsider.token, body: route.body })).status, `${route.method} ${route.path}`).toBe(404);
    });
    // The translation through the outsider's own organization: no such translation there.
    const path = translationPath(f.outsiderOrganization.id, translationId);
    for (const method of ["GET", "PUT", "POST"] as const) {
      const response = await translationCall(method, method === "POST" ? `${path}/run` : path, { token: f.outsider.token, body: method === "PUT" ? { instructions: INSTRUCTIONS } : undefined });
      expect(errorMessage(response, 404)).toContain(translationId);
    }
    expect((await translationCall("DELETE", path, { token: f.outsider.token })).status).toBe(204);
    expect((await getTranslation(f.admin.token, organizationId, translationId)).id).toBe(translationId);
  });
});
