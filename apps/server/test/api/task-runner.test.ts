import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, PermanentTaskError, TaskRunner, type TaskContext } from '../../src/jobs/task-runner.ts';
import { createTestApps, ENGINE } from '../support/test-app.ts';

/**
 * The task runner on both databases, with two app instances sharing one database (as behind a load
 * balancer; on PostgreSQL the claim takes FOR UPDATE SKIP LOCKED). Timers are off: runOnce() claims.
 */

let apps: FastifyInstance[];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ apps, close } = await createTestApps(2, { TASK_CONCURRENCY: '4', TASK_MAX_ATTEMPTS: '3' }));
});
afterAll(async () => close());

const a = () => apps[0]!;
const b = () => apps[1]!;

/** Runs on each instance record which instance ran which payload. */
const runs: { instance: string; n: number }[] = [];
/** Tasks that wait for the test to let them go, by payload n. */
const gates = new Map<number, { started: () => void; release: Promise<void> }>();

beforeAll(() => {
  for (const [name, app] of [
    ['a', a()],
    ['b', b()],
  ] as const) {
    app.taskRunner.register('test.count', {
      async run({ payload }: TaskContext<{ n: number }>) {
        runs.push({ instance: name, n: payload.n });
        // Yield so both instances really overlap while claiming.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    app.taskRunner.register('test.wait', {
      async run({ payload, signal }: TaskContext<{ n: number }>) {
        const gate = gates.get(payload.n)!;
        gate.started();
        await Promise.race([
          gate.release,
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        ]);
      },
    });
    app.taskRunner.register('test.bad', {
      async run() {
        throw new PermanentTaskError('payload can never work');
      },
      async failed(db, _payload, error, taskId) {
        // Runs in the transaction that marks the task failed.
        await db
          .updateTable('tasks')
          .set({ last_error: `recorded: ${(error as Error).message}` })
          .where('id', '=', taskId)
          .execute();
      },
    });
  }
});

const taskRow = (id: string) =>
  a().db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`task runner on ${ENGINE}`, () => {
  it('claims each task exactly once when two instances poll the same database at the same moment', async () => {
    runs.length = 0;
    const total = 40;
    const ids = await a()
      .db.transaction()
      .execute(async (trx) => {
        const made: string[] = [];
        for (let n = 0; n < total; n++) made.push(await enqueue(trx, 'test.count', { n }));
        return made;
      });
    for (;;) {
      const ran = (await Promise.all([a().taskRunner.runOnce(), b().taskRunner.runOnce()])).flat();
      if (ran.length === 0) break;
    }
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, n) => n));
    // Both instances took part (each claims at most TASK_CONCURRENCY=4 per round).
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set(['a', 'b']));
    const rows = await a()
      .db.selectFrom('tasks')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
  });

  it('enqueues inside the caller’s transaction: a rolled-back change leaves no task', async () => {
    const before = await a().db.selectFrom('tasks').select('id').execute();
    await expect(
      a()
        .db.transaction()
        .execute(async (trx) => {
          await enqueue(trx, 'test.count', { n: -1 });
          throw new Error('caller failed after enqueueing');
        }),
    ).rejects.toThrow('caller failed');
    expect(await a().db.selectFrom('tasks').select('id').execute()).toHaveLength(before.length);
  });

  it('picks up a task whose instance died once its lease has run out, and not before', async () => {
    runs.length = 0;
    const id = await enqueue(a().db, 'test.count', { n: 1001 });
    // An instance claimed it and died: running, leased to a dead owner until 30 s from now.
    const leaseEnd = new Date(Date.now() + 30_000);
    await a()
      .db.updateTable('tasks')
      .set({
        status: 'running',
        attempts: 1,
        lease_owner: 'dead-host:1:0',
        lease_expires_at: leaseEnd.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    expect(await b().taskRunner.runOnce()).toEqual([]);
    expect(await b().taskRunner.runOnce(new Date(leaseEnd.getTime() - 1))).toEqual([]);
    expect(await b().taskRunner.runOnce(leaseEnd)).toEqual([id]);
    expect(runs).toEqual([{ instance: 'b', n: 1001 }]);
    expect(await taskRow(id)).toMatchObject({ status: 'succeeded', attempts: 2, lease_owner: null });
  });

  it('fails a task for good when its instances keep dying and no attempt is left', async () => {
    const id = await enqueue(a().db, 'test.count', { n: 1002 }, { maxAttempts: 2 });
    await a()
      .db.updateTable('tasks')
      .set({
        status: 'running',
        attempts: 2,
        lease_owner: 'dead-host:2:0',
        lease_expires_at: new Date(Date.now() - 1000).toISOString(),
        last_error: 'instance stopped',
      })
      .where('id', '=', id)
      .execute();
    runs.length = 0;
    expect(await a().taskRunner.runOnce()).toEqual([id]);
    expect(runs).toEqual([]);
    expect(await taskRow(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'Error: instance stopped',
    });
  });

  it('fails a permanent error at once, with the handler’s failure hook in the same transaction', async () => {
    const id = await enqueue(a().db, 'test.bad', {});
    expect(await a().taskRunner.runOnce()).toEqual([id]);
    const row = await taskRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toBe('recorded: payload can never work');
    expect(row.finished_at).not.toBeNull();
  });

  it('on shutdown waits for a task that finishes within the grace, and hands back one that does not', async () => {
    const runner = new TaskRunner(a().db, a().log, { ...a().config.tasks, concurrency: 2 });
    const made: Record<number, { started: Promise<void>; release: () => void }> = {};
    for (const n of [1, 2]) {
      let started!: () => void;
      let release!: () => void;
      const startedPromise = new Promise<void>((resolve) => (started = resolve));
      gates.set(n + 2000, { started, release: new Promise<void>((resolve) => (release = resolve)) });
      made[n] = { started: startedPromise, release };
    }
    runner.register('test.wait', {
      async run({ payload, signal }: TaskContext<{ n: number }>) {
        const gate = gates.get(payload.n)!;
        gate.started();
        await Promise.race([
          gate.release,
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        ]);
      },
    });
    const finishing = await enqueue(a().db, 'test.wait', { n: 2001 });
    const stuck = await enqueue(a().db, 'test.wait', { n: 2002 });
    const running = runner.runOnce();
    await Promise.all([made[1]!.started, made[2]!.started]);
    expect(runner.activeCount).toBe(2);
    made[1]!.release();
    await runner.stop(200);
    await running;
    expect(runner.activeCount).toBe(0);
    expect(await taskRow(finishing)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Handed back as queued, the interrupted attempt not counted, due at once for another instance.
    expect(await taskRow(stuck)).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });
    // A stopped runner claims nothing more.
    expect(await runner.runOnce()).toEqual([]);
    made[2]!.release();
  });

  it('renews a running task’s lease, and stops a task whose lease another instance took over', async () => {
    // A short lease so renewals (every third of it) come quickly; the test waits for them, never for time.
    const runner = new TaskRunner(a().db, a().log, { ...a().config.tasks, leaseSeconds: 0.3 });
    const leaseOf = async (id: string) => (await taskRow(id)).lease_expires_at!;
    let aborted: unknown;
    runner.register('test.lease', {
      async run({ taskId, signal }: TaskContext<unknown>) {
        const first = await leaseOf(taskId);
        while ((await leaseOf(taskId)) === first) await new Promise((resolve) => setTimeout(resolve, 20));
        // Renewed. Now another instance takes the task over (as after a long pause of this one).
        await a()
          .db.updateTable('tasks')
          .set({ lease_owner: 'other-host:9:0' })
          .where('id', '=', taskId)
          .execute();
        await new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            aborted = signal.reason;
            resolve();
          }),
        );
        throw aborted;
      },
    });
    const id = await enqueue(a().db, 'test.lease', {});
    expect(await runner.runOnce()).toEqual([id]);
    expect(String(aborted)).toContain('lease lost');
    // The runner wrote nothing over the new owner's claim.
    expect(await taskRow(id)).toMatchObject({
      status: 'running',
      lease_owner: 'other-host:9:0',
      attempts: 1,
    });
    await runner.stop(0);
  });

  it('leaves kinds it has no handler for to instances that have one', async () => {
    const id = await enqueue(a().db, 'test.unknown-kind', {});
    expect(await a().taskRunner.runOnce(new Date(Date.now() + 86_400_000))).not.toContain(id);
    expect(await taskRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
