import { beforeAll, describe, expect, it } from "vitest";
import { createOrganization, organizationWithEveryRole } from "../../helpers/fixtures";
import { errorMessage } from "../../helpers/http";
import { inParallel, walkList } from "../../helpers/lists";
import { expectSpec0146Response } from "../../helpers/spec-0146";
import { allClusters, allIssues, clustersPath, conversation, conversationCall, conversationsPath, ingestAndAnalyse, issuesPath, read } from "../../helpers/conversations";

/**
 * The reads: conversations (source filter), issues (cluster and conversation filters), clusters
 * (orderBy, order, status), each keyset-paginated; single reads; who may read.
 */

let world: Awaited<ReturnType<typeof organizationWithEveryRole>>;
let organizationId: string;
/** Another organization of the same admin: its ids are 404s in the first one. */
let otherOrganizationId: string;

const API_KEY = ["Where do I find my API key?", "Can't locate API keys in the dashboard", "How do I regenerate an API key?", "My API key was revoked by mistake"];
const SSO = ["SSO login loops back to the sign-in page", "Okta SSO login keeps looping to the sign-in page"];
const LONE = ["The PDF export cuts off wide tables"];

beforeAll(async () => {
  world = await organizationWithEveryRole();
  organizationId = world.organization.id;
  otherOrganizationId = (await createOrganization(world.admin)).id;
  for (const text of [...API_KEY, ...SSO, ...LONE]) await ingestAndAnalyse(world.admin.token, organizationId, conversation(text));
  // One from another source (another user who may ingest).
  await ingestAndAnalyse(world.create.token, organizationId, conversation("Where can I find the API key of my account?"));
  await ingestAndAnalyse(world.admin.token, otherOrganizationId, conversation("Where do I find my API key?"));
});

/** Walks a list with `limit`, checking every page against GitBook's 0.146 schema. */
async function walk(path: string, params: Record<string, string | number>, operationId: string, expectedCount: number) {
  const items = await walkList<any>(path, params, { token: world.read.token, operationId: null, expectedCount });
  expectSpec0146Response(operationId, 200, { items, count: expectedCount });
  return items;
}

describe("the 0.146 schema check", () => {
  it("refuses a body that is not GitBook's shape, so a passing check means something", () => {
    expect(() => expectSpec0146Response("listConversations", 200, { items: [{ object: "conversation", id: "x" }], count: 1 })).toThrow();
    expect(() => expectSpec0146Response("getConversationsIssuesCluster", 200, { object: "issues-cluster" })).toThrow();
  });
});

