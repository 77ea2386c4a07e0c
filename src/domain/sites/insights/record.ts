import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { runBatch } from "../../../db/batch";
import { rawAll } from "../../../db/raw";
import type { Job } from "../../../lib/jobs";

type TrackJob = Extract<Job, { kind: "insights.track" }>;

/**
 * The `insights.track` job: writes a batch of jobs' events in one round trip, one statement per
 * job that reads its events from one JSON parameter (`json_each`), whatever their number.
 *
 * - Idempotent: each event's id was given when it was tracked, and a row already there is left
 *   alone (`ON CONFLICT (id) DO NOTHING`), so a redelivered job inserts nothing twice.
 * - Only what the site publishes: an event whose location names a section, a site space or a
 *   space that is not of this site (or a site space of another space or section than the event
 *   says) is dropped, as are all the events of a site deleted since; the checks are index
 *   lookups in the same statement, so a site deleted meanwhile can never fail the insert.
 * - Page ids are kept as given: checking them against the space's content would cost a read of
 *   content per event, and an id that is not a page of the space matches no page anyway.
 */
export async function recordSiteEvents(db: Database, jobs: TrackJob[]): Promise<void> {
  await runBatch(
    db,
    jobs.map((job) => rawAll(db, insertEvents(job))),
  );
}

function insertEvents({ siteId, events }: TrackJob) {
  const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`);
  return sql`INSERT INTO site_insight_events
      (id, site_id, occurred_at, type, visitor_id, session_id, display_context, url, site_section_id, site_space_id, space_id, page_id, language, referrer, data)
    SELECT e.id, ${siteId}, e.occurred_at, e.type, e.visitor_id, e.session_id, e.display_context, e.url, e.site_section_id, e.site_space_id, e.space_id, e.page_id, e.language, e.referrer, e.data
    FROM (
      SELECT ${field("id")} AS id, ${field("occurredAt")} AS occurred_at, ${field("type")} AS type, ${field("visitorId")} AS visitor_id,
        ${field("sessionId")} AS session_id, ${field("displayContext")} AS display_context, ${field("url")} AS url,
        ${field("siteSectionId")} AS site_section_id, ${field("siteSpaceId")} AS site_space_id, ${field("spaceId")} AS space_id,
        ${field("pageId")} AS page_id, ${field("language")} AS language, ${field("referrer")} AS referrer, json(${field("data")}) AS data
      FROM json_each(${JSON.stringify(events)})
    ) e
    WHERE EXISTS (SELECT 1 FROM sites WHERE id = ${siteId})
      AND (e.site_section_id IS NULL OR EXISTS (SELECT 1 FROM site_sections s WHERE s.id = e.site_section_id AND s.site_id = ${siteId}))
      AND (e.site_space_id IS NULL OR EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.id = e.site_space_id AND ss.site_id = ${siteId}
        AND (e.space_id IS NULL OR ss.space_id = e.space_id) AND (e.site_section_id IS NULL OR ss.section_id IS e.site_section_id)))
      AND (e.space_id IS NULL OR EXISTS (SELECT 1 FROM site_spaces sp WHERE sp.space_id = e.space_id AND sp.site_id = ${siteId}))
    ON CONFLICT (id) DO NOTHING`;
}
