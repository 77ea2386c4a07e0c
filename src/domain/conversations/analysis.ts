import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { runBatch } from "../../db/batch";
import { rawAll } from "../../db/raw";
import {
  conversationClusterTerms,
  conversationCorpora,
  conversationIssues,
  conversations,
  conversationsIssuesClusters,
  conversationTerms,
  type ConversationIssueRow,
  type ConversationRow,
} from "../../db/schema";
import { deriveIssue, iconFor, type DerivedIssue } from "../../formats/conversations/issue";
import { SIMILARITY_THRESHOLD, cosine, termFrequencies, unitVector } from "../../formats/conversations/terms";
import { newId, nowIso } from "../../lib/ids";
import type { Job } from "../../lib/jobs";
import { sha256Hex } from "../../lib/tokens";
import { weekOf } from "./weeks";

/**
 * The `conversations.analyse` job: derives a conversation's issue (formats/conversations/issue.ts)
 * and counts it in the cluster of similar issues (formats/conversations/terms.ts: TF-IDF, cosine).
 *
 * Cost: an issue is compared only with the clusters that share one of its terms, through the
 * postings of the centroids (`conversation_cluster_terms`, indexed by organization and term):
 * O(its terms × clusters), never a re-clustering of the organization.
 *
 * Idempotent under redelivery and reordering:
 * - a job at or below the conversation's analysed revision does nothing, and a job analyses the
 *   conversation as it is now (an older job arriving after a newer one finds it done);
 * - an issue counts in at most one cluster, and only once: every statement that adds it (or takes
 *   it out) is guarded by the issue's state read before (`unassigned with this text`, `in that
 *   cluster with that text`), and the issue's own row changes last in the same batch (one D1
 *   transaction). A second delivery racing the first finds the guard false and changes nothing;
 * - the counters and centroids are changed by increments in SQL, so two jobs of different
 *   conversations joining one cluster never lose each other's update.
 */

type AnalyseJob = Extract<Job, { kind: "conversations.analyse" }>;

export async function analyseConversation(db: Database, job: AnalyseJob): Promise<"done" | "skipped"> {
  const [conversationRows, issueRows] = await db.batch([
    db.select().from(conversations).where(and(eq(conversations.organizationId, job.organizationId), eq(conversations.id, job.conversationId))).limit(1),
    db.select().from(conversationIssues).where(and(eq(conversationIssues.conversationId, job.conversationId), eq(conversationIssues.ordinal, 0))).limit(1),
  ]);
  const conversation = conversationRows[0];
  if (!conversation || conversation.processedRevision >= job.revision) return "skipped";

  const derived = deriveIssue(conversation.parts, conversation.subject);
  const existing = issueRows[0];
  const textHash = derived ? await sha256Hex(`${derived.title}\n${derived.summary}`) : null;
  const week = weekOf(conversation.createdAt);
  const unchanged = existing?.clusterId && existing.textHash === textHash && existing.week === week && existing.source === conversation.source;

  if (!derived || !textHash) {
    await runBatch(db, [...(existing ? removeIssue(db, existing) : []), markAnalysed(db, conversation)]);
    return "done";
  }
  if (unchanged) {
    await runBatch(db, [
      db.update(conversationIssues).set({ ingestedAt: conversation.ingestedAt }).where(eq(conversationIssues.id, existing.id)),
      markAnalysed(db, conversation),
    ]);
    return "done";
  }
  // Out of its cluster first (when it was in one), with its new text; then into the nearest one.
  await runBatch(db, prepareIssue(db, conversation, existing, derived, textHash, week));
  if (await assignIssue(db, conversation, derived, textHash)) return "done";
  // The issue was not as prepared: another job got there first. If that one analysed this
  // revision, it is done; otherwise (it ran on an older one) this job is retried, and reads again.
  const [current] = await db.select({ processedRevision: conversations.processedRevision }).from(conversations).where(eq(conversations.id, conversation.id));
  if (current && current.processedRevision < conversation.revision) throw new Error(`The issue of conversation ${conversation.id} changed during its analysis`);
  return "skipped";
}

