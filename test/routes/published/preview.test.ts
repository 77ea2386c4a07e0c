import { beforeAll, expect, it } from "vitest";
import { addMember, createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { resolved, resolveUrl, spaceWithPages } from "../../helpers/published";
import { addSection, BOOLEAN_SCHEMA, ok } from "../../helpers/site-structure";
import { createSite, sitePath, updateSite } from "../../helpers/sites";
import { expectSpecResponse } from "../../helpers/spec";

/** getSitePublishingPreviewById: a URL that opens a site, published or not, as a visitor with chosen claims. */

let owner: TestUser;
let reader: TestUser;
let orgId: string;
let siteId: string;
let spaces: { guide: string; beta: string };

beforeAll(async () => {
  owner = await createUser("owner");
  reader = await createUser("reader");
  orgId = (await createOrganization(owner)).id;
  await addMember(owner, orgId, reader, "read");
  const guide = await spaceWithPages(owner, orgId, "Guide", [{ ref: "start", title: "Start" }]);
  const beta = await spaceWithPages(owner, orgId, "Beta", [{ ref: "new", title: "New things" }]);
  spaces = { guide: guide.space.id, beta: beta.space.id };
  // Not published, and behind share links: only a preview opens it.
  siteId = (await createSite(owner, orgId, { spaces: [guide.space.id], visibility: "share-link" })).id;
  await updateSite(owner, orgId, siteId, { basename: "preview-me" });
  ok(await call("PUT", `${sitePath(orgId, siteId)}/adaptive-schema`, { token: owner.token, body: { jsonSchema: BOOLEAN_SCHEMA } }), 200, null);
  const section = await addSection(owner, { orgId, siteId }, { spaceId: beta.space.id, title: "Beta" });
  ok(await call("PATCH", `${sitePath(orgId, siteId)}/sections/${section.id}`, { token: owner.token, body: { condition: "visitor.claims.isBetaUser" } }), 200, null);
});

const previewUrl = async (query: string) => {
  const response = await call("GET", `${sitePath(orgId, siteId)}/publishing/preview${query}`, { token: reader.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectSpecResponse("getSitePublishingPreviewById", 200, response.body);
  return response.body.url as string;
};

it("opens an unpublished share-link site, without its key, for an hour", async () => {
  errorMessage(await resolveUrl(`https://docs.test/sites/${orgId}/preview-me/`), 404);
  const url = await previewUrl("");
  expect(url).toMatch(new RegExp(`^https://docs\\.test/sites/${orgId}/preview-me/~preview/[\\w-]+\\.[\\w-]+\\.[\\w-]+/$`));
  const answer = await resolved(`${url}start`);
  expect(answer).toMatchObject({ space: spaces.guide, pathname: "start" });
  expect(answer.siteBasePath).toContain("/~preview/");
  const read = await call("GET", `/v1/spaces/${spaces.guide}/content`, { token: answer.apiToken });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
});

it("shows what the claims given (Rison) let through", async () => {
  const plain = await previewUrl("");
  expect((await resolved(`${plain}beta`)).space).toBe(spaces.guide);
  const beta = await previewUrl(`?claims=${encodeURIComponent("(isBetaUser:!t)")}`);
  expect((await resolved(`${beta}beta`)).space).toBe(spaces.beta);
});

it("refuses claims that are not a Rison object, and a site space of no such id (400 naming them)", async () => {
  for (const [query, field] of [
    ["?claims=(plan:", "claims"],
    ["?claims=!(a)", "claims"],
    ["?siteSpace=unknownsitespace", "siteSpace"],
  ]) {
    expect(errorMessage(await call("GET", `${sitePath(orgId, siteId)}/publishing/preview${query}`, { token: reader.token }), 400)).toMatch(new RegExp(field!));
  }
});

it("does not open the site with a preview token that was tampered with", async () => {
  const url = await previewUrl("");
  errorMessage(await resolveUrl(url.replace(/\.([\w-]+)\/$/, ".AAAA$1/")), 404);
});
