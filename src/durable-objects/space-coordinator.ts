import { DurableObject } from "cloudflare:workers";

/**
 * One instance per space (`idFromName(spaceId)`): the place where everything that must happen
 * one at a time for a space is serialized. Workers can run many requests for the same space at
 * once; a Durable Object is single-threaded, but only between awaits, so each operation here runs
 * under `exclusive`, a FIFO lock that also spans awaits on D1 or R2.
 *
 * It keeps per-space sequences (change request numbers, revision ordinals) in its own SQLite
 * storage, where a value handed out is never handed out again, even across restarts.
 */
export class SpaceCoordinator extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
    });
  }

  /** The next value (1, 2, 3, ...) of the named per-space sequence. */
  async nextInSequence(name: string): Promise<number> {
    return this.exclusive(() => {
      const row = this.ctx.storage.sql
        .exec<{ value: number }>(
          "INSERT INTO sequences (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value",
          name,
        )
        .one();
      return row.value;
    });
  }

  /** The last value handed out by the named sequence, 0 when none was. */
  async currentInSequence(name: string): Promise<number> {
    const rows = this.ctx.storage.sql.exec<{ value: number }>("SELECT value FROM sequences WHERE name = ?", name).toArray();
    return rows[0]?.value ?? 0;
  }

  /** Runs `operation` after every operation queued before it has settled, failures included. */
  protected exclusive<T>(operation: () => T | Promise<T>): Promise<T> {
    const run = this.tail.then(operation, operation);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