const markAnalysed = (db: Database, conversation: ConversationRow) =>
  db
    .update(conversations)
    .set({ processedRevision: sql`max(${conversations.processedRevision}, ${conversation.revision})`, processedAt: nowIso() })
    .where(and(eq(conversations.id, conversation.id), sql`${conversations.processedRevision} < ${conversation.revision}`));

/** The issue's row, unassigned, with its new text: inserted, or updated after leaving its cluster. */
function prepareIssue(db: Database, conversation: ConversationRow, existing: ConversationIssueRow | undefined, derived: DerivedIssue, textHash: string, week: string): BatchItem<"sqlite">[] {
  const text = { title: derived.title, summary: derived.summary, textHash, week, source: conversation.source, ingestedAt: conversation.ingestedAt };
  if (!existing) {
    const now = nowIso();
    return [
      db
        .insert(conversationIssues)
        .values({ id: newId(), organizationId: conversation.organizationId, conversationId: conversation.id, ordinal: 0, ...text, clusterId: null, vector: null, createdAt: now })
        .onConflictDoNothing(),
    ];
  }
  if (!existing.clusterId) return [db.update(conversationIssues).set(text).where(and(eq(conversationIssues.id, existing.id), sql`${conversationIssues.clusterId} IS NULL`))];
  return [
    ...leaveCluster(db, existing),
    db
      .update(conversationIssues)
      .set({ ...text, clusterId: null, vector: null })
      .where(and(eq(conversationIssues.id, existing.id), eq(conversationIssues.clusterId, existing.clusterId), eq(conversationIssues.textHash, existing.textHash))),
    deleteIfEmpty(db, existing.clusterId),
  ];
}

/** Takes an issue out of its cluster and deletes it (its conversation has no user text any more). */
function removeIssue(db: Database, existing: ConversationIssueRow): BatchItem<"sqlite">[] {
  const inState = and(eq(conversationIssues.id, existing.id), eq(conversationIssues.textHash, existing.textHash));
  if (!existing.clusterId) return [db.delete(conversationIssues).where(and(inState, sql`${conversationIssues.clusterId} IS NULL`))];
  return [...leaveCluster(db, existing), db.delete(conversationIssues).where(and(inState, eq(conversationIssues.clusterId, existing.clusterId))), deleteIfEmpty(db, existing.clusterId)];
}

/** What an issue added to its cluster and to the document frequencies, taken back; guarded by the issue still being there as read. */
function leaveCluster(db: Database, issue: ConversationIssueRow): BatchItem<"sqlite">[] {
  const clusterId = issue.clusterId!;
  const vector = JSON.stringify(issue.vector ?? {});
  const guard = sql`EXISTS (SELECT 1 FROM ${conversationIssues} WHERE conversation_issues.id = ${issue.id} AND conversation_issues.cluster_id = ${clusterId} AND conversation_issues.text_hash = ${issue.textHash})`;
  const organizationId = issue.organizationId;
  return [
    rawAll(db, sql`UPDATE ${conversationClusterTerms} SET weight = weight - v.value FROM json_each(${vector}) AS v
      WHERE ${conversationClusterTerms}.cluster_id = ${clusterId} AND ${conversationClusterTerms}.term = v.key AND ${guard}`),
    rawAll(db, sql`DELETE FROM ${conversationClusterTerms} WHERE cluster_id = ${clusterId} AND weight <= 1e-9 AND ${guard}`),
    rawAll(db, sql`UPDATE ${conversationTerms} SET issues = issues - 1
      WHERE organization_id = ${organizationId} AND term IN (SELECT key FROM json_each(${vector})) AND ${guard}`),
    rawAll(db, sql`DELETE FROM ${conversationTerms} WHERE organization_id = ${organizationId} AND issues <= 0`),
    rawAll(db, sql`UPDATE ${conversationCorpora} SET issues = issues - 1 WHERE organization_id = ${organizationId} AND ${guard}`),
    rawAll(db, sql`UPDATE ${conversationsIssuesClusters} SET
        issues = issues - 1, conversations = conversations - 1,
        sources = ${bumped(sql`sources`, issue.source, -1)}, weeks = ${bumped(sql`weeks`, issue.week, -1)},
        norm_squared = ${centroidNormSquared(clusterId)}, updated_at = ${nowIso()}
      WHERE id = ${clusterId} AND ${guard}`),
  ];
}

