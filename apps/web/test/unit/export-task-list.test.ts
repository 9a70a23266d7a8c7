import { describe, expect, test } from 'vitest';
import type { ExportTask } from '@portal/contracts/export-task';
import {
  activeTaskIds,
  mergeTaskUpdates,
  newerTask,
  prependTask,
  taskProgress,
  type ExportTaskPage,
} from '../../src/lib/export-task/export-task-list';
import { isDownloadable, isExpired } from '../../src/features/file/lib/export-task-facts';
import { fileTypeLabel } from '../../src/features/file/lib/file-type';
import { exportTaskOf } from './helpers';

const task = exportTaskOf;

const done = (id: string) =>
  task(id, {
    status: 'succeeded',
    progress: 100,
    rowCount: 12,
    fileName: `${id}.xlsx`,
    fileSize: 2048,
    finishedAt: '2026-11-26T08:01:00.000Z',
    expiresAt: '2026-11-29T08:01:00.000Z',
  });

describe('exports list: updates in place by exportTaskID', () => {
  test('a running task is replaced where it stands; the order and the other rows stay', () => {
    const list = [task('c', { status: 'running', progress: 10 }), done('b'), task('a')];
    const merged = mergeTaskUpdates(list, [task('c', { status: 'running', progress: 60 }), done('a')]);
    expect(merged.map((t) => t.exportTaskID)).toEqual(['c', 'b', 'a']);
    expect(merged[0]!.progress).toBe(60);
    expect(merged[1]).toBe(list[1]);
    expect(merged[2]!.status).toBe('succeeded');
  });

  test('an update for a task not on this page is ignored, and nothing new means the same array', () => {
    const list = [done('b')];
    expect(mergeTaskUpdates(list, [task('x', { status: 'running', progress: 5 })])).toBe(list);
    expect(mergeTaskUpdates(list, [])).toBe(list);
  });

  test('a late answer never moves a task back: finished stays finished, progress only grows', () => {
    const finished = done('a');
    expect(newerTask(finished, task('a', { status: 'running', progress: 90 }))).toBe(finished);
    const at70 = task('a', { status: 'running', progress: 70 });
    expect(newerTask(at70, task('a', { status: 'running', progress: 40 }))).toBe(at70);
    expect(newerTask(at70, task('a', { status: 'queued' }))).toBe(at70);
    const failed = task('a', { status: 'failed', progress: 30, error: 'disk full' });
    expect(newerTask(at70, failed)).toBe(failed);
    const list = [at70];
    expect(mergeTaskUpdates(list, [task('a', { status: 'running', progress: 40 })])).toBe(list);
  });

  test('the ids to poll are the queued and running tasks only; none left means polling stops', () => {
    const list = [
      task('q'),
      task('r', { status: 'running', progress: 3 }),
      done('s'),
      task('f', { status: 'failed' }),
    ];
    expect(activeTaskIds(list)).toEqual(['q', 'r']);
    expect(activeTaskIds([done('s')])).toEqual([]);
  });
});

describe('exports list: a new task at the top', () => {
  const page = (items: ExportTask[], pageIndex = 1, pageSize = 3, total = items.length): ExportTaskPage => ({
    items,
    total,
    pageIndex,
    pageSize,
  });

  test('goes first on page 1, the page keeps its size and the total grows', () => {
    const next = prependTask(page([done('c'), done('b'), done('a')], 1, 3, 7), task('d'));
    expect(next.items.map((t) => t.exportTaskID)).toEqual(['d', 'c', 'b']);
    expect(next.total).toBe(8);
  });

  test('a task already listed moves to the top instead of showing twice', () => {
    const next = prependTask(page([done('c'), task('b', { status: 'running', progress: 5 })]), task('b'));
    expect(next.items.map((t) => t.exportTaskID)).toEqual(['b', 'c']);
    expect(next.total).toBe(2);
  });

  test('other pages are left as they are', () => {
    const second = page([done('a')], 2);
    expect(prependTask(second, task('d'))).toBe(second);
  });
});

describe('progress model', () => {
  test.each([
    [task('a'), { percent: 0, status: 'normal' }],
    [task('a', { status: 'running', progress: 42 }), { percent: 42, status: 'active' }],
    // Running is never drawn as done, even when the server already says 100.
    [task('a', { status: 'running', progress: 100 }), { percent: 99, status: 'active' }],
    [task('a', { status: 'running', progress: -5 }), { percent: 0, status: 'active' }],
    [done('a'), { percent: 100, status: 'success' }],
    [task('a', { status: 'failed', progress: 35 }), { percent: 35, status: 'exception' }],
  ])('%#', (value, expected) => {
    expect(taskProgress(value)).toEqual(expected);
  });

  test('only a succeeded task before its expiry can be downloaded', () => {
    const now = Date.parse('2026-11-27T00:00:00.000Z');
    expect(isDownloadable(done('a'), now)).toBe(true);
    expect(isDownloadable(task('a', { status: 'running', progress: 50 }), now)).toBe(false);
    expect(isDownloadable(task('a', { status: 'failed' }), now)).toBe(false);
    const after = Date.parse('2026-11-30T00:00:00.000Z');
    expect(isDownloadable(done('a'), after)).toBe(false);
    expect(isExpired(done('a'), after)).toBe(true);
    expect(isExpired(done('a'), now)).toBe(false);
  });
});

describe('uploaded file type', () => {
  test.each([
    ['application/pdf', 'PDF'],
    ['image/png', 'PNG'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel (xlsx)'],
    ['text/plain; charset=utf-8', 'TXT'],
    ['image/webp', 'WEBP'],
  ])('%s → %s', (type, label) => {
    expect(fileTypeLabel(type)).toBe(label);
  });
});
