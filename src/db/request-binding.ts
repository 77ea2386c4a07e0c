/**
 * The D1 binding one request uses. Every statement of the request goes through it, so it is the
 * one place that knows what the request cost in D1: how many round trips, and how long the
 * request waited on them (reported in the `Server-Timing` response header). A local D1 round trip
 * costs several times a whole static response, so round trips are what a request costs.
 *
 * Statements are prepared lazily, on the D1 session current when they run: the session can then
 * be moved forward mid-request (`continueAfter`, after a Durable Object wrote) without the
 * statements Drizzle already prepared going to the old one.
 */

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

  constructor(
    private readonly binding: D1Database,
    private target: Target = binding,
  ) {}

  get roundTrips(): Readonly<RoundTrips> {
    return this.spent;
  }

  /** The binding as Drizzle expects it (`drizzle(binding.asD1())`). */
  asD1(): D1Database {
    const self = this;
    const database = {
      prepare: (query: string) => new LazyStatement(self, query, []),
      batch: <T>(statements: D1PreparedStatement[]) =>
        self.roundTrip(() => self.target.batch<T>(statements.map((statement) => (statement as unknown as LazyStatement).preparedOn(self.target)))),
      exec: (query: string) => self.roundTrip(() => self.binding.exec(query)),
      withSession: (constraintOrBookmark?: string) => self.binding.withSession(constraintOrBookmark),
      dump: () => self.roundTrip(() => self.binding.dump()),
    };
    return database as unknown as D1Database;
  }

  /** Runs statements on `target` from now on (a D1 session). */
  useTarget(target: Target): void {
    this.target = target;
  }

  currentTarget(): Target {
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
