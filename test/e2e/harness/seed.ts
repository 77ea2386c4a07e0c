import { insertPagesByLevel, type PageSpec } from "../../helpers/page-levels";
import { apiCaller, type ApiCaller } from "./api";
import { HANDBOOK_FILES, HANDBOOK_TITLES, type HandbookPage } from "./handbook-repository";

/**
 * What the browser tests read: three published sites made through the public HTTP API with the
 * admin token, as README's walk-through does (a user and their API token, an organization, spaces
 * with pages merged through change requests or imported from Git, sites published):
 * - `handbook`, public, imported from a Git repository (harness/handbook-repository.ts): nested pages,
 *   headings, code blocks, a hidden page, a page group, and a page whose markdown holds a `<script>`,
 *   a `javascript:` link and an `<img onerror>` (untrusted content);
 * - `shareLink`, visible only with a share link's key;
 * - `adaptive`, with adaptive content: sections (one in a section group; both with Font Awesome icons), a variant, and conditions
 *   on unsigned claims (`visitor.<claim>=` query parameters) on a section, a site space and a page.
 * Every URL is the API's own `urls.published`.
 */

export interface SeededPage {
  id: string;
  /** Its path in the space, e.g. `guides/configuration`. */
  path: string;
  /** Its published URL: the site space's `urls.published` and the path (a share-link site's without the key). */
  url: string;
}

/** `pages` (id and path) with their published URLs under `siteSpaceUrl`. */
const publishedUnder = <Name extends string>(siteSpaceUrl: string, pages: Record<Name, Omit<SeededPage, "url">>) =>
  Object.fromEntries(Object.entries<Omit<SeededPage, "url">>(pages).map(([name, page]) => [name, { ...page, url: `${siteSpaceUrl}${page.path}` }])) as Record<Name, SeededPage>;

export interface SeededDocs {
  organizationId: string;
  user: { id: string; token: string };
  handbook: {
    siteId: string;
    spaceId: string;
    published: string;
    pages: Record<HandbookPage, SeededPage>;
  };
  shareLink: {
    siteId: string;
    /** The site's URL, without the key: a 404 to whoever has no key. */
    published: string;
    key: string;
    /** The share link's own `urls.published`: the site's URL carrying the key. */
    publishedWithKey: string;
    pages: Record<"setup", SeededPage>;
  };
  adaptive: {
    siteId: string;
    published: string;
    /** Published URLs of the sections (`api` is in the section group "Reference"; `betaLab` has a condition). */
    sections: Record<"guide" | "api" | "betaLab", { id: string; published: string }>;
    /** The API section's variant "API v2", shown when `visitor.plan=pro`. */
    apiV2: { siteSpaceId: string; published: string };
    pages: Record<"overview" | "betaFeatures" | "authentication" | "tokens" | "experiments", SeededPage>;
    /** The conditions seeded, by what they guard. */
    conditions: { betaLabSection: string; apiV2SiteSpace: string; betaFeaturesPage: string };
  };
}