const deleteIfEmpty = (db: Database, clusterId: string) => rawAll(db, sql`DELETE FROM ${conversationsIssuesClusters} WHERE id = ${clusterId} AND issues <= 0`);

/** A JSON map `{key: count}` with `key`'s count moved by `delta`. Keys are sources and week dates: no quotes in them. */
const bumped = (column: SQL, key: string, delta: number) => {
  const path = `$."${key.replace(/"/g, "")}"`;
  return sql`json_set(${column}, ${path}, coalesce(json_extract(${column}, ${path}), 0) + ${delta})`;
};

const centroidNormSquared = (clusterId: string) =>
  sql`(SELECT coalesce(sum(weight * weight), 0) FROM ${conversationClusterTerms} WHERE cluster_id = ${clusterId})`;

interface Posting {
  cluster_id: string;
  term: string;
  weight: number;
}

/**
 * Weighs the (unassigned) issue against the organization's corpus, finds the nearest cluster
 * among those sharing a term with it and adds it there, or to a new cluster when none is at
 * least SIMILARITY_THRESHOLD close. One read, one write batch. False when the issue is not as
 * prepared (unassigned, with this text): another job is at work on it.
 */
async function assignIssue(db: Database, conversation: ConversationRow, derived: DerivedIssue, textHash: string): Promise<boolean> {
  const organizationId = conversation.organizationId;
  const frequencies = termFrequencies(derived.text);
  const terms = JSON.stringify([...frequencies.keys()]);
  const [issueRows, corpusRows, documentFrequencies, postings, norms] = (await db.batch([
    db.select().from(conversationIssues).where(and(eq(conversationIssues.conversationId, conversation.id), eq(conversationIssues.ordinal, 0))).limit(1),
    db.select({ issues: conversationCorpora.issues }).from(conversationCorpora).where(eq(conversationCorpora.organizationId, organizationId)),
    rawAll<{ term: string; issues: number }>(db, sql`SELECT term, issues FROM ${conversationTerms}
      WHERE organization_id = ${organizationId} AND term IN (SELECT value FROM json_each(${terms}))`),
    rawAll<Posting>(db, sql`SELECT cluster_id, term, weight FROM ${conversationClusterTerms}
      WHERE organization_id = ${organizationId} AND term IN (SELECT value FROM json_each(${terms}))`),
    rawAll<{ id: string; norm_squared: number }>(db, sql`SELECT id, norm_squared FROM ${conversationsIssuesClusters}
      WHERE id IN (SELECT cluster_id FROM ${conversationClusterTerms} WHERE organization_id = ${organizationId} AND term IN (SELECT value FROM json_each(${terms})))`),
  ])) as [ConversationIssueRow[], Array<{ issues: number }>, Array<{ term: string; issues: number }>, Posting[], Array<{ id: string; norm_squared: number }>];
  const issue = issueRows[0];
  // Another delivery got here first (or another revision's job is at work on it).
  if (!issue || issue.clusterId || issue.textHash !== textHash) return false;

  // This issue counts in the corpus it is weighed against.
  const issues = (corpusRows[0]?.issues ?? 0) + 1;
  const known = new Map(documentFrequencies.map((row) => [row.term, row.issues]));
  const vector = unitVector(frequencies, issues, (term) => (known.get(term) ?? 0) + 1);
  const nearest = nearestCluster(vector, postings, norms);
  const joins = nearest !== undefined && nearest.similarity >= SIMILARITY_THRESHOLD;
  await runBatch(db, joinCluster(db, { conversation, issue, vector, clusterId: joins ? nearest.clusterId : newId(), isNew: !joins }));
  return true;
}

