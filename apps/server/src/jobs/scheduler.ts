import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { RepeatedErrorLog } from '../lib/repeated-errors.ts';

/** A named task that runs once per interval across every instance sharing the database. */
export interface ScheduledTask {
  name: string;
  intervalSeconds: number;
  run(now: Date): Promise<unknown>;
}

/**
 * A small scheduler. Each task has a `scheduled_tasks` row with its next due time. On each tick an
 * instance claims a due task with one conditional UPDATE (`… SET next_run_at = now + interval WHERE
 * next_run_at <= now`): on a shared PostgreSQL the row lock makes every other instance's UPDATE re-check
 * the condition and match nothing, so exactly one instance runs the task per interval. A task that fails
 * is logged and runs again at its next interval.
 */
export class Scheduler {
  private readonly tasks: ScheduledTask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** A tick that fails while the database is down logs once a minute. */
  private readonly tickErrors: RepeatedErrorLog;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tickErrors = new RepeatedErrorLog(log);
  }

  register(task: ScheduledTask): void {
    this.tasks.push(task);
  }

  /** One tick: runs every task that is due and that this instance claims; answers their names. */
  async runDue(now = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const task of this.tasks) {
      if (!(await this.claim(task, now))) continue;
      ran.push(task.name);
      let error: string | null = null;
      try {
        const result = await task.run(now);
        this.log.info({ task: task.name, result }, 'scheduled task done');
      } catch (thrown) {
        error = thrown instanceof Error ? thrown.message : String(thrown);
        this.log.error({ task: task.name, err: thrown }, 'scheduled task failed');
      }
      await this.db
        .updateTable('scheduled_tasks')
        .set({ last_finished_at: new Date().toISOString(), last_error: error })
        .where('name', '=', task.name)
        .execute();
    }
    return ran;
  }

  private async claim(task: ScheduledTask, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    // The first instance to see a new task makes its row, due at once.
    await this.db
      .insertInto('scheduled_tasks')
      .values({
        name: task.name,
        next_run_at: nowIso,
        last_started_at: null,
        last_finished_at: null,
        last_error: null,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('scheduled_tasks')
      .set((eb) => ({
        next_run_at: new Date(now.getTime() + task.intervalSeconds * 1000).toISOString(),
        last_started_at: nowIso,
        run_count: eb('run_count', '+', 1),
      }))
      .where('name', '=', task.name)
      .where('next_run_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  /** Ticks every `pollSeconds` (the first tick right away) until stopped. */
  start(pollSeconds: number): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runDue()
        .then(() => this.tickErrors.recovered('scheduler tick works again'))
        .catch((error: unknown) => this.tickErrors.error(error, 'scheduler tick failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, pollSeconds * 1000);
    this.timer.unref();
    setImmediate(tick);
  }

  /** Stops ticking and waits for a task in progress, so the database is not closed under it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
