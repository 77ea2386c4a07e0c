import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext, RequestContext, RequesterContext } from "../../context";
import { rowsInAnyOrder } from "../../db/json-rows";
import { selectedOnce } from "../../db/list-select";
import { pageReads, sortedBy, type Direction, type Sort } from "../../db/keyset";
import {
  conversationIssues,
  conversations,
  conversationsIssuesClusters,
  type ConversationIssueRow,
  type ConversationsIssuesClusterRow,
} from "../../db/schema";
import { notFound } from "../../lib/errors";
import { EMPTY_LIST, type PageRequest } from "../../lib/pagination";
import { assertOrganizationAction } from "../../lib/permissions";
import type { ClustersOrderByValue as OrderBy } from "../../schemas/conversation";
import { loadOrganizationAccessWith } from "../organizations/access";
import { conversationById } from "./ingest";
import { pulseWeeks } from "./weeks";
import { presentCluster, presentConversation, presentConversationDetail, presentIssue, type ConversationSummaryRow } from "./present";

/** A conversation's columns but its parts (up to 256 KiB each): what lists and issue items show. */
const { parts: _partsAreReadAlone, ...summaryColumns } = getTableColumns(conversations);

/**
 * What an issue item shows of an issue: not its clustering state (the TF-IDF vector, a JSON object
 * of every term, was most of a 100-item page's bytes read and parsed).
 */
const { id, organizationId, conversationId, title, summary, clusterId, createdAt, ingestedAt } = getTableColumns(conversationIssues);
const issueColumns = { id, organizationId, conversationId, title, summary, clusterId, createdAt, ingestedAt };
type IssueRow = Pick<ConversationIssueRow, keyof typeof issueColumns>;

/** The lists' selects, built once (db/list-select.ts). */
const conversationRows = selectedOnce((db) => db.select(summaryColumns).from(conversations));
const issueRows = selectedOnce((db) => db.select(issueColumns).from(conversationIssues));

/**
 * The reads of support conversations (seed 4.14): every one checks `viewConversations` first and
 * reads only the organization of the path; an id of another organization is a 404.
 */

async function authorize(ctx: RequesterContext, organizationId: string): Promise<void> {
  await authorizedWith(ctx, organizationId, []);
}

/** `authorize` with the reads of a list in its batch: their results, once the caller may see them. */
async function authorizedWith(ctx: RequesterContext, organizationId: string, reads: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
  const [access, results] = await loadOrganizationAccessWith(ctx, organizationId, reads);
  assertOrganizationAction(access.membership, "viewConversations");
  return results;
}

/** Newest first (`createdAt`: the conversation's own date when it gave one). */
export async function listConversations(ctx: RequesterContext, organizationId: string, filters: { source?: string }, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: conversations,
    select: conversationRows(),
    where: and(eq(conversations.organizationId, organizationId), filters.source !== undefined ? eq(conversations.source, filters.source) : undefined),
    sort: sortedBy("newest", "desc", [conversations.createdAt, conversations.id], (row: ConversationSummaryRow) => [row.createdAt, row.id]),
  });
  return page.answer(await authorizedWith(ctx, organizationId, page.reads), (row) => presentConversation(row, ctx.urls));
}

export async function getConversation(ctx: CallerContext, organizationId: string, conversationId: string) {
  await authorize(ctx, organizationId);
  const [row] = await ctx.db.select().from(conversations).where(conversationById(organizationId, conversationId)).limit(1);
  if (!row) throw notFound(`Conversation '${conversationId}'`);
  return presentConversationDetail(row, ctx.urls);
}

/** Issues, newest first, each with its conversation (read alongside the page, in its batch). */
export async function listConversationIssues(ctx: RequesterContext, organizationId: string, filters: { cluster?: string; conversation?: string }, request: PageRequest) {
  const page = pageReads(ctx.db, request, {
    from: conversationIssues,
    select: issueRows(),
    where: and(
      eq(conversationIssues.organizationId, organizationId),
      filters.cluster !== undefined ? eq(conversationIssues.clusterId, filters.cluster) : undefined,
      filters.conversation !== undefined ? eq(conversationIssues.conversationId, filters.conversation) : undefined,
    ),
    sort: sortedBy("newest", "desc", [conversationIssues.createdAt, conversationIssues.id], (row: IssueRow) => [row.createdAt, row.id]),
    // Looked up by id: as one JSON text, as the page is (db/json-rows.ts).
    alongside: (rows) => [rowsInAnyOrder(ctx.db, ctx.db.select(summaryColumns).from(conversations).where(inArray(conversations.id, rows.select(conversationIssues.conversationId))))],
  });
  return page.answerWith(await authorizedWith(ctx, organizationId, page.reads), ([rows]) => {
    const byId = new Map((rows as ConversationSummaryRow[]).map((row) => [row.id, row]));
    return (issue: IssueRow) => issueItem(ctx, issue, byId.get(issue.conversationId));
  });
}

