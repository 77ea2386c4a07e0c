/**
 * The first level of the revision cache (http/revision-cache.ts): bodies this isolate served,
 * kept in its memory, least recently used first out.
 *
 * A revision never changes, so a body read of it once is the body of every later read with the
 * same key, for anyone access lets through (access is decided on every request, before the
 * cache is asked). The Workers Cache API holds the same bodies for the whole data center, but
 * asking it is a call out of the isolate, as a D1 query is; a body in memory costs nothing to find. The isolate's memory is small (128 MB for everything), so the
 * cache holds at most `capacityBytes` of bodies (REVISION_MEMORY_CACHE_BYTES, 8 MiB by default; 0
 * turns it off), counting two bytes a character, as V8 may store them.
 */

interface Entry {
  body: string;
  etag: string;
  /** When a body with signed download URLs stops being served (its signing window's end), else null. */
  expiresAt: number | null;
}

export const DEFAULT_CAPACITY_BYTES = 8 * 1024 * 1024;

const sizeOf = (key: string, entry: Entry) => 2 * (key.length + entry.body.length + entry.etag.length);

export class RevisionMemory {
  /** In order of use, least recent first: a Map iterates in insertion order. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      this.bytes -= sizeOf(key, entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `entry`, evicting the least recently used; nothing when it alone exceeds the capacity (always, at 0). */
  set(key: string, entry: Entry, capacityBytes: number): void {
    const size = sizeOf(key, entry);
    if (size > capacityBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= sizeOf(key, previous);
    }
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes + size <= capacityBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, evicted);
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** The capacity a deployment configured (REVISION_MEMORY_CACHE_BYTES), or the default. */
export function memoryCapacity(configured: string | undefined): number {
  if (configured === undefined || configured.trim() === "") return DEFAULT_CAPACITY_BYTES;
  const bytes = Number(configured);
  return Number.isFinite(bytes) && bytes >= 0 ? Math.floor(bytes) : DEFAULT_CAPACITY_BYTES;
}
