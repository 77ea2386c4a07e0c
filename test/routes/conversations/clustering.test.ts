import { describe, expect, it } from "vitest";
import { createOrganization, createUser } from "../../helpers/fixtures";
import { allClusters, allIssues, clustersPath, conversation, ingestAndAnalyse, read } from "../../helpers/conversations";
import { weekOf } from "../../../src/domain/conversations/weeks";

/**
 * The analysis job end to end: conversations in, issues (title and summary from the user's
 * cleaned messages) and clusters of similar issues out, through the Worker's queue handler.
 */

async function newOrganization() {
  const admin = await createUser("clustering");
  const organization = await createOrganization(admin);
  return { token: admin.token, userId: admin.id, organizationId: organization.id as string };
}

/** Ingests each text as a conversation of its own, analysing each before the next arrives. */
async function analyseEach(token: string, organizationId: string, texts: string[]) {
  for (const text of texts) await ingestAndAnalyse(token, organizationId, conversation(text));
}

/** The titles of the issues of each cluster, as sets, for comparing groupings. */
async function grouping(token: string, organizationId: string): Promise<string[][]> {
  const issues = await allIssues(token, organizationId);
  const byCluster = new Map<string, string[]>();
  for (const { issue } of issues) {
    expect(issue.cluster, `issue '${issue.title}' is clustered`).toEqual(expect.any(String));
    byCluster.set(issue.cluster, [...(byCluster.get(issue.cluster) ?? []), issue.title].sort());
  }
  return [...byCluster.values()].sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

describe("clustering support issues", () => {
  it("puts the two API key questions together and the SSO loop apart", async () => {
    const { token, organizationId } = await newOrganization();
    await analyseEach(token, organizationId, ["Where do I find my API key?", "Can't locate API keys in the dashboard", "SSO login loops back to the sign-in page"]);
    expect(await grouping(token, organizationId)).toEqual([
      ["Can't locate API keys in the dashboard", "Where do I find my API key?"],
      ["SSO login loops back to the sign-in page"],
    ]);
  });

  it("groups realistic support messages by topic, whatever their wrapping", async () => {
    const { token, organizationId } = await newOrganization();
    await analyseEach(token, organizationId, [
      "Hi team,\n\nWhere do I find my API key? I need it for our CI.\n\nThanks,\nMaria",
      "<p>Hello!</p><p>Our SAML login with Okta keeps redirecting back to the login page.</p><p>Best regards<br>Tom</p>",
      "Our invoice shows the wrong VAT number for our company.",
      "How do I regenerate an API key after it leaked in a public repository?",
      "Hey, SSO login loops back to the sign-in page every time I try.\n\nSent from my iPhone",
      "How can I change the VAT number printed on our invoices?",
      "Search returns no results for words that are definitely on the page.",
    ]);
    // The greeting ("Hey,") and the signature ("Sent from my iPhone") are no part of the titles.
    expect(await grouping(token, organizationId)).toEqual([
      ["How can I change the VAT number printed on our invoices?", "Our invoice shows the wrong VAT number for our company."],
      ["How do I regenerate an API key after it leaked in a public repository?", "Where do I find my API key?"],
      ["Our SAML login with Okta keeps redirecting back to the login page.", "SSO login loops back to the sign-in page every time I try."],
      ["Search returns no results for words that are definitely on the page."],
    ]);
  });

  it("takes the title and summary from the user's messages, cleaned of greetings, signatures, quotes and HTML", async () => {
    const { token, organizationId } = await newOrganization();
    const body = [
      "<div>Hi Anna,</div><div>The PDF export cuts off tables on the right side.</div><div>It happens on every page with a wide table.</div>",
      "<div>-- </div><div>Jane Doe | Acme Corp</div>",
      '<div class="gmail_quote">On Mon, Nov 3 Support wrote:<blockquote>Can you send an example?</blockquote></div>',
    ].join("");
    const reply = "Here is one more detail: it only happens in landscape.\n\nOn Tue, Nov 4, 2026 at 9:12 AM Support <help@example.com> wrote:\n> Which orientation?\n> Thanks";
    await ingestAndAnalyse(token, organizationId, {
      id: "pdf-1",
      subject: "PDF problem",
      parts: [
        { type: "message", role: "user", body },
        { type: "message", role: "assistant", body: "Which orientation do you print in?" },
        { type: "message", role: "user", body: reply },
      ],
    });
    const issue = (await allIssues(token, organizationId))[0]!.issue;
    expect(issue.title).toBe("The PDF export cuts off tables on the right side.");
    expect(issue.summary).toBe("The PDF export cuts off tables on the right side. It happens on every page with a wide table. Here is one more detail: it only happens in landscape.");
    for (const noise of ["Hi Anna", "Jane Doe", "Which orientation", "wrote:", "<div>", "example?"]) expect(issue.summary).not.toContain(noise);
  });

  it("describes a cluster: label and summary from its issues, icon, 13 weekly counts, sources and stats", async () => {
    const { token, userId, organizationId } = await newOrganization();
    const now = new Date();
    const threeWeeksAgo = new Date(now.getTime() - 21 * 24 * 3600 * 1000).toISOString();
    const longAgo = new Date(now.getTime() - 200 * 24 * 3600 * 1000).toISOString();
    await ingestAndAnalyse(token, organizationId, [
      conversation("Where do I find my API key?"),
      conversation("Can't locate API keys in the dashboard", { metadata: { createdAt: threeWeeksAgo } }),
      conversation("My API key is not shown in the settings anymore.", { metadata: { createdAt: longAgo } }),
    ]);
    const clusters = await allClusters(token, organizationId);
    expect(clusters).toHaveLength(1);
    const cluster = await read(token, `${clustersPath(organizationId)}/${clusters[0].id}`, "getConversationsIssuesCluster");
    expect(cluster).toEqual(clusters[0]);
    expect(cluster).toMatchObject({
      object: "issues-cluster",
      label: "Where do I find my API key?",
      summary: "Where do I find my API key?",
      icon: "key",
      sources: { [`integration:api:${userId}`]: 3 },
      stats: { issues: 3, conversations: 3, tasksTotal: 0, tasksBacklog: 0, tasksStarted: 0, tasksCompleted: 0, tasksCancelled: 0 },
      urls: { location: expect.stringContaining(`/v1/orgs/${organizationId}/conversations-clusters/${cluster.id}`), app: expect.any(String) },
    });
    // Oldest first, ending with this week: this week's issue last, three weeks ago fourth from
    // the end; the one from 200 days ago counts in the stats, not in the pulse.
    const expected = Array(13).fill(0);
    expected[12] += 1;
    expected[12 - weeksBetween(threeWeeksAgo, now)] += 1;
    expect(cluster.weeklyPulse).toEqual(expected);
  });
});

function weeksBetween(iso: string, now: Date): number {
  return Math.round((Date.parse(weekOf(now.toISOString())) - Date.parse(weekOf(iso))) / (7 * 24 * 3600 * 1000));
}
