/**
 * The D1 binding one request uses. Every statement of the request goes through it, so it is the
 * one place that knows what the request cost in D1: how many round trips, and how long the
 * request waited on them (reported in the `Server-Timing` response header). A local D1 round trip
 * costs several times a whole static response, so round trips are what a request costs.
 *
 * It also holds the request's D1 session (D1's Sessions API): reads may go to a read replica, and
 * the session's bookmark, handed back to the client, lets its next request read at least what
 * this one saw or wrote (docs/architecture.md, "Read replicas and bookmarks").
 *
 * Statements are prepared lazily, on the session current when they run: the session can then be
 * moved forward mid-request (`continueAfter`, after the space's coordinator wrote) without the
 * statements Drizzle already prepared going to the old one.
 */

/** How a request's session starts: on the primary (writes), or anywhere at least as new as a bookmark. */
export type SessionStart = D1SessionConstraint | { bookmark: string };

/** What the request spent in D1 so far. */
export interface RoundTrips {
  count: number;
  /** Time with at least one round trip in flight (concurrent ones overlap, they do not add up). */
  ms: number;
}

/** Where statements run: the binding itself, or a session of it (D1's Sessions API). */
type Target = Pick<D1Database, "prepare" | "batch">;

export class RequestBinding {
  private readonly spent: RoundTrips = { count: 0, ms: 0 };
  private inFlight = 0;
  private busySince = 0;
  /** A bookmark this request's reads are known to be at least as new as (given, or reached elsewhere). */
  private floor: string | null = null;

  /** Null until the first statement: a session is opened only by a request that uses D1. */
  private target: Target | D1DatabaseSession | null;
  private start: SessionStart | null = null;

  constructor(
    private readonly binding: D1Database,
    target: Target | null = binding,
  ) {
    this.target = target;
  }

  /** A binding whose statements run in one D1 session, started as `start` says (when first used). */
  static inSession(binding: D1Database, start: SessionStart): RequestBinding {
    const requestBinding = new RequestBinding(binding, null);
    requestBinding.start = start;
    if (typeof start !== "string") requestBinding.floor = start.bookmark;
    return requestBinding;
  }

  /** The newest bookmark the request's statements saw, or null when it ran none and was given none. */
  bookmark(): string | null {
    const session = this.target && "getBookmark" in this.target ? this.target.getBookmark() : null;
    return latest(session, this.floor);
  }

  /**
   * From now on, read at least what `bookmark` saw (a write made in another session: the space's
   * coordinator's). Bookmarks sort oldest to newest as strings, so the newer one is kept.
   */
  continueAfter(bookmark: string | null | undefined): void {
    if (!bookmark) return;
    const newest = latest(this.bookmark(), bookmark)!;
    this.floor = newest;
    this.target = this.binding.withSession(newest);
  }

  get roundTrips(): Readonly<RoundTrips> {
    return this.spent;
  }

  /** The binding as Drizzle expects it (`drizzle(binding.asD1())`). */
  asD1(): D1Database {
    const self = this;
    const database = {
      prepare: (query: string) => new LazyStatement(self, query, []),
      batch: <T>(statements: D1PreparedStatement[]) =>
        self.roundTrip(() => {
          const target = self.currentTarget();
          return target.batch<T>(statements.map((statement) => (statement as unknown as LazyStatement).preparedOn(target)));
        }),
      exec: (query: string) => self.roundTrip(() => self.binding.exec(query)),
      withSession: (constraintOrBookmark?: string) => self.binding.withSession(constraintOrBookmark),
      dump: () => self.roundTrip(() => self.binding.dump()),
    };
    return database as unknown as D1Database;
  }

  currentTarget(): Target {
    if (!this.target) {
      const start = this.start ?? "first-unconstrained";
      this.target = this.binding.withSession(typeof start === "string" ? start : start.bookmark);
    }
    return this.target;
  }

  /** Counts and times one round trip to D1. */
  async roundTrip<T>(send: () => Promise<T>): Promise<T> {
    this.spent.count++;
    if (this.inFlight++ === 0) this.busySince = performance.now();
    try {
      return await send();
    } finally {
      if (--this.inFlight === 0) this.spent.ms += performance.now() - this.busySince;
    }
  }
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a > b ? a : b;
}

/** A statement that is prepared on the binding's current target only when it is sent. */
class LazyStatement {
  constructor(
    private readonly binding: RequestBinding,
    private readonly query: string,
    private readonly values: unknown[],
  ) {}

  bind(...values: unknown[]): LazyStatement {
    return new LazyStatement(this.binding, this.query, values);
  }

  preparedOn(target: Target): D1PreparedStatement {
    const statement = target.prepare(this.query);
    return this.values.length > 0 ? statement.bind(...this.values) : statement;
  }

  private send<T>(run: (statement: D1PreparedStatement) => Promise<T>): Promise<T> {
    return this.binding.roundTrip(() => run(this.preparedOn(this.binding.currentTarget())));
  }

  first(column?: string) {
    return this.send((statement) => (column === undefined ? statement.first() : statement.first(column)));
  }

  run() {
    return this.send((statement) => statement.run());
  }

  all() {
    return this.send((statement) => statement.all());
  }

  raw(options?: { columnNames?: boolean }) {
    return this.send((statement) => statement.raw(options as { columnNames?: false }));
  }
}
