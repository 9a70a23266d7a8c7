import type { ExportTask } from '@portal/contracts/export-task';

/** Whether the task's file can be downloaded now: written, and not yet past its expiry. */
export function isDownloadable(task: ExportTask, now: number = Date.now()): boolean {
  if (task.status !== 'succeeded' || !task.fileName) return false;
  return task.expiresAt === null || Date.parse(task.expiresAt) > now;
}

/** Whether the file was deleted at its expiry (a finished task whose download now answers 404). */
export function isExpired(task: ExportTask, now: number = Date.now()): boolean {
  return task.status === 'succeeded' && task.expiresAt !== null && Date.parse(task.expiresAt) <= now;
}