/** The site's adaptive schema: unsigned claims a visitor states in `visitor.<claim>=` query parameters. */
const ADAPTIVE_SCHEMA = {
  type: "object",
  properties: {
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: {
        betaUser: { type: "boolean", description: "In the beta program" },
        plan: { type: "string", enum: ["free", "pro"], description: "The visitor's plan" },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const CONDITIONS = {
  betaLabSection: "visitor.claims.unsigned.betaUser",
  apiV2SiteSpace: 'visitor.claims.unsigned.plan == "pro"',
  betaFeaturesPage: "visitor.claims.unsigned.betaUser",
};

type PageTree = Array<{ id: string; title: string; path: string; pages: PageTree }>;

/** A space with `pages` on main, a change request per level of the tree (`compat=false`: the edit answers the pages it made). */
async function spaceWithPages<Ref extends string>(api: ApiCaller, organizationId: string, title: string, pages: PageSpec[]) {
  const space = await api.call<{ id: string }>("POST", `/v1/orgs/${organizationId}/spaces`, { body: { title }, expect: 201 });
  const ids = await insertPagesByLevel(pages, async (changes) => {
    const changeRequest = await api.call<{ id: string }>("POST", `/v1/spaces/${space.id}/change-requests`, { body: { subject: `Add pages to ${title}` }, expect: 201 });
    const edit = await api.call<{ changes: Array<{ ref?: string; page: { id: string } }> }>("POST", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, { body: { changes } });
    const merged = await api.call<{ result: string }>("POST", `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`);
    if (merged.result !== "merge") throw new Error(`seed: merging into ${title} gave ${merged.result}`);
    return edit.changes;
  });
  const paths = new Map((await pagesOf(api, space.id)).map((page) => [page.id, page.path]));
  const seeded = Object.fromEntries(Object.entries(ids).map(([ref, id]) => [ref, { id, path: paths.get(id) ?? "" }]));
  return { spaceId: space.id, pages: seeded as Record<Ref, Omit<SeededPage, "url">> };
}

/** Every page of the space's live content, depth first. */
async function pagesOf(api: ApiCaller, spaceId: string) {
  const { pages } = await api.call<{ pages: PageTree }>("GET", `/v1/spaces/${spaceId}/content/pages`);
  const flat = (nodes: PageTree): PageTree => nodes.flatMap((node) => [node, ...flat(node.pages)]);
  return flat(pages);
}

/** Publishes the site; answers it as read after publishing (with `urls.published`). */
async function publishSite(api: ApiCaller, organizationId: string, siteId: string) {
  const sitePath = `/v1/orgs/${organizationId}/sites/${siteId}`;
  await api.call("POST", `${sitePath}/publish`);
  return api.call<{ id: string; urls: { published: string } }>("GET", sitePath);
}

/** A site of `spaces` (the first the default) with `basename`, not yet published. */
async function createSite(api: ApiCaller, organizationId: string, body: { title: string; spaces: string[]; visibility?: string }, basename: string) {
  const site = await api.call<{ id: string }>("POST", `/v1/orgs/${organizationId}/sites`, { body, expect: 201 });
  await api.call("PATCH", `/v1/orgs/${organizationId}/sites/${site.id}`, { body: { basename } });
  return site.id;
}

/**
 * The handbook's repository on the run's Git server, imported into a new space (a queued job: the
 * local queue hands it over within its 5 s batch timeout), then published.
 */
async function seedHandbook(api: ApiCaller, organizationId: string, gitServerUrl: string): Promise<SeededDocs["handbook"]> {
  const files = Object.fromEntries(Object.entries(HANDBOOK_FILES).map(([path, text]) => [path, Buffer.from(text).toString("base64")]));
  const repository = await fetch(`${gitServerUrl}/__fixtures/handbook`, { method: "POST", body: JSON.stringify({ files, branch: "main" }) });
  if (repository.status !== 201) throw new Error(`seed: the Git server answered ${repository.status}: ${await repository.text()}`);
  const space = await api.call<{ id: string }>("POST", `/v1/orgs/${organizationId}/spaces`, { body: { title: "Handbook" }, expect: 201 });
  await api.call("POST", `/v1/spaces/${space.id}/git/import`, { body: { url: `${gitServerUrl}/handbook.git`, ref: "refs/heads/main" }, expect: 204 });
  await importFinished(api, space.id);

  const imported = await pagesOf(api, space.id);
  const pages = Object.fromEntries(
    Object.entries(HANDBOOK_TITLES).map(([name, title]) => {
      const page = imported.find((candidate) => candidate.title === title);
      if (!page) throw new Error(`seed: the handbook import has no page "${title}"`);
      return [name, { id: page.id, path: page.path }];
    }),
  ) as Record<HandbookPage, Omit<SeededPage, "url">>;
  const siteId = await createSite(api, organizationId, { title: "Handbook", spaces: [space.id] }, "handbook");
  const site = await publishSite(api, organizationId, siteId);
  return { siteId, spaceId: space.id, published: site.urls.published, pages: publishedUnder(site.urls.published, pages) };
}

const IMPORT_TIMEOUT_MS = 30_000;

async function importFinished(api: ApiCaller, spaceId: string): Promise<void> {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { operation } = await api.call<{ operation?: { state: string; error?: string } }>("GET", `/v1/spaces/${spaceId}/git/info`);
    if (operation?.state === "success") return;
    if (operation && operation.state !== "running") throw new Error(`seed: the handbook's Git import ended in ${operation.state}: ${operation.error ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`seed: the handbook's Git import did not finish within ${IMPORT_TIMEOUT_MS} ms`);
}

async function seedShareLinkSite(api: ApiCaller, organizationId: string): Promise<SeededDocs["shareLink"]> {
  const space = await spaceWithPages<"setup">(api, organizationId, "Partner docs", [{ ref: "setup", title: "Setup", markdown: "## Access\n\nFor partners holding the link.\n" }]);
  const siteId = await createSite(api, organizationId, { title: "Partner docs", spaces: [space.spaceId], visibility: "share-link" }, "partners");
  const site = await publishSite(api, organizationId, siteId);
  const link = await api.call<{ key: string; urls: { published: string } }>("POST", `/v1/orgs/${organizationId}/sites/${siteId}/share-links`, { body: { name: "E2E partner" }, expect: 201 });
  return { siteId, published: site.urls.published, key: link.key, publishedWithKey: link.urls.published, pages: publishedUnder(site.urls.published, space.pages) };
}

async function seedAdaptiveSite(api: ApiCaller, organizationId: string): Promise<SeededDocs["adaptive"]> {
  const guide = await spaceWithPages<"overview" | "betaFeatures">(api, organizationId, "Guide", [
    { ref: "overview", title: "Overview", markdown: "## Products\n\nWhat the product does.\n" },
    { ref: "betaFeatures", title: "Beta features", condition: CONDITIONS.betaFeaturesPage, markdown: "Only beta users see this page.\n" },
  ]);
  const apiSpace = await spaceWithPages<"authentication">(api, organizationId, "API", [{ ref: "authentication", title: "Authentication", markdown: "Send a bearer token.\n" }]);
  const apiV2 = await spaceWithPages<"tokens">(api, organizationId, "API v2", [{ ref: "tokens", title: "Tokens", markdown: "Tokens of the second version.\n" }]);
  const betaLab = await spaceWithPages<"experiments">(api, organizationId, "Beta lab", [{ ref: "experiments", title: "Experiments", markdown: "Experiments for beta users.\n" }]);

  const siteId = await createSite(api, organizationId, { title: "Product docs", spaces: [guide.spaceId] }, "product");
  const sitePath = `/v1/orgs/${organizationId}/sites/${siteId}`;
  await api.call("PATCH", sitePath, { body: { adaptiveContent: { enabled: true } } });
  await api.call("PUT", `${sitePath}/adaptive-schema`, { body: { jsonSchema: ADAPTIVE_SCHEMA } });
  const apiSection = await api.call<{ id: string }>("POST", `${sitePath}/sections`, { body: { spaceId: apiSpace.spaceId, title: "API", icon: "code" }, expect: 201 });
  await api.call("POST", `${sitePath}/section-groups`, { body: { title: "Reference", icon: "book", sections: [apiSection.id] }, expect: 201 });
  const variant = await api.call<{ id: string }>("POST", `${sitePath}/site-spaces`, { body: { spaceId: apiV2.spaceId, sectionId: apiSection.id }, expect: 201 });
  await api.call("PATCH", `${sitePath}/site-spaces/${variant.id}`, { body: { condition: CONDITIONS.apiV2SiteSpace } });
  const betaSection = await api.call<{ id: string }>("POST", `${sitePath}/sections`, { body: { spaceId: betaLab.spaceId, title: "Beta lab" }, expect: 201 });
  await api.call("PATCH", `${sitePath}/sections/${betaSection.id}`, { body: { condition: CONDITIONS.betaLabSection } });
  const site = await publishSite(api, organizationId, siteId);

  // Published URLs exist once the site is: read them back rather than build them.
  const { items: sections } = await api.call<{ items: Array<{ id: string; urls: { published?: string } }> }>("GET", `${sitePath}/sections?limit=100`);
  const { items: siteSpaces } = await api.call<{ items: Array<{ id: string; urls: { published?: string } }> }>("GET", `${sitePath}/site-spaces?limit=100`);
  const sectionOf = (id: string | undefined) => {
    const section = sections.find((item) => item.id === id);
    if (!section?.urls.published) throw new Error(`seed: section ${id} has no published URL`);
    return { id: section.id, published: section.urls.published };
  };
  const guideSection = sections.find((section) => section.id !== apiSection.id && section.id !== betaSection.id);
  const variantSpace = siteSpaces.find((item) => item.id === variant.id);
  if (!variantSpace?.urls.published) throw new Error("seed: the API v2 site space has no published URL");
  const published = { guide: sectionOf(guideSection?.id), api: sectionOf(apiSection.id), betaLab: sectionOf(betaSection.id) };
  return {
    siteId,
    published: site.urls.published,
    sections: published,
    apiV2: { siteSpaceId: variant.id, published: variantSpace.urls.published },
    pages: {
      ...publishedUnder(published.guide.published, guide.pages),
      ...publishedUnder(published.api.published, apiSpace.pages),
      ...publishedUnder(variantSpace.urls.published, apiV2.pages),
      ...publishedUnder(published.betaLab.published, betaLab.pages),
    },
    conditions: CONDITIONS,
  };
}

/** Seeds the Worker at `origin`; the handbook's repository is served by the Git server at `gitServerUrl` (test/helpers/git-server.ts). */
export async function seedDocs(origin: string, adminToken: string, gitServerUrl: string): Promise<SeededDocs> {
  const admin = apiCaller(origin, adminToken);
  const created = await admin.call<{ user: { id: string }; token: string }>("POST", "/admin/users", {
    body: { email: "reader-e2e@example.com", displayName: "Reader E2E" },
    expect: 201,
  });
  const api = apiCaller(origin, created.token);
  const organization = await api.call<{ id: string }>("POST", "/v1/orgs", { body: { title: "Reader E2E" }, expect: 201 });
  const [handbook, shareLink, adaptive] = await Promise.all([
    seedHandbook(api, organization.id, gitServerUrl),
    seedShareLinkSite(api, organization.id),
    seedAdaptiveSite(api, organization.id),
  ]);
  return { organizationId: organization.id, user: { id: created.user.id, token: created.token }, handbook, shareLink, adaptive };
}
