import type { ExportTask, ExportTaskStatus } from '@portal/contracts/export-task';

/**
 * The exports list as section 4 wants it: a new task at the top, running tasks updated in place by
 * `exportTaskID`. Pure, so the page, the shared export hook and the unit tests agree on the rules.
 */
export interface ExportTaskPage {
  items: ExportTask[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

const STAGE: Readonly<Record<ExportTaskStatus, number>> = { queued: 0, running: 1, succeeded: 2, failed: 2 };

export const isTaskActive = (task: Pick<ExportTask, 'status'>) =>
  task.status === 'queued' || task.status === 'running';

/** The ids to poll: tasks still queued or running. */
export function activeTaskIds(tasks: readonly ExportTask[]): string[] {
  return tasks.filter(isTaskActive).map((task) => task.exportTaskID);
}

/**
 * The newer of two snapshots of one task. Answers can arrive out of order (a poll sent before the task
 * finished may land after the list was refreshed), so a task never moves back: a finished task stays
 * finished, and a running task's progress only grows.
 */
export function newerTask(current: ExportTask, next: ExportTask): ExportTask {
  const stageNow = STAGE[current.status];
  const stageNext = STAGE[next.status];
  if (stageNext < stageNow) return current;
  if (stageNext === stageNow && next.status === 'running' && next.progress < current.progress) return current;
  return next;
}

/**
 * Each task of `updates` replaces the task with its id where it stands; the order of the list is kept
 * and ids the list does not show are ignored (they belong to another page). Answers the same array when
 * nothing changed, so React skips the render.
 */
export function mergeTaskUpdates(tasks: readonly ExportTask[], updates: readonly ExportTask[]): ExportTask[] {
  if (updates.length === 0) return tasks as ExportTask[];
  const byId = new Map(updates.map((task) => [task.exportTaskID, task]));
  let changed = false;
  const merged = tasks.map((task) => {
    const update = byId.get(task.exportTaskID);
    if (!update) return task;
    const next = newerTask(task, update);
    if (next !== task) changed = true;
    return next;
  });
  return changed ? merged : (tasks as ExportTask[]);
}

/**
 * A task just created goes to the top of the first page (newest first); the page keeps its size, so the
 * last row moves on to the next page. A task already listed moves to the top instead of showing twice.
 * Other pages are left alone: their rows shift on the server and are fetched again when opened.
 */
export function prependTask(page: ExportTaskPage, task: ExportTask): ExportTaskPage {
  if (page.pageIndex !== 1) return page;
  const isListed = page.items.some((item) => item.exportTaskID === task.exportTaskID);
  const others = page.items.filter((item) => item.exportTaskID !== task.exportTaskID);
  return {
    ...page,
    items: [task, ...others].slice(0, page.pageSize),
    total: isListed ? page.total : page.total + 1,
  };
}

/** How a task's progress bar looks: its percentage and antd's Progress status. */
export interface TaskProgress {
  percent: number;
  status: 'normal' | 'active' | 'success' | 'exception';
}

export function taskProgress(task: Pick<ExportTask, 'status' | 'progress'>): TaskProgress {
  const percent = Math.min(100, Math.max(0, Math.round(task.progress)));
  switch (task.status) {
    case 'queued':
      return { percent: 0, status: 'normal' };
    case 'running':
      // A running task is never shown as done: the file is written only when it reaches succeeded.
      return { percent: Math.min(percent, 99), status: 'active' };
    case 'succeeded':
      return { percent: 100, status: 'success' };
    case 'failed':
      return { percent, status: 'exception' };
  }
}
