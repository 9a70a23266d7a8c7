import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { isPostgres, type Db } from '../db/database.ts';
import type { Database, TasksTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { RepeatedErrorLog } from '../lib/repeated-errors.ts';

/**
 * THE background task runner: one `tasks` table, handlers registered by kind, on SQLite and PostgreSQL
 * (why not a job library: docs/ARCHITECTURE.md "Background tasks").
 *
 * - `enqueue(db | trx, kind, payload)` writes a queued row in the caller's transaction: the task exists
 *   exactly when the caller's change commits.
 * - Claiming is one UPDATE … RETURNING of due rows. On PostgreSQL the due rows are selected `FOR UPDATE
 *   SKIP LOCKED` (in a materialized CTE), so instances sharing the database claim disjoint rows without
 *   waiting on each other; SQLite runs one write statement at a time, so its UPDATE … WHERE id IN (due
 *   rows) is atomic as it is.
 * - A claimed task carries a lease (owner + expiry) that the running instance renews; a task whose
 *   instance died is due again once its lease runs out.
 * - A failed attempt is retried after an exponential backoff; after the last attempt the task is failed
 *   with its reason and the handler's `failed` hook runs in the same transaction.
 */

export interface TaskContext<P> {
  taskId: string;
  /** 1 on the first attempt. */
  attempt: number;
  payload: P;
  /** Aborted when the lease is lost (another instance took over) or the instance is shutting down. */
  signal: AbortSignal;
  /** Saves 0–100 on the task row (callers throttle; see modules/export). */
  progress(percent: number): Promise<void>;
}

export interface TaskHandler<P = unknown> {
  run(context: TaskContext<P>): Promise<void>;
  /** After the last attempt failed: record the failure where the caller sees it (same transaction). */
  failed?(db: Db, payload: P, error: unknown, taskId: string): Promise<void>;
}

/** A failure that another attempt cannot fix (bad payload, unknown source): failed at once. */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

/** Why a running task's signal was aborted. */
class LeaseLost extends Error {}
class ShuttingDown extends Error {}

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAfter?: Date;
  /** Default: the runner's TASK_MAX_ATTEMPTS. */
  maxAttempts?: number;
  id?: string;
}

/** Adds a queued task inside the caller's transaction (or alone); answers its id. */
export async function enqueue(db: Db, kind: string, payload: unknown, options: EnqueueOptions = {}) {
  const id = options.id ?? newId();
  const now = new Date().toISOString();
  await db
    .insertInto('tasks')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'queued',
      max_attempts: options.maxAttempts ?? null,
      run_after: (options.runAfter ?? new Date()).toISOString(),
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  return id;
}

export interface TaskRunnerOptions {
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  concurrency: number;
  /** First retry waits this long, then twice as long each time (capped at RETRY_MAX_MS). */
  retryBaseMs?: number;
}

const RETRY_MAX_MS = 15 * 60_000;
/** Longest reason kept on the row. */
const MAX_ERROR_LENGTH = 2000;

type TaskRow = Selectable<TasksTable>;

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);

