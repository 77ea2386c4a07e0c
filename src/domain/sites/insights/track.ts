import { isVisitor, type CallerContext, type VisitorContext } from "../../../context";
import { loadVisitorSite } from "../visitor-access";
import { newId } from "../../../lib/ids";
import type { Job, TrackedSiteEvent } from "../../../lib/jobs";
import type { SiteInsightsEventInput } from "../../../schemas/site-insights";
import { loadSiteAccess } from "../access";

/**
 * `trackEventsInSiteById`: the request only checks access and the events' shape (the route's
 * schema), stamps each event with an id and a time, and enqueues them (`insights.track`); the
 * queue's consumer writes them (record.ts). So a busy site costs its visitors' requests one access
 * check and a queue send, and its writes reach D1 in batches, never in a content read's way.
 *
 * A site's visitor tracks with their site token (the site's visitor context is enough); a member
 * with `viewSites` may too.
 */
export async function trackSiteEvents(ctx: CallerContext | VisitorContext, organizationId: string, siteId: string, events: SiteInsightsEventInput[]): Promise<void> {
  await (isVisitor(ctx) ? loadVisitorSite(ctx, organizationId, siteId) : loadSiteAccess(ctx, organizationId, siteId, "viewSites"));
  const now = new Date().toISOString();
  const tracked = events.map((event) => trackedEvent(event, now));
  if (tracked.length > 0) await enqueueInsightEvents(ctx.env.JOBS, siteId, tracked);
}

/** The stored form of an event: where and when it happened, who did it, and what its type adds. */
function trackedEvent({ session, location, timestamp, type, ...data }: SiteInsightsEventInput, now: string): TrackedSiteEvent {
  return {
    id: newId(),
    occurredAt: timestamp === undefined ? now : new Date(timestamp).toISOString(),
    type,
    visitorId: session.visitorId,
    sessionId: session.sessionId,
    displayContext: location.displayContext ?? "site",
    url: location.url,
    siteSectionId: location.siteSection,
    siteSpaceId: location.siteSpace,
    spaceId: location.space,
    pageId: location.page,
    language: session.language,
    referrer: session.referrer || null,
    data,
  };
}

/**
 * Queues enforce sizes: a message at most 128 KB, a `sendBatch` at most 100 messages and 256 KB.
 * Events go in messages of at most MESSAGE_BYTES, and messages in sends of at most SEND_BYTES.
 */
const MESSAGE_BYTES = 96 * 1024;
const SEND_BYTES = 192 * 1024;
const SEND_MESSAGES = 100;

export async function enqueueInsightEvents(queue: Queue, siteId: string, events: TrackedSiteEvent[]): Promise<void> {
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
  const messages = packed(events, bytes, MESSAGE_BYTES, Number.POSITIVE_INFINITY).map((chunk): Job => ({ kind: "insights.track", siteId, events: chunk }));
  for (const send of packed(messages, bytes, SEND_BYTES, SEND_MESSAGES)) {
    await queue.sendBatch(send.map((body) => ({ body, contentType: "json" as const })));
  }
}

/** `items` in order, in groups of at most `maxBytes` (by `sizeOf`, plus room for the envelope) and `maxCount` each. */
function packed<T>(items: readonly T[], sizeOf: (item: T) => number, maxBytes: number, maxCount: number): T[][] {
  const ENVELOPE = 256;
  const groups: T[][] = [];
  let current: T[] = [];
  let size = ENVELOPE;
  for (const item of items) {
    const itemSize = sizeOf(item) + 1;
    if (current.length > 0 && (size + itemSize > maxBytes || current.length >= maxCount)) {
      groups.push(current);
      current = [];
      size = ENVELOPE;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
