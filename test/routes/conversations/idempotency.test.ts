import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../../src/db/client";
import { analyseConversation } from "../../../src/domain/conversations/analysis";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { allClusters, allIssues, conversation, conversationsPath, ingest, ingestAndAnalyse, read, runJobs } from "../../helpers/conversations";

/**
 * Queues deliver at least once and in any order: the analysis of a conversation counts its issue
 * once, in one cluster, however often and in whatever order its jobs run.
 */

async function newOrganization() {
  const admin = await createUser("idempotency");
  const organization = await createOrganization(admin);
  return { token: admin.token, organizationId: organization.id as string };
}

/** The clusters as `label: issues/conversations`, and the number of issues. */
async function tally(token: string, organizationId: string) {
  const clusters = await allClusters(token, organizationId, "&orderBy=issues");
  const issues = await allIssues(token, organizationId);
  return {
    clusters: Object.fromEntries(clusters.map((cluster) => [cluster.label, `${cluster.stats.issues}/${cluster.stats.conversations}`])),
    pulse: clusters.reduce((total, cluster) => total + cluster.weeklyPulse.reduce((a: number, b: number) => a + b, 0), 0),
    issues: issues.length,
  };
}

describe("the analysis under redelivery and reordering", () => {
  it("counts an issue once when its job runs twice, alone or in one batch", async () => {
    const { token, organizationId } = await newOrganization();
    const jobs = await ingest(token, organizationId, [conversation("Where do I find my API key?"), conversation("Can't locate API keys in the dashboard")]);
    expect(jobs).toHaveLength(2);
    await runJobs(jobs);
    const once = await tally(token, organizationId);
    expect(once).toEqual({ clusters: { "Where do I find my API key?": "2/2" }, pulse: 2, issues: 2 });
    await runJobs(jobs);
    await runJobs([...jobs, ...jobs].reverse());
    expect(await tally(token, organizationId)).toEqual(once);
  });

  it("counts an issue once when two deliveries of its job run at the same time", async () => {
    const { token, organizationId } = await newOrganization();
    const jobs = await ingest(token, organizationId, [conversation("Where do I find my API key?"), conversation("Can't locate API keys in the dashboard")]);
    const db = createDatabase(env.DB);
    // Both deliveries read the conversation before either writes: the guards make one of them a no-op.
    for (const job of jobs) await Promise.all([analyseConversation(db, job), analyseConversation(db, job), analyseConversation(db, job)]);
    expect(await tally(token, organizationId)).toEqual({ clusters: { "Where do I find my API key?": "2/2" }, pulse: 2, issues: 2 });
  });

  it("ingesting an id again updates its conversation and re-derives its issue, whichever job runs first", async () => {
    const { token, organizationId } = await newOrganization();
    await ingestAndAnalyse(token, organizationId, [conversation("Where do I find my API key?"), conversation("SSO login loops back to the sign-in page")]);
    const moving = conversation("Can't locate API keys in the dashboard");
    const first = await ingest(token, organizationId, moving);
    // The same id, now about single sign-on: revision 2.
    const second = await ingest(token, organizationId, { ...moving, parts: [{ type: "message", role: "user", body: "Our SSO login keeps looping back to the sign-in page" }] });
    expect(first.map((job) => job.revision)).toEqual([1]);
    expect(second.map((job) => [job.conversationId, job.revision])).toEqual([[first[0]!.conversationId, 2]]);
    await runJobs(second);
    await runJobs(first);
    await runJobs(second);
    expect(await tally(token, organizationId)).toEqual({
      clusters: { "Where do I find my API key?": "1/1", "SSO login loops back to the sign-in page": "2/2" },
      pulse: 3,
      issues: 3,
    });
    const conversations = await read(token, conversationsPath(organizationId), "listConversations");
    expect(conversations.count).toBe(3);
  });

  it("moves an issue between clusters without counting it twice, and drops a cluster left empty", async () => {
    const { token, organizationId } = await newOrganization();
    const ticket = conversation("Where do I find my API key?");
    await ingestAndAnalyse(token, organizationId, [ticket, conversation("SSO login loops back to the sign-in page")]);
    const before = await allIssues(token, organizationId);
    const [apiIssue] = before.filter((item) => item.issue.title === "Where do I find my API key?");
    const apiCluster = apiIssue!.issue.cluster;
    await ingestAndAnalyse(token, organizationId, { ...ticket, parts: [{ type: "message", role: "user", body: "The SSO login loops back to the sign-in page again" }] });
    const after = await allIssues(token, organizationId);
    expect(after).toHaveLength(2);
    const moved = after.find((item) => item.conversation.id === apiIssue!.conversation.id)!.issue;
    // The same issue, re-derived: its id stays, its text and cluster follow the conversation.
    expect(moved).toMatchObject({ id: apiIssue!.issue.id, title: "The SSO login loops back to the sign-in page again" });
    expect(moved.cluster).not.toBe(apiCluster);
    expect(await tally(token, organizationId)).toEqual({ clusters: { "SSO login loops back to the sign-in page": "2/2" }, pulse: 2, issues: 2 });
    const gone = await read(token, `/v1/orgs/${organizationId}/conversations-clusters?limit=5`, "listConversationsIssuesClusters");
    expect(gone.items.map((cluster: { id: string }) => cluster.id)).not.toContain(apiCluster);
  });

  it("queues nothing for an identical ingest once analysed, and queues again one still waiting", async () => {
    const { token, organizationId } = await newOrganization();
    const ticket = conversation("Where do I find my API key?");
    const waiting = await ingest(token, organizationId, ticket);
    // The first job was lost: the same ingest queues the analysis again.
    const again = await ingest(token, organizationId, ticket);
    expect(again.map((job) => job.conversationId)).toEqual(waiting.map((job) => job.conversationId));
    await runJobs([...again, ...waiting]);
    expect(await ingest(token, organizationId, ticket)).toEqual([]);
    expect(await tally(token, organizationId)).toEqual({ clusters: { "Where do I find my API key?": "1/1" }, pulse: 1, issues: 1 });
    const analysed = (await allIssues(token, organizationId))[0]!.conversation;
    expect(analysed.processedAt).toEqual(expect.any(String));
  });

  it("acknowledges a job whose conversation is unknown, or of another organization, and changes nothing", async () => {
    const { token, organizationId } = await newOrganization();
    const [job] = await ingest(token, organizationId, conversation("Where do I find my API key?"));
    const other = await newOrganization();
    const result = await runJobs([
      { ...job!, organizationId: other.organizationId },
      { ...job!, conversationId: "noSuchConversation" },
    ]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await tally(token, organizationId)).toEqual({ clusters: {}, pulse: 0, issues: 0 });
    expect(await tally(other.token, other.organizationId)).toEqual({ clusters: {}, pulse: 0, issues: 0 });
  });

  it("removes the issue of a conversation whose user text is gone", async () => {
    const { token, organizationId } = await newOrganization();
    const ticket = conversation("Where do I find my API key?");
    await ingestAndAnalyse(token, organizationId, ticket);
    await ingestAndAnalyse(token, organizationId, { ...ticket, parts: [{ type: "message", role: "user", body: "Hi,\n\nThanks,\nAda" }] });
    expect(await tally(token, organizationId)).toEqual({ clusters: {}, pulse: 0, issues: 0 });
    const conversations = await read(token, conversationsPath(organizationId), "listConversations");
    expect(conversations.count).toBe(1);
  });
});