export class TaskRunner {
  /** Names this instance's claims; several app instances in one process each have their own. */
  readonly owner = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly handlers = new Map<string, TaskHandler<unknown>>();
  private readonly running = new Map<string, { done: Promise<void>; abort: (reason: Error) => void }>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private ticking: Promise<unknown> | undefined;
  private readonly retryBaseMs: number;
  /** A poll that fails every second while the database is down logs once a minute. */
  private readonly pollErrors: RepeatedErrorLog;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: TaskRunnerOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 5000;
    this.pollErrors = new RepeatedErrorLog(log);
  }

  register<P>(kind: string, handler: TaskHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`task kind ${kind} registered twice`);
    // Payloads are the handler's own JSON; the map forgets their type.
    this.handlers.set(kind, handler as TaskHandler<unknown>);
  }

  /** Tasks running on this instance now. */
  get activeCount(): number {
    return this.running.size;
  }

  /**
   * Claims what is due for the free slots and runs it to the end (tests call this instead of the
   * timer; `now` moves the clock for backoffs and leases). Answers the ids it ran.
   */
  async runOnce(now = new Date()): Promise<string[]> {
    const started = await this.claimAndStart(now);
    await Promise.all(started.map((id) => this.running.get(id)?.done));
    return started;
  }

  /** Polls every TASK_POLL_MS until stopped. */
  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => this.tick(), this.options.pollMs);
    this.timer.unref();
    setImmediate(() => this.tick());
  }

  /** Looks for work now rather than at the next poll (after an enqueue whose caller waits to see it run). */
  nudge(): void {
    if (this.timer) setImmediate(() => this.tick());
  }

  private tick(): void {
    if (this.ticking || this.stopping) return;
    this.ticking = this.claimAndStart(new Date())
      .then(() => this.pollErrors.recovered('task runner poll works again'))
      .catch((error: unknown) => this.pollErrors.error(error, 'task runner poll failed'))
      .finally(() => {
        this.ticking = undefined;
      });
  }

  /**
   * Graceful shutdown: no new claims; running tasks get `graceMs` to finish, then their signal aborts and
   * they are handed back as queued (the attempt not counted) for another instance or the next start.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    let timeout: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), graceMs);
    });
    const outcome = await Promise.race([all(), graceOver]);
    clearTimeout(timeout);
    if (outcome !== 'timeout') return;
    for (const task of this.running.values()) task.abort(new ShuttingDown('instance shutting down'));
    // A handler that ignores its signal is not waited for beyond a second grace: its lease runs out.
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  private async claimAndStart(now: Date): Promise<string[]> {
    const free = this.options.concurrency - this.running.size;
    if (free <= 0 || this.handlers.size === 0 || this.stopping) return [];
    const claimed = await this.claim(now, free);
    for (const row of claimed) this.start1(row);
    return claimed.map((row) => row.id);
  }

  private async claim(now: Date, limit: number): Promise<TaskRow[]> {
    const nowIso = now.toISOString();
    const kinds = [...this.handlers.keys()];
    const due = (eb: ExpressionBuilder<Database, 'tasks'>) =>
      eb.and([
        eb('kind', 'in', kinds),
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', nowIso)]),
        ]),
      ]);
    const claimed = {
      status: 'running',
      lease_owner: this.owner,
      lease_expires_at: this.leaseUntil(now),
    } as const;
    if (isPostgres(this.db)) {
      // The CTE is evaluated once (MATERIALIZED): a LIMIT … SKIP LOCKED subquery inside `IN (…)` may be
      // re-run by the planner and hand out more rows than asked for.
      return (await this.db
        .with(
          (cte) => cte('due').materialized(),
          (db) =>
            db
              .selectFrom('tasks')
              .select('id')
              .where(due)
              .orderBy('run_after')
              .limit(limit)
              .forUpdate()
              .skipLocked(),
        )
        .updateTable('tasks')
        .from('due')
        .set((eb) => ({ ...claimed, attempts: eb('tasks.attempts', '+', 1), updated_at: nowIso }))
        .whereRef('tasks.id', '=', 'due.id')
        .returningAll('tasks')
        .execute()) as TaskRow[];
    }
    // SQLite runs one write statement at a time: the UPDATE with its subquery is atomic as it is.
    return (await this.db
      .updateTable('tasks')
      .set((eb) => ({ ...claimed, attempts: eb('attempts', '+', 1), updated_at: nowIso }))
      .where(
        'id',
        'in',
        this.db.selectFrom('tasks').select('id').where(due).orderBy('run_after').limit(limit),
      )
      .returningAll()
      .execute()) as TaskRow[];
  }

  private leaseUntil(from: Date) {
    return new Date(from.getTime() + this.options.leaseSeconds * 1000).toISOString();
  }

  private start1(row: TaskRow): void {
    const controller = new AbortController();
    const done = this.execute(row, controller)
      .catch((error: unknown) => this.log.error({ err: error, taskId: row.id }, 'task bookkeeping failed'))
      .finally(() => this.running.delete(row.id));
    this.running.set(row.id, { done, abort: (reason) => controller.abort(reason) });
  }

  /** Only the current lease holder may change a running task's row. */
  private mine(taskId: string) {
    return this.db
      .updateTable('tasks')
      .where('id', '=', taskId)
      .where('lease_owner', '=', this.owner)
      .where('status', '=', 'running');
  }

  private async execute(row: TaskRow, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(row.kind)!;
    const maxAttempts = row.max_attempts ?? this.options.maxAttempts;
    const payload: unknown = JSON.parse(row.payload);
    if (row.attempts > maxAttempts) {
      // Claimed again after its lease ran out with no attempt left: its instances kept dying on it.
      await this.finishFailed(row, handler, payload, new Error(row.last_error ?? 'interrupted'));
      return;
    }
    const renewal = setInterval(
      () => {
        this.mine(row.id)
          .set({ lease_expires_at: this.leaseUntil(new Date()), updated_at: new Date().toISOString() })
          .executeTakeFirst()
          .then((result) => {
            if (Number(result.numUpdatedRows) === 0) controller.abort(new LeaseLost('lease lost'));
          })
          .catch((error: unknown) => this.log.warn({ err: error, taskId: row.id }, 'lease renewal failed'));
      },
      (this.options.leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      await handler.run({
        taskId: row.id,
        attempt: row.attempts,
        payload,
        signal: controller.signal,
        progress: async (percent) => {
          await this.mine(row.id)
            .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
            .execute();
        },
      });
      clearInterval(renewal);
      if (controller.signal.reason instanceof LeaseLost) return;
      const now = new Date().toISOString();
      await this.mine(row.id)
        .set({
          status: 'succeeded',
          progress: 100,
          lease_owner: null,
          lease_expires_at: null,
          last_error: null,
          updated_at: now,
          finished_at: now,
        })
        .execute();
    } catch (error) {
      clearInterval(renewal);
      const reason: unknown = controller.signal.reason;
      if (reason instanceof LeaseLost) {
        this.log.warn({ taskId: row.id }, 'task lease lost; another instance has it');
      } else if (reason instanceof ShuttingDown) {
        // Handed back: the interrupted attempt does not count against the task.
        await this.mine(row.id)
          .set((eb) => ({
            status: 'queued',
            attempts: eb('attempts', '-', 1),
            lease_owner: null,
            lease_expires_at: null,
            run_after: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          }))
          .execute();
      } else if (row.attempts < maxAttempts && !(error instanceof PermanentTaskError)) {
        const delay = Math.min(RETRY_MAX_MS, this.retryBaseMs * 2 ** (row.attempts - 1));
        this.log.warn(
          { err: error, taskId: row.id, attempt: row.attempts, delay },
          'task failed; will retry',
        );
        await this.mine(row.id)
          .set({
            status: 'queued',
            lease_owner: null,
            lease_expires_at: null,
            last_error: errorText(error),
            run_after: new Date(Date.now() + delay).toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
      } else {
        this.log.error({ err: error, taskId: row.id, attempt: row.attempts }, 'task failed');
        await this.finishFailed(row, handler, payload, error);
      }
    }
  }

  private async finishFailed(row: TaskRow, handler: TaskHandler<unknown>, payload: unknown, error: unknown) {
    await this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const result = await trx
        .updateTable('tasks')
        .set({
          status: 'failed',
          lease_owner: null,
          lease_expires_at: null,
          last_error: errorText(error),
          updated_at: now,
          finished_at: now,
        })
        .where('id', '=', row.id)
        .where('lease_owner', '=', this.owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await handler.failed?.(trx, payload, error, row.id);
    });
  }
}