describe("listing conversations", () => {
  it("pages through all of them, newest first, and filters by source", async () => {
    const all = await walk(conversationsPath(organizationId), { limit: 3 }, "listConversations", 8);
    const keys = all.map((item) => `${item.createdAt} ${item.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const bySource = await walk(conversationsPath(organizationId), { limit: 1, source: `integration:api:${world.create.id}` }, "listConversations", 1);
    expect(bySource[0].source).toBe(`integration:api:${world.create.id}`);
    await walk(conversationsPath(organizationId), { source: "email" }, "listConversations", 0);
  });
});

describe("listing issues", () => {
  it("pages through them, each with its conversation, and filters by cluster and by conversation", async () => {
    const all = await walk(issuesPath(organizationId), { limit: 2 }, "listConversationsIssues", 8);
    for (const { issue, conversation } of all) expect(issue.conversation).toBe(conversation.id);
    const apiCluster = all.find((item) => item.issue.title === API_KEY[0])!.issue.cluster;
    const inCluster = await walk(issuesPath(organizationId), { limit: 2, cluster: apiCluster }, "listConversationsIssues", 5);
    expect(inCluster.map((item) => item.issue.title).sort()).toEqual([...API_KEY, "Where can I find the API key of my account?"].sort());
    const one = all[3]!;
    const ofConversation = await walk(issuesPath(organizationId), { conversation: one.conversation.id }, "listConversationsIssues", 1);
    expect(ofConversation).toEqual([one]);
    const issue = await read(world.read.token, `${issuesPath(organizationId)}/${one.issue.id}`, "getConversationIssueById");
    expect(issue).toEqual(one);
  });
});

describe("listing clusters", () => {
  it("orders by issues (ties by id) both ways, and pages through them", async () => {
    const desc = await walk(clustersPath(organizationId), { limit: 1, orderBy: "issues" }, "listConversationsIssuesClusters", 3);
    expect(desc.map((cluster) => cluster.stats.issues)).toEqual([5, 2, 1]);
    const asc = await walk(clustersPath(organizationId), { limit: 2, orderBy: "issues", order: "asc" }, "listConversationsIssuesClusters", 3);
    expect(asc.map((cluster) => cluster.id)).toEqual(desc.map((cluster) => cluster.id).reverse());
    expect(desc[0]).toMatchObject({ label: API_KEY[0], sources: { [`integration:api:${world.admin.id}`]: 4, [`integration:api:${world.create.id}`]: 1 } });
  });

  it("orders by updatedAt by default, by conversations and by the tasks counts (all 0: by id)", async () => {
    const byUpdate = await allClusters(world.read.token, organizationId);
    const updated = byUpdate.map((cluster) => `${cluster.updatedAt} ${cluster.id}`);
    expect(updated).toEqual([...updated].sort().reverse());
    const byConversations = await allClusters(world.read.token, organizationId, "&orderBy=conversations&order=asc");
    expect(byConversations.map((cluster) => cluster.stats.conversations)).toEqual([1, 2, 5]);
    const byTasks = await walk(clustersPath(organizationId), { limit: 2, orderBy: "tasksBacklog", order: "asc" }, "listConversationsIssuesClusters", 3);
    expect(byTasks.map((cluster) => cluster.id)).toEqual(byTasks.map((cluster) => cluster.id).sort());
  });

  it("matches nothing with a status filter: no cluster is pending or being analysed", async () => {
    for (const status of ["pending", "analysing"]) {
      const body = await read(world.read.token, `${clustersPath(organizationId)}?status=${status}`, "listConversationsIssuesClusters");
      expect(body).toEqual({ items: [], count: 0 });
    }
  });

  it("refuses an unknown orderBy or status, and a cursor made under another order", async () => {
    const token = world.read.token;
    expect(errorMessage(await conversationCall("GET", `${clustersPath(organizationId)}?orderBy=size`, { token }), 400)).toMatch(/'orderBy'/);
    expect(errorMessage(await conversationCall("GET", `${clustersPath(organizationId)}?status=done`, { token }), 400)).toMatch(/'status'/);
    const first = await conversationCall("GET", `${clustersPath(organizationId)}?limit=1&orderBy=issues`, { token });
    const replayed = await conversationCall("GET", `${clustersPath(organizationId)}?limit=1&orderBy=conversations&page=${first.body.next.page}`, { token });
    expect(errorMessage(replayed, 400)).toMatch(/page/);
  });
});

describe("who may read", () => {
  it("lets every member from read up read, refuses guests (403), other organizations' ids (404) and no token (401)", async () => {
    const [issue] = await allIssues(world.read.token, organizationId);
    const [otherIssue] = await allIssues(world.admin.token, otherOrganizationId);
    const [cluster] = await allClusters(world.read.token, organizationId);
    const paths = [
      conversationsPath(organizationId),
      `${conversationsPath(organizationId)}/${issue!.conversation.id}`,
      issuesPath(organizationId),
      `${issuesPath(organizationId)}/${issue!.issue.id}`,
      clustersPath(organizationId),
      `${clustersPath(organizationId)}/${cluster.id}`,
    ];
    await inParallel(paths, async (path) => {
      for (const role of ["read", "comment", "edit", "review", "create", "admin"] as const) {
        expect((await conversationCall("GET", path, { token: world[role].token })).status, `${role} ${path}`).toBe(200);
      }
      expect(errorMessage(await conversationCall("GET", path, { token: world.guest.token }), 403)).toMatch(/viewConversations.*'read'/);
      expect(errorMessage(await conversationCall("GET", path, { token: world.outsider.token }), 404)).toMatch(/Organization/);
      errorMessage(await conversationCall("GET", path), 401);
    });
    // Ids of the other organization, asked in this one (by its admin, a member of both): 404.
    const [otherCluster] = await allClusters(world.admin.token, otherOrganizationId);
    const foreign = [
      [`${conversationsPath(organizationId)}/${otherIssue!.conversation.id}`, /Conversation/],
      [`${issuesPath(organizationId)}/${otherIssue!.issue.id}`, /Conversation issue/],
      [`${clustersPath(organizationId)}/${otherCluster.id}`, /cluster/],
    ] as const;
    for (const [path, pattern] of foreign) expect(errorMessage(await conversationCall("GET", path, { token: world.admin.token }), 404)).toMatch(pattern);
    const filtered = await read(world.admin.token, `${issuesPath(organizationId)}?cluster=${otherCluster.id}`, "listConversationsIssues");
    expect(filtered).toEqual({ items: [], count: 0 });
  });
});
