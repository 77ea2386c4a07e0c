/**
 * Weeks of a cluster's pulse: Monday to Sunday, UTC, named by their Monday (`YYYY-MM-DD`). An issue
 * counts in the week of its conversation's `createdAt`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (UTC) of the week `iso` falls in. */
export function weekOf(iso: string): string {
  const date = new Date(iso);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

export const PULSE_WEEKS = 13;

/** The 13 weeks of a pulse read at `now`, oldest first, ending with the week of `now`. */
export function pulseWeeks(now: Date): string[] {
  const current = Date.parse(`${weekOf(now.toISOString())}T00:00:00.000Z`);
  return Array.from({ length: PULSE_WEEKS }, (_, index) => new Date(current - (PULSE_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** The weekly counts of `weeks` (`pulseWeeks`, made once for every cluster of a list). */
export function weeklyPulse(counts: Record<string, number>, weeks: readonly string[]): number[] {
  return weeks.map((week) => Math.max(0, counts[week] ?? 0));
}
