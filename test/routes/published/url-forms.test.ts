import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, createUser, type TestUser } from "../../helpers/fixtures";
import { call } from "../../helpers/http";
import { spaceWithPages } from "../../helpers/published";
import { createSite, publishSite, updateSite } from "../../helpers/sites";

/**
 * POST /v1/urls/published through each form a site's URL can take (domain/published/url-forms.ts):
 * its custom hostname, a proxy origin, the deployment's published domain (with the organization's
 * hostname, or its id), and the API's own origin by the organization's hostname. Each form is its
 * own subquery of the lookup's statements (domain/published/lookup.ts).
 */

const DOMAIN = { PUBLISHED_SITES_DOMAIN: "sites.example.com" };
const unique = () => Math.random().toString(36).slice(2, 8);

let owner: TestUser;
let orgId: string;
let spaceId: string;

beforeAll(async () => {
  owner = await createUser("url-forms");
  orgId = (await createOrganization(owner)).id;
  spaceId = (await spaceWithPages(owner, orgId, "Forms", [{ ref: "intro", title: "Introduction" }])).space.id;
});

async function published(fields: Record<string, unknown>) {
  const site = await createSite(owner, orgId, { spaces: [spaceId] });
  await updateSite(owner, orgId, site.id, fields);
  await publishSite(owner, orgId, site.id);
  return site;
}

async function resolvesTo(url: string, siteId: string, bindings: Partial<Env> = {}) {
  const response = await call("POST", "/v1/urls/published", { body: { url }, bindings });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toMatchObject({ site: siteId, pathname: "introduction" });
}

describe("a published URL", () => {
  it("resolves by the site's own hostname", async () => {
    const hostname = `docs-${unique()}.example.com`;
    const site = await published({ hostname });
    await resolvesTo(`https://${hostname}/introduction`, site.id);
  });

  it("resolves by a proxy origin, and not under another path of that host", async () => {
    const host = `www-${unique()}.example.org`;
    const site = await published({ proxy: `${host}/docs/v2` });
    await resolvesTo(`https://${host}/docs/v2/introduction`, site.id);
    expect((await call("POST", "/v1/urls/published", { body: { url: `https://${host}/docs/introduction` } })).status).toBe(404);
  });

  it("resolves under the published domain by the organization's id, then its hostname, and at the API's origin by that hostname", async () => {
    const basename = `handbook-${unique()}`;
    const site = await published({ basename });
    await resolvesTo(`https://sites.example.com/o/${orgId}/${basename}/introduction`, site.id, DOMAIN);
    const hostname = `acme${unique()}`;
    expect((await call("PATCH", `/v1/orgs/${orgId}`, { token: owner.token, body: { hostname } })).status).toBe(200);
    await resolvesTo(`https://${hostname}.sites.example.com/${basename}/introduction`, site.id, DOMAIN);
    await resolvesTo(`https://docs.test/sites/${hostname}/${basename}/introduction`, site.id);
  });
});
