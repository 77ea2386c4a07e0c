/**
 * A map that keeps its most recently used entries within a capacity (a Map iterates in insertion
 * order, so the first key is the least recently used). For per-isolate memos of immutable things
 * (a revision's page index, a body's parsed document): an isolate lives for many requests, and
 * what it remembers must stay small. The capacity counts entries, or what `weigh` says each value
 * weighs (bytes, for values of very different sizes); a value heavier than the whole capacity is
 * not kept.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.entries.set(key, value);
    this.weight += weight;
    while (this.weight > this.capacity) this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }

  get size(): number {
    return this.entries.size;
  }
}
