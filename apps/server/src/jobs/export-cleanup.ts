import type { Db } from '../db/database.ts';
import type { FileStorage } from '../lib/storage/index.ts';
import * as exportRepo from '../modules/export/export.repository.ts';
import type { ScheduledTask } from './scheduler.ts';

/** Expired exports removed per batch; a backlog is worked off batch by batch within one run. */
const BATCH = 200;
/** Finished tasks of other kinds are kept this long for inspection. */
const FINISHED_TASK_DAYS = 14;

/**
 * Deletes expired export files, then their export and task rows (a file that is already gone is no
 * error), and finished non-export tasks after FINISHED_TASK_DAYS.
 */
export async function deleteExpiredExports(db: Db, storage: FileStorage, now: Date) {
  const nowIso = now.toISOString();
  let exports = 0;
  for (;;) {
    const expired = await exportRepo.findExpired(db, nowIso, BATCH);
    if (expired.length === 0) break;
    for (const row of expired) if (row.storage_key) await storage.delete(row.storage_key);
    await exportRepo.deleteExportTasks(db, expired);
    exports += expired.length;
    if (expired.length < BATCH) break;
  }
  const tasks = await exportRepo.deleteOldFinishedTasks(
    db,
    new Date(now.getTime() - FINISHED_TASK_DAYS * 86_400_000).toISOString(),
  );
  return { exports, tasks };
}

export const exportCleanupTask = (db: Db, storage: FileStorage, intervalSeconds: number) =>
  ({
    name: 'exportCleanup',
    intervalSeconds,
    run: (now) => deleteExpiredExports(db, storage, now),
  }) satisfies ScheduledTask;
