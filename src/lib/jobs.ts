/**
 * Background jobs, sent to the JOBS queue and run by src/queues. Every job is idempotent: a
 * queue delivers at least once, and a batch is retried whole.
 */
export type Job =
  | {
      kind: "member.seen";
      organizationId: string;
      userId: string;
      /** When the member was seen; the job only ever moves lastSeenAt forward. */
      at: string;
    }
  | {
      /** Makes the PDF of a revision too large to make within a request (domain/pdf). */
      kind: "pdf.render";
      /** Everything the PDF is made from: the same spec gives the same file, whoever makes it. */
      spec: PdfSpec;
    }
  | {
      /** Fetch (or read) and parse an OpenAPI spec's source, recording a version or the errors. */
      kind: "openapi.process";
      specId: string;
      /** The spec's generation the job was sent for: a job at or below the processed one does nothing. */
      generation: number;
    }
  | {
      /** Translate a space's live content into the translation's result space (domain/translations/run.ts). */
      kind: "translation.run";
      translationId: string;
      /** The translation's run generation the job was sent for: a job at or below the processed one does nothing. */
      generation: number;
    }
  | {
      /** Derive a conversation's issue and assign it to a cluster of similar issues (domain/conversations). */
      kind: "conversations.analyse";
      organizationId: string;
      conversationId: string;
      /** The conversation's revision the job was sent for: at or below the analysed one, it does nothing. */
      revision: number;
    }
  | {
      /** Run a recorded Git import or export (git_sync_jobs) inside the space's coordinator; the row holds its request. */
      kind: "git.import" | "git.export";
      jobId: string;
      spaceId: string;
    }
  | {
      /** Store events tracked on a published site (domain/sites/insights/record.ts); each has its id, so redelivery inserts nothing twice. */
      kind: "insights.track";
      siteId: string;
      events: TrackedSiteEvent[];
    };

/** A site insights event as stored (table site_insight_events), validated and stamped when tracked. */
export interface TrackedSiteEvent {
  id: string;
  occurredAt: string;
  type: string;
  visitorId: string;
  sessionId: string;
  displayContext: string;
  url: string;
  siteSectionId: string | null;
  siteSpaceId: string | null;
  spaceId: string | null;
  pageId: string | null;
  language: string | null;
  referrer: string | null;
  /** What the event's type adds (query, feedback, link…). */
  data: Record<string, unknown>;
}

/** What one PDF is of, and where it is stored (domain/pdf/storage.ts). */
export interface PdfSpec {
  spaceId: string;
  revisionId: string;
  /** The page printed (with its subpages unless `only`); null: the whole revision. */
  page: string | null;
  only: boolean;
  title: string;
  subtitle: string;
  /** The absolute app URL of the space or change request, for links to pages not printed. */
  appBase: string;
  /** The R2 key of the PDF. */
  key: string;
}

export type JobKind = Job["kind"];

export async function enqueue(queue: Queue, job: Job): Promise<void> {
  await queue.send(job, { contentType: "json" });
}
