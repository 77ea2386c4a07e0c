// The list group of `npm run bench:http` (bench/http/reads.mjs): seeds at least 100 of each kind
// a user can have 100 of, through the API as a user would (a few hundred requests, a few at a
// time), and measures one workload per list operation, `?limit=100`, against the one-query
// baseline. docs/performance.md ("List pages") names the lists left out and why.
import { readFileSync } from "node:fs";
import { ADMIN_TOKEN, CONCURRENCY, json, ratios } from "./harness.mjs";

const COUNT = 100;
// Requests a sample (of a list and of the baseline around it): a list page is 10-100 times the bytes of a single read.
const REQUESTS = 100;
const SEED_CONCURRENCY = 4;

const step = (done) => process.env.BENCH_HTTP_VERBOSE && console.log(`seeded: ${done}`);
const range = (count = COUNT) => Array.from({ length: count }, (_, index) => index + 1);

/** `run` over `items`, SEED_CONCURRENCY at a time, results in order. */
async function inPool(items, run) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index], index);
      }
    }),
  );
  return results;
}

/** `run` over `items`, one after the other (writes to one site's structure, which are read whole). */
async function inSequence(items, run) {
  const results = [];
  for (const item of items) results.push(await run(item));
  return results;
}

async function until(what, check) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A word no other conversation has (so each issue makes a cluster of its own). */
const madeUpWord = (seed, index) => {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = "";
  for (let n = seed * 7919 + index * 104729 + 12345; word.length < 9; n = Math.floor(n / 20) + (word.length + 3) * 31) word += letters[n % 20] + "aeiou"[n % 5];
  return word;
};

function conversation(index) {
  const words = Array.from({ length: 8 }, (_, n) => madeUpWord(index, n));
  return {
    id: `bench-${index}`,
    subject: `${words[0]} ${words[1]} question`,
    metadata: { url: `https://support.example.com/tickets/${index}`, createdAt: new Date(Date.UTC(2026, 10, 20, 9, index)).toISOString(), attributes: {} },
    parts: [
      { type: "message", role: "user", body: `Hi team,\n\nHow do I ${words.slice(0, 4).join(" ")} with ${words.slice(4).join(" ")}?\n\nThanks,\nAda` },
      { type: "message", role: "team-member", body: "Under Settings." },
    ],
  };
}

