import fp from 'fastify-plugin';
import { retentionTask } from './retention.ts';
import { Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled tasks; `scheduler.runDue()` runs one tick (tests use it instead of the timer). */
    scheduler: Scheduler;
  }
}

/** How often an instance looks for due tasks; a task still runs only once per its own interval. */
const POLL_SECONDS = 60;

/** Registers the scheduled tasks and, unless SCHEDULER_ENABLED=false, ticks them on a timer. */
export const jobsPlugin = fp(
  async (app) => {
    const scheduler = new Scheduler(app.db, app.log);
    scheduler.register(
      retentionTask(app.db, {
        intervalSeconds: app.config.retentionIntervalSeconds,
        loginLogRetentionDays: app.config.loginLogRetentionDays,
      }),
    );
    app.decorate('scheduler', scheduler);
    if (app.config.schedulerEnabled) app.addHook('onReady', async () => scheduler.start(POLL_SECONDS));
    // preClose runs before the database plugin's onClose: no task is left mid-query on a closed pool.
    app.addHook('preClose', async () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