function nearestCluster(vector: Record<string, number>, postings: Posting[], norms: Array<{ id: string; norm_squared: number }>) {
  const dots = new Map<string, number>();
  for (const posting of postings) dots.set(posting.cluster_id, (dots.get(posting.cluster_id) ?? 0) + posting.weight * (vector[posting.term] ?? 0));
  let best: { clusterId: string; similarity: number } | undefined;
  // Ties go to the smaller id, so the choice does not depend on the order rows came in.
  for (const { id, norm_squared } of [...norms].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const similarity = cosine(dots.get(id) ?? 0, norm_squared);
    if (!best || similarity > best.similarity) best = { clusterId: id, similarity };
  }
  return best;
}

interface Joining {
  conversation: ConversationRow;
  issue: ConversationIssueRow;
  vector: Record<string, number>;
  clusterId: string;
  isNew: boolean;
}

/** Every statement is guarded by the issue being unassigned with the text it was weighed with; the issue's row changes last. */
function joinCluster(db: Database, { conversation, issue, vector, clusterId, isNew }: Joining): BatchItem<"sqlite">[] {
  const organizationId = conversation.organizationId;
  const weights = JSON.stringify(vector);
  const now = nowIso();
  const guard = sql`EXISTS (SELECT 1 FROM ${conversationIssues} WHERE conversation_issues.id = ${issue.id} AND conversation_issues.cluster_id IS NULL AND conversation_issues.text_hash = ${issue.textHash})`;
  const created = isNew
    ? [
        rawAll(db, sql`INSERT INTO ${conversationsIssuesClusters}
            (id, organization_id, label, summary, icon, issues, conversations, sources, weeks, norm_squared, created_at, updated_at)
          SELECT ${clusterId}, ${organizationId}, ${issue.title}, ${issue.summary}, ${iconFor(Object.keys(vector))}, 0, 0, '{}', '{}', 0, ${now}, ${now}
          WHERE ${guard}`),
      ]
    : [];
  return [
    ...created,
    rawAll(db, sql`INSERT INTO ${conversationClusterTerms} (cluster_id, organization_id, term, weight)
      SELECT ${clusterId}, ${organizationId}, v.key, v.value FROM json_each(${weights}) AS v WHERE ${guard}
      ON CONFLICT (cluster_id, term) DO UPDATE SET weight = weight + excluded.weight`),
    rawAll(db, sql`INSERT INTO ${conversationTerms} (organization_id, term, issues)
      SELECT ${organizationId}, v.key, 1 FROM json_each(${weights}) AS v WHERE ${guard}
      ON CONFLICT (organization_id, term) DO UPDATE SET issues = issues + 1`),
    rawAll(db, sql`INSERT INTO ${conversationCorpora} (organization_id, issues) SELECT ${organizationId}, 1 WHERE ${guard}
      ON CONFLICT (organization_id) DO UPDATE SET issues = issues + 1`),
    rawAll(db, sql`UPDATE ${conversationsIssuesClusters} SET
        issues = issues + 1, conversations = conversations + 1,
        sources = ${bumped(sql`sources`, issue.source, 1)}, weeks = ${bumped(sql`weeks`, issue.week, 1)},
        norm_squared = ${centroidNormSquared(clusterId)}, updated_at = ${now}
      WHERE id = ${clusterId} AND ${guard}`),
    db
      .update(conversationIssues)
      .set({ clusterId, vector })
      .where(and(eq(conversationIssues.id, issue.id), sql`${conversationIssues.clusterId} IS NULL`, eq(conversationIssues.textHash, issue.textHash))),
    markAnalysed(db, conversation),
  ];
}
