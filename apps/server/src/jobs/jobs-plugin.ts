import fp from 'fastify-plugin';
import { createFileStorage, type FileStorage } from '../lib/storage/index.ts';
import { rechargeDepsOf } from '../modules/payment/payments-plugin.ts';
import { rechargeReconcileTask } from '../modules/recharge/recharge-reconcile.ts';
import { billingTask } from '../modules/bill/billing-task.ts';
import {
  ORDER_IMPORT_COMMIT_TASK,
  orderImportCommitHandler,
} from '../modules/order-import/order-import-commit.ts';
import { exportCleanupTask } from './export-cleanup.ts';
import { retentionTask } from './retention.ts';
import { Scheduler } from './scheduler.ts';
import { TaskRunner } from './task-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled tasks; `scheduler.runDue()` runs one tick (tests use it instead of the timer). */
    scheduler: Scheduler;
    /** Background tasks; modules register handlers by kind; `taskRunner.runOnce()` runs what is due. */
    taskRunner: TaskRunner;
    /** Uploaded and exported files (FILE_STORAGE). */
    storage: FileStorage;
  }
}

/** How often an instance looks for due tasks; a task still runs only once per its own interval. */
const POLL_SECONDS = 60;
/** Expired export files are looked for this often. */
const EXPORT_CLEANUP_SECONDS = 3600;

/**
 * Registers the file storage, the scheduled tasks and the task runner; unless SCHEDULER_ENABLED=false /
 * TASK_RUNNER_ENABLED=false, ticks and polls them on timers once the app is ready.
 */
export const jobsPlugin = fp(
  async (app) => {
    const storage = createFileStorage(app.config.storage);
    app.decorate('storage', storage);
    const scheduler = new Scheduler(app.db, app.log);
    scheduler.register(
      retentionTask(app.db, {
        intervalSeconds: app.config.retentionIntervalSeconds,
        loginLogRetentionDays: app.config.loginLogRetentionDays,
        notificationRetentionDays: app.config.notificationRetentionDays,
      }),
    );
    scheduler.register(exportCleanupTask(app.db, storage, EXPORT_CLEANUP_SECONDS));
    // Reads app.payments when it runs (the payments plugin is registered after this one).
    scheduler.register(
      rechargeReconcileTask(() => rechargeDepsOf(app), app.log, app.config.payments.reconcileIntervalSeconds),
    );
    scheduler.register(billingTask(app.db, app.config.bills));
    app.decorate('scheduler', scheduler);
    const runner = new TaskRunner(app.db, app.log, app.config.tasks);
    runner.register(ORDER_IMPORT_COMMIT_TASK, orderImportCommitHandler(app.db));
    app.decorate('taskRunner', runner);
    if (app.config.schedulerEnabled) app.addHook('onReady', async () => scheduler.start(POLL_SECONDS));
    if (app.config.tasks.enabled) app.addHook('onReady', async () => runner.start());
    // preClose runs before the database plugin's onClose: no task is left mid-query on a closed pool.
    // Running tasks get a quarter of the shutdown budget to finish, then are handed back as queued.
    app.addHook('preClose', async () => {
      await Promise.all([scheduler.stop(), runner.stop(app.config.shutdownTimeoutMs / 4)]);
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
