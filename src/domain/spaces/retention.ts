/** A deleted space can be restored for this long; the purge removes it for good afterwards (seed 3). */
export const DELETED_SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a space deleted at `deletedAt` is past its retention at `now`. */
export function isPastRetention(deletedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(deletedAt) > DELETED_SPACE_RETENTION_MS;
}

/** Spaces deleted before this instant are past retention at `now`. */
export function retentionCutoff(now: Date): string {
  return new Date(now.getTime() - DELETED_SPACE_RETENTION_MS).toISOString();
}
