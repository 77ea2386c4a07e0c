import type { VisitorContext } from "../../context";
import type { ResolvedPublishedContent } from "../../domain/published/resolve";
import { enqueueInsightEvents } from "../../domain/sites/insights/track";
import { fnv1a } from "../../lib/hash";
import { newId } from "../../lib/ids";

/**
 * Site insights from the reader: a page view for every page served (cached or not) and the
 * page's feedback, queued as `trackEventsInSiteById` queues them (the consumer writes them in
 * batches), after the response. The resolution already checked the visitor's access, so no read
 * is added. Visitors get no cookie for this: a visitor is a hash of their address and browser
 * for the day, a session the same for the hour, so counts of visitors are right and nobody can be
 * followed from one day to the next.
 */

export type ReaderEvent = { type: "page_view" } | { type: "page_post_feedback"; feedback: { rating: "bad" | "ok" | "good" } };

export function recordReaderEvent(ctx: VisitorContext, content: ResolvedPublishedContent, pageId: string, request: Request, event: ReaderEvent): void {
  const now = new Date();
  const who = `${request.headers.get("cf-connecting-ip") ?? ""}|${request.headers.get("user-agent") ?? ""}|${content.answer.site}`;
  const { type, ...data } = event;
  const { answer } = content;
  ctx.defer(
    enqueueInsightEvents(ctx.env.JOBS, answer.site, [
      {
        id: newId(),
        occurredAt: now.toISOString(),
        type,
        visitorId: fnv1a(`${who}|${now.toISOString().slice(0, 10)}`),
        sessionId: fnv1a(`${who}|${now.toISOString().slice(0, 13)}`),
        displayContext: "site",
        url: request.url.slice(0, 2048),
        siteSectionId: answer.siteSection ?? null,
        siteSpaceId: answer.siteSpace,
        spaceId: answer.space,
        pageId,
        language: request.headers.get("accept-language")?.split(",")[0]?.slice(0, 64) ?? null,
        referrer: request.headers.get("referer")?.slice(0, 2048) ?? null,
        data,
      },
    ]),
  );
}
