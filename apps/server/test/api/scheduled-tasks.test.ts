import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createCustomer } from '../support/factories.ts';
import { createTestApps, ENGINE, signIn } from '../support/test-app.ts';

let apps: FastifyInstance[];
let close: () => Promise<void>;
beforeAll(async () => {
  // Two instances on one database, as behind a load balancer; the timer is off (test-app), ticks are explicit.
  ({ apps, close } = await createTestApps(2, {
    LOGIN_LOG_RETENTION_DAYS: '30',
    RETENTION_INTERVAL_SECONDS: '3600',
  }));
});
afterAll(async () => close());

/** The hourly tasks these tests follow (others, like the recharge reconciliation, keep their own intervals). */
const hourly = (names: string[]) => names.filter((name) => name === 'exportCleanup' || name === 'retention');
const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 86_400_000).toISOString();

describe(`scheduled tasks on ${ENGINE}`, () => {
  it('runs a task once per interval even when two instances tick at the same moment', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const now = new Date(Date.now() + 10 * 86_400_000);
    const first = await Promise.all([a.scheduler.runDue(now), b.scheduler.runDue(now)]);
    expect(hourly(first.flat()).sort()).toEqual(['exportCleanup', 'retention']);
    // Within the interval nobody runs it again…
    const later = new Date(now.getTime() + 3_599_000);
    expect(
      hourly((await Promise.all([a.scheduler.runDue(later), b.scheduler.runDue(later)])).flat()),
    ).toEqual([]);
    // …and after it, exactly one instance does.
    const next = new Date(now.getTime() + 3_600_000);
    expect(
      hourly((await Promise.all([b.scheduler.runDue(next), a.scheduler.runDue(next)])).flat()).sort(),
    ).toEqual(['exportCleanup', 'retention']);
    const row = await a.db
      .selectFrom('scheduled_tasks')
      .selectAll()
      .where('name', '=', 'retention')
      .executeTakeFirstOrThrow();
    expect(Number(row.run_count)).toBe(2);
    expect(row.last_error).toBeNull();
    expect(row.next_run_at).toBe(new Date(next.getTime() + 3_600_000).toISOString());
  });

  it('the retention task deletes old login logs and expired sessions and refresh tokens, and keeps the rest', async () => {
    const [a] = apps as [FastifyInstance];
    const { customerId, main } = await createCustomer(a.db);
    const live = await signIn(a, main);
    const now = Date.now();
    const oldLogId = newId();
    await a.db
      .insertInto('login_logs')
      .values({
        id: oldLogId,
        customer_id: customerId,
        user_id: main.userId,
        login_name: main.loginName,
        account_key: main.userId,
        ip: '10.40.0.1',
        user_agent: 'Old/1.0',
        method: 'password',
        result: 'success',
        created_at: daysAgo(31, now),
      })
      .execute();
    const expiredSession = newId();
    await a.db
      .insertInto('sessions')
      .values({
        id: expiredSession,
        user_id: main.userId,
        customer_id: customerId,
        created_at: daysAgo(10, now),
        expires_at: daysAgo(3, now),
        revoked_at: null,
        revoked_reason: null,
        ip: '10.40.0.1',
        user_agent: 'Old/1.0',
      })
      .execute();
    await a.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: `old-${newId()}`,
        session_id: expiredSession,
        created_at: daysAgo(10, now),
        expires_at: daysAgo(9, now),
        used_at: null,
      })
      .execute();
    // Make the task due now (the first test moved it into the future) and tick.
    await a.db
      .updateTable('scheduled_tasks')
      .set({ next_run_at: new Date(now).toISOString() })
      .execute();
    expect(hourly(await a.scheduler.runDue(new Date(now)))).toEqual(['retention', 'exportCleanup']);

    const logs = await a.db
      .selectFrom('login_logs')
      .select('id')
      .where('user_id', '=', main.userId)
      .execute();
    expect(logs.map((r) => r.id)).not.toContain(oldLogId);
    expect(logs.length).toBeGreaterThan(0);
    const sessions = await a.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', main.userId)
      .execute();
    expect(sessions.map((r) => r.id)).not.toContain(expiredSession);
    expect(sessions).toHaveLength(1);
    const tokens = await a.db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('session_id', '=', expiredSession)
      .execute();
    expect(tokens).toHaveLength(0);
    // The live session still works.
    const info = await a.inject({
      url: '/api/Common/GetLoginUserInfo',
      headers: { authorization: `Bearer ${live.jwtToken}` },
    });
    expect(info.json()).toMatchObject({ code: 200 });
  });
});
