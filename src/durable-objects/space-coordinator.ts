import { DurableObject } from "cloudflare:workers";
import { createDatabase, type Database } from "../db/client";
import { RequestBinding } from "../db/request-binding";
import { applyContentEdit, type ContentEditInput } from "../domain/change-requests/edit-content";
import { applyMerge, applyUpdateFromMain, type SyncInput } from "../domain/change-requests/sync";
import type { GitSyncJobInput } from "../domain/git-sync/run";
import { applyTemplate, type ApplyTemplateInput } from "../domain/templates/apply";
import { applyTranslationRun, type TranslationRunInput } from "../domain/translations/apply";
import { outcomeOf, type Outcome } from "../lib/outcome";

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

  // Every operation that creates a revision in the space, or in one of its change requests, runs
  // here one at a time: two merges cannot both build on the same head, and an update cannot
  // interleave with a merge. Each reads the state it builds on after it holds the lock.

  editChangeRequestContent(input: ContentEditInput) {
    return this.serialized((db) => applyContentEdit(db, input));
  }

  updateChangeRequestFromMain(input: SyncInput) {
    return this.serialized((db) => applyUpdateFromMain(db, input));
  }

  mergeChangeRequest(input: SyncInput) {
    return this.serialized((db) => applyMerge(db, input));
  }

  applyTemplate(input: ApplyTemplateInput) {
    return this.serialized((db) => applyTemplate(db, input));
  }

  /** The end of a translation run: its content as a revision of this (result) space, and its outcome. */
  applyTranslationRun(input: TranslationRunInput) {
    return this.serialized((db) => applyTranslationRun(db, input));
  }

  /**
   * A Git import or export, whole: its network exchanges too, so that two syncs of the space (or a
   * sync and a merge) never interleave. Merges wait for it, at most the sync's timeouts.
   */
  runGitSync(input: GitSyncJobInput) {
    return this.serialized(async (db) => {
      // Imported here, lazily: isomorphic-git (350 KiB) is evaluated only where a sync runs, not at every isolate's start.
      const { runGitSyncJob } = await import("../domain/git-sync/run");
      return runGitSyncJob(db, { blobs: this.env.BLOBS, signingSecret: this.env.SIGNING_SECRET }, input);
    });
  }

  /**
   * Runs `operation` under the lock; API errors come back as values (lib/outcome.ts). It reads
   * and writes in a D1 session on the primary (what it builds on must be current), and returns
   * the session's bookmark so the Worker's request reads its writes (D1's Sessions API).
   */
  private serialized<T>(operation: (db: Database) => Promise<T>): Promise<Outcome<T>> {
    return this.exclusive(async () => {
      const binding = RequestBinding.inSession(this.env.DB, "first-primary");
      const outcome = await outcomeOf(() => operation(createDatabase(binding.asD1())));
      return { ...outcome, bookmark: binding.bookmark() };
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