export async function getConversationIssue(ctx: CallerContext, organizationId: string, issueId: string) {
  await authorize(ctx, organizationId);
  const where = and(eq(conversationIssues.organizationId, organizationId), eq(conversationIssues.id, issueId));
  const [issues, rows] = await ctx.db.batch([
    ctx.db.select(issueColumns).from(conversationIssues).where(where).limit(1),
    ctx.db
      .select(summaryColumns)
      .from(conversations)
      .where(eq(conversations.id, sql`(SELECT ${conversationIssues.conversationId} FROM ${conversationIssues} WHERE ${where})`))
      .limit(1),
  ]);
  const issue = issues[0];
  if (!issue) throw notFound(`Conversation issue '${issueId}'`);
  return issueItem(ctx, issue, rows[0]);
}

function issueItem(ctx: RequestContext, issue: IssueRow, conversation: ConversationSummaryRow | undefined) {
  // An issue's conversation is deleted with it (foreign key), so it is always there.
  if (!conversation) throw new Error(`The conversation of issue ${issue.id} is missing`);
  return { issue: presentIssue(issue, ctx.urls), conversation: presentConversation(conversation, ctx.urls) };
}

/**
 * The sort of a cluster list. Counts are not unique, so each sort is (value, id); the tasks
 * counts are 0 for every cluster (present.ts), which leaves the id.
 */
function clusterSort(orderBy: OrderBy, direction: Direction): Sort<ConversationsIssuesClusterRow> {
  const name = `${orderBy}-${direction}`;
  const c = conversationsIssuesClusters;
  if (orderBy === "updatedAt") return sortedBy(name, direction, [c.updatedAt, c.id], (row) => [row.updatedAt, row.id]);
  if (orderBy === "issues") return sortedBy(name, direction, [c.issues, c.id], (row) => [row.issues, row.id]);
  if (orderBy === "conversations") return sortedBy(name, direction, [c.conversations, c.id], (row) => [row.conversations, row.id]);
  return { name, keys: [{ expression: c.id, direction, valueOf: (row) => row.id }] };
}

export async function listConversationsIssuesClusters(
  ctx: RequesterContext,
  organizationId: string,
  filters: { order: Direction; orderBy: OrderBy; status?: "pending" | "analysing" },
  request: PageRequest,
) {
  // A cluster is made by the analysis that assigns its first issue, in one batch: none is ever
  // pending or being analysed, so those filters match nothing (docs/decisions.md).
  if (filters.status !== undefined) {
    await authorize(ctx, organizationId);
    return EMPTY_LIST;
  }
  const page = pageReads(ctx.db, request, {
    from: conversationsIssuesClusters,
    where: eq(conversationsIssuesClusters.organizationId, organizationId),
    sort: clusterSort(filters.orderBy, filters.order),
  });
  const results = await authorizedWith(ctx, organizationId, page.reads);
  // The pulse's weeks once for the page, not 13 dates per cluster.
  const weeks = pulseWeeks(new Date());
  return page.answer(results, (row) => presentCluster(row, ctx.urls, weeks));
}

export async function getConversationsIssuesCluster(ctx: CallerContext, organizationId: string, clusterId: string) {
  await authorize(ctx, organizationId);
  const [row] = await ctx.db
    .select()
    .from(conversationsIssuesClusters)
    .where(and(eq(conversationsIssuesClusters.organizationId, organizationId), eq(conversationsIssuesClusters.id, clusterId)))
    .limit(1);
  if (!row) throw notFound(`Conversations issues cluster '${clusterId}'`);
  return presentCluster(row, ctx.urls);
}
