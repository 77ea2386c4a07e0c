import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CallerContext } from "../../context";
import { runBatch } from "../../db/batch";
import { conversations, type ConversationMetadataRow } from "../../db/schema";
import { newId, nowIso } from "../../lib/ids";
import type { Job } from "../../lib/jobs";
import { assertOrganizationAction } from "../../lib/permissions";
import { sha256Hex } from "../../lib/tokens";
import type { ConversationInputValue } from "../../schemas/conversation";
import { loadOrganizationAccess } from "../organizations/access";

/**
 * `ingestConversation` (seed 4.14): stores each conversation and queues its analysis
 * (`conversations.analyse`, analysis.ts); the answer does not wait for the analysis.
 *
 * A conversation is identified by its `id` within its source, and the source is who ingests it:
 * `integration:api:<userId>` (GitBook's integration source, with this API in the integration's
 * place and the ingesting user in the installation's; docs/decisions.md). Ingesting the same id
 * again updates that conversation: its revision goes up and a new analysis is queued. An ingest
 * identical to what is stored changes nothing, unless its last analysis has not been written yet
 * (then the analysis is queued again: a lost queue send heals with the next ingest).
 */

/** The source of conversations a user ingests through the API. */
export const apiSourceOf = (userId: string) => `integration:api:${userId}`;

export async function ingestConversations(ctx: CallerContext, organizationId: string, input: ConversationInputValue | ConversationInputValue[]): Promise<void> {
  const access = await loadOrganizationAccess(ctx, organizationId);
  assertOrganizationAction(access.membership, "ingestConversations");
  const source = apiSourceOf(ctx.caller.id);
  const now = nowIso();
  // The last occurrence of an id wins, as if the conversations had been ingested one after the other.
  const byId = new Map([input].flat().map((conversation) => [conversation.id, conversation]));
  // Hashed first: a query builder is a thenable, so it must never be what a promise resolves to.
  const prepared = await Promise.all([...byId.values()].map(async (conversation) => prepareConversation(conversation)));
  const statements: BatchItem<"sqlite">[] = prepared.map((conversation) => upsertConversation(ctx, organizationId, source, conversation, now));
  const results = (await runBatch(ctx.db, statements)) as Array<Array<{ id: string; revision: number }>>;
  const jobs: Job[] = results.flat().map(({ id, revision }) => ({ kind: "conversations.analyse", organizationId, conversationId: id, revision }));
  if (jobs.length > 0) await ctx.env.JOBS.sendBatch(jobs.map((body) => ({ body, contentType: "json" })));
}

async function prepareConversation(input: ConversationInputValue) {
  const metadata: ConversationMetadataRow = {
    ...(input.metadata?.url !== undefined ? { url: input.metadata.url } : {}),
    ...(input.metadata?.attributes !== undefined ? { attributes: input.metadata.attributes } : {}),
    // Stored as the API writes every timestamp, so it sorts as text with the others.
    ...(input.metadata?.createdAt !== undefined ? { createdAt: new Date(input.metadata.createdAt).toISOString() } : {}),
  };
  const contentHash = await sha256Hex(JSON.stringify([input.subject ?? null, input.parts, metadata]));
  return { input, metadata, contentHash };
}

function upsertConversation(ctx: CallerContext, organizationId: string, source: string, { input, metadata, contentHash }: Awaited<ReturnType<typeof prepareConversation>>, now: string) {
  return ctx.db
    .insert(conversations)
    .values({
      id: newId(),
      organizationId,
      source,
      externalId: input.id,
      subject: input.subject ?? null,
      parts: input.parts,
      metadata,
      contentHash,
      revision: 1,
      processedRevision: 0,
      createdAt: metadata.createdAt ?? now,
      ingestedAt: now,
      processedAt: null,
    })
    .onConflictDoUpdate({
      target: [conversations.organizationId, conversations.source, conversations.externalId],
      set: {
        subject: sql`excluded.subject`,
        parts: sql`excluded.parts`,
        metadata: sql`excluded.metadata`,
        contentHash: sql`excluded.content_hash`,
        revision: sql`${conversations.revision} + 1`,
        // Without a createdAt of its own, a conversation keeps the time it was first ingested.
        createdAt: metadata.createdAt ? sql`excluded.created_at` : sql`${conversations.createdAt}`,
        ingestedAt: sql`excluded.ingested_at`,
      },
      setWhere: or(ne(conversations.contentHash, sql`excluded.content_hash`), lt(conversations.processedRevision, conversations.revision)),
    })
    .returning({ id: conversations.id, revision: conversations.revision });
}

/** The conversation row of an organization by id (the reads' loader). */
export const conversationById = (organizationId: string, conversationId: string) =>
  and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId));