/** The identity provider's certificate the SAML tests use (a real self-signed one). */
const certificate = () => readFileSync("test/helpers/certificate.ts", "utf8").match(/-----BEGIN CERTIFICATE-----[^`]*-----END CERTIFICATE-----/)[0];

/** A list workload answers a full page of 100 (a seeding that fell short would measure something else): its JSON's size. */
async function checkFullPage(workload) {
  const response = await fetch(workload.url, { headers: workload.headers });
  const body = await response.json();
  if (response.status !== 200 || !Array.isArray(body.items) || body.items.length < COUNT) {
    throw new Error(`${workload.name}: ${response.status}, ${body.items?.length} items: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return JSON.stringify(body).length;
}

/**
 * Seeds the organization and measures its list pages (those `wanted`), `rounds` samples each, with
 * three references: the baseline's one query answering a list's body of 100 and of 300 copies of
 * its row (what that much JSON costs), and its one query reading 100 rows (the least a 100-item
 * page read from D1 costs).
 */
export async function listReads({ api, base }, { owner, organization, tenPages, wanted, rounds }) {
  const seeding = performance.now();
  const baseline = { name: "baseline", url: `${base}/baseline/${tenPages.space.id}`, requests: REQUESTS };
  const references = [
    ...[100, 300].map((items) => ({ name: `baseline answering ${items} rows`, url: `${base}/baseline/${tenPages.space.id}?items=${items}` })),
    { name: "baseline reading 100 rows", url: `${base}/baseline/${tenPages.space.id}?rows=100` },
  ];
  const seeded = await seedListWorkloads({ api, owner, organizationId: organization.id, tenPageSpaceId: tenPages.space.id });
  const workloads = [...references, ...seeded].filter(wanted).map((workload) => ({ ...workload, requests: REQUESTS }));
  if (workloads.length === 0) return;
  const sizes = new Map();
  for (const workload of workloads) sizes.set(workload.name, await checkFullPage(workload));
  console.log(`\nlists seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

  const started = performance.now();
  const measured = await ratios(baseline, workloads, rounds);
  console.log(`100-item list pages (?limit=100) over HTTP from wrangler dev, ${CONCURRENCY} concurrent, ${REQUESTS} requests a sample; throughput relative to a Hono route doing one D1 primary-key query (median of ${rounds}, measured in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`${"baseline (requests per second)".padEnd(40)} ${measured.referenceRates.get("baseline").toFixed(0)}`);
  for (const [name, ratio] of measured.ratios) {
    console.log(`${name.padEnd(40)} x${ratio.toFixed(2)}  ${measured.rates.get(name).toFixed(0).padStart(4)} requests/s  ${(sizes.get(name) / 1024).toFixed(0).padStart(3)} KiB`);
  }
}

/**
 * Seeds the organization `organizationId` (owned by `owner`) and answers the list workloads.
 */
export async function seedListWorkloads({ api, owner, organizationId, tenPageSpaceId }) {
  const as = (token) => ({ get: (path) => json("GET", `${api}${path}`, token), send: (method, path, body) => json(method, `${api}${path}`, token, body) });
  const { get, send } = as(owner.token);
  const org = `/v1/orgs/${organizationId}`;

  // Members (a reviewer role: they review and comment below) who joined through one invite link, and 99 more links.
  const invite = await send("POST", `${org}/link-invites`, { role: "review" });
  const members = await inPool(range(), async (index) => {
    const created = await json("POST", `${api}/admin/users`, ADMIN_TOKEN, { email: `member-${index}-${Date.now()}@example.com`, displayName: `Member ${index}` });
    await json("POST", `${api}${org}/invites/${invite.id}`, created.token);
    return { id: created.user.id, token: created.token };
  });
  await inPool(range(COUNT - 1), () => send("POST", `${org}/link-invites`, { role: "read" }));

  // The owner's tokens, organizations, teams (one with every member), SAML providers.
  await inPool(range(), (index) => json("POST", `${api}/admin/users/${owner.id}/tokens`, ADMIN_TOKEN, { label: `Token ${index}` }));
  await inPool(range(), (index) => send("POST", "/v1/orgs", { title: `Organization ${index}` }));
  const teams = await inPool(range(), (index) => send("PUT", `${org}/teams`, { title: `Team ${index}` }));
  await send("PUT", `${org}/teams/${teams[0].id}/members`, { add: members.map((member) => member.id) });
  step("members, invite links, tokens, organizations, teams");
  const pem = certificate();
  await inPool(range(), (index) =>
    send("POST", `${org}/saml`, { label: `IdP ${index}`, entityID: `https://idp-${index}.example.com/metadata`, certificate: pem, ssoURL: `https://idp-${index}.example.com/sso` }),
  );

  step("SAML providers");
  // Collections, the first with 100 spaces.
  const collections = await inPool(range(), (index) => send("POST", `${org}/collections`, { title: `Collection ${index}` }));
  const spaces = await inPool(range(), (index) => send("POST", `${org}/spaces`, { title: `Space ${index}`, parent: collections[0].id }));

  step("collections, spaces");
  // Change requests of the ten-page space; the first reviewed by every member, the second with every member requested.
  const space = `/v1/spaces/${tenPageSpaceId}`;
  const changeRequests = await inPool(range(), (index) => send("POST", `${space}/change-requests`, { subject: `Change ${index}` }));
  const [reviewed, requested] = changeRequests;
  await inPool(members, (member) => as(member.token).send("POST", `${space}/change-requests/${reviewed.id}/reviews`, { status: "approved" }));
  // 10 at a time: the code before 2026-11-27 refused more than 19 in one request (a 500), and the "before" of docs/performance.md ran on it.
  for (let start = 0; start < COUNT; start += 10) {
    await send("POST", `${space}/change-requests/${requested.id}/requested-reviewers`, { users: members.slice(start, start + 10).map((member) => member.id) });
  }

  step("change requests, reviews, requested reviewers");
  // Comments by every member (100 commenters) on the space and in a change request; 100 replies to the first of each.
  const places = { space, changeRequest: `${space}/change-requests/${reviewed.id}` };
  const comments = {};
  for (const [name, place] of Object.entries(places)) {
    comments[name] = await inPool(members, (member, index) => as(member.token).send("POST", `${place}/comments`, { body: { markdown: `Comment ${index + 1}: should this page say more?` } }));
    await inPool(range(), (index) => send("POST", `${place}/comments/${comments[name][0].id}/replies`, { body: { markdown: `Reply ${index}.` } }));
  }

  step("comments, replies");
  // Hosted OpenAPI specs (the queue processes each); the first with 100 versions.
  const specText = (index) => `openapi: 3.1.0\ninfo:\n  title: API ${index}\n  version: 1.0.0\npaths:\n  /items:\n    get:\n      summary: List items\n      responses:\n        "200":\n          description: The items\n`;
  await inPool(range(), (index) => send("POST", `${org}/openapi`, { slug: `api-${index}`, source: { text: specText(index) } }));
  // The first spec's source replaced 99 times, each processed before the next (a newer source supersedes a queued one).
  let lastVersion;
  for (const generation of range()) {
    if (generation > 1) await send("PUT", `${org}/openapi/api-1`, { source: { text: specText(`1, edition ${generation}`) } });
    await until(`version ${generation} of the first spec`, async () => {
      const spec = await get(`${org}/openapi/api-1`);
      return spec.processingState === "complete" && spec.lastVersion !== lastVersion && (lastVersion = spec.lastVersion);
    });
  }
  step("OpenAPI specs, versions");
  // Sites: 100; the first with 100 share links and 100 redirects, the second 100 site spaces, the third 100 sections, the fourth 100 section groups.
  const sites = await inPool(range(), (index) => send("POST", `${org}/sites`, { title: `Site ${index}` }));
  const site = (index) => `${org}/sites/${sites[index].id}`;
  await inPool(range(), (index) => send("POST", `${site(0)}/share-links`, { name: `Partner ${index}` }));
  await inSequence(spaces, (published) => send("POST", `${site(1)}/site-spaces`, { spaceId: published.id }));
  await inSequence(spaces, (published, index) => send("POST", `${site(2)}/sections`, { spaceId: published.id, title: `Section ${published.title}` }));
  await inSequence(range(), (index) => send("POST", `${site(3)}/section-groups`, { title: `Group ${index}` }));
  await inPool(range(), (index) => send("POST", `${site(0)}/redirects`, { source: `/old/page-${index}`, destination: { kind: "external", url: `https://example.com/new/page-${index}` } }));

  step("sites, share links, site spaces, sections, section groups, redirects");
  // Translations of the ten-page space (each run ends at once: no translator is configured).
  await inPool(range(), () => send("POST", `${org}/translations`, { source: { space: tenPageSpaceId, language: "en" }, language: "fr" }));

  step("translations");
  // Support conversations, each of its own words: 100 issues in 100 clusters, once the queue analysed them.
  await send("POST", `${org}/conversations`, range().map(conversation));
  await until("the conversations' issues", async () => (await get(`${org}/conversations-clusters?limit=0`)).count >= COUNT);

  step("conversations");
  const content = await seedContent(send, org);

  const listed = (name, path, token = owner.token) => ({ name, url: `${api}${path}${path.includes("?") ? "&" : "?"}limit=${COUNT}`, headers: { authorization: `Bearer ${token}` } });
  const cr = (changeRequest) => `${space}/change-requests/${changeRequest.id}`;
  return [
    listed("user tokens", "/v1/user/tokens"),
    listed("admin: a user's tokens", `/admin/users/${owner.id}/tokens`, ADMIN_TOKEN),
    listed("organizations", "/v1/orgs"),
    listed("members", `${org}/members`),
    listed("invite links", `${org}/link-invites`),
    listed("SAML providers", `${org}/saml`),
    listed("teams", `${org}/teams`),
    listed("team members", `${org}/teams/${teams[0].id}/members`),
    listed("collections", `${org}/collections`),
    listed("spaces of the organization", `${org}/spaces`),
    listed("spaces of a collection", `/v1/collections/${collections[0].id}/spaces`),
    listed("change requests of a space", `${space}/change-requests?status=draft`),
    listed("change requests of the organization", `${org}/change-requests?status=draft`),
    listed("reviews", `${cr(reviewed)}/reviews`),
    listed("requested reviewers", `${cr(requested)}/requested-reviewers`),
    listed("comments of a space", `${space}/comments`),
    listed("comments of a change request", `${cr(reviewed)}/comments`),
    listed("replies (space)", `${space}/comments/${comments.space[0].id}/replies`),
    listed("replies (change request)", `${cr(reviewed)}/comments/${comments.changeRequest[0].id}/replies`),
    listed("commenters of a space", `${space}/commenters`),
    listed("commenters of a change request", `${cr(reviewed)}/commenters`),
    // Not paginated (GitBook's operation has no cursor): every contributor, 100 commenters and the owner's replies.
    listed("contributors of a change request", `${cr(reviewed)}/contributors`),
    listed("OpenAPI specs", `${org}/openapi`),
    listed("OpenAPI spec versions", `${org}/openapi/api-1/versions`),
    listed("sites", `${org}/sites`),
    listed("share links", `${site(0)}/share-links`),
    listed("site redirects", `${site(0)}/redirects`),
    listed("site spaces", `${site(1)}/site-spaces`),
    listed("sections", `${site(2)}/sections`),
    listed("section groups", `${site(3)}/section-groups`),
    listed("translations", `${org}/translations`),
    listed("conversations", `${org}/conversations`),
    listed("conversation issues", `${org}/conversations-issues`),
    listed("conversation clusters", `${org}/conversations-clusters`),
    ...content.map(([name, path]) => listed(name, path)),
  ];
}

/**
 * A space of 102 pages and 100 files, merged: a hub page linking every other page and file, and
 * 100 pages that each link the target page and the first file. Answers the content lists over it
 * (they are served from the revision cache after their first read) and over a change request of it.
 */
async function seedContent(send, org) {
  const space = await send("POST", `${org}/spaces`, { title: "Links" });
  const path = `/v1/spaces/${space.id}`;
  const changeRequest = await send("POST", `${path}/change-requests`, { subject: "Linked pages" });
  const edit = (changes) => send("POST", `${path}/change-requests/${changeRequest.id}/content?compat=false`, { changes });
  const files = range().map((index) => ({ name: `file-${index}.txt`, contentType: "text/plain", base64: Buffer.from(`File ${index}\n`).toString("base64") }));
  const first = await edit([
    { operation: "insert_page", ref: "target", title: "Target", document: { markdown: "The page every page links.\n" } },
    ...Array.from({ length: COUNT / 20 }, (_, batch) => ({ operation: "insert_files", files: files.slice(batch * 20, batch * 20 + 20) })),
  ]);
  const target = first.changes.find((change) => change.ref === "target").page.id;
  const fileIds = first.insertedFiles.map((file) => file.id);
  const pageIds = [];
  for (let start = 1; start <= COUNT; start += 50) {
    // At most 50 changes an edit.
    const pages = range(50).map((index) => ({ operation: "insert_page", title: `Page ${start + index - 1}`, document: { markdown: `See [the target](/pages/${target}) and [the first file](/files/${fileIds[0]}).\n` } }));
    pageIds.push(...(await edit(pages)).changes.map((change) => change.page.id));
  }
  const hubLinks = pageIds.map((id, index) => `- [Page ${index + 1}](/pages/${id}) and [file ${index + 1}](/files/${fileIds[index]})`);
  const hub = (await edit([{ operation: "insert_page", title: "Hub", document: { markdown: `${hubLinks.join("\n")}\n` } }])).changes[0].page.id;
  const merged = await send("POST", `${path}/change-requests/${changeRequest.id}/merge`);
  const reader = await send("POST", `${path}/change-requests`, { subject: "Reading" });
  const firstFile = fileIds[0];
  const crContent = `${path}/change-requests/${reader.id}/content`;
  return [
    ["files", `${path}/content/files`],
    ["files of a change request", `${crContent}/files`],
    ["files of a revision", `${path}/revisions/${merged.revision}/files`],
    ["file backlinks", `${path}/content/files/${firstFile}/backlinks`],
    ["file backlinks (change request)", `${crContent}/files/${firstFile}/backlinks`],
    ["page links", `${path}/content/page/${hub}/links`],
    ["page links (change request)", `${crContent}/page/${hub}/links`],
    ["page backlinks (change request)", `${crContent}/page/${target}/backlinks`],
    ["link report of a space", `${path}/links`],
    ["link report of a change request", `${path}/change-requests/${reader.id}/links`],
  ];
}
