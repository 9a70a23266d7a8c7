import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask } from '@portal/contracts/export-task';
import { Permission } from '@portal/contracts/permissions';
import { ExportTasksPanel } from '../../src/features/file/components/export-tasks-panel';
import { EXPORT_POLL_INTERVAL_MS } from '../../src/features/file/api/query-export-tasks';
import { useExportTask } from '../../src/lib/export-task/use-export-task';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { switchToMemoryStorage, writeStored } from '../../src/lib/storage';
import { installUiEffects, type UiEffects } from '../../src/lib/ui-effects';
import { exportTaskOf } from '../unit/helpers';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn(), download: vi.fn() } }));
const post = vi.mocked(http.post);

/** A task being written, unless `patch` says otherwise. */
const task = (id: string, patch: Partial<ExportTask> = {}) =>
  exportTaskOf(id, { status: 'running', progress: 10, ...patch });
const finished = (id: string) =>
  task(id, {
    status: 'succeeded',
    progress: 100,
    rowCount: 3,
    fileName: `${id}.xlsx`,
    fileSize: 1536,
    finishedAt: '2026-11-26T08:00:05.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
  });
const page = (items: ExportTask[]) => ({ items, total: items.length, pageIndex: 1, pageSize: 10 });

/** The server as the panel sees it: the list, and the tasks asked for by id, as they are at that moment. */
let tasks: ExportTask[];
function answer(_url: string, body: unknown) {
  const { ids } = body as { ids?: string[] };
  const items = ids ? tasks.filter((item) => ids.includes(item.exportTaskID)) : tasks;
  return Promise.resolve(page(items));
}
const polls = () =>
  post.mock.calls.filter(
    ([url, body]) => url === ApiPath.QueryExportTask && (body as { ids?: string[] }).ids,
  );

// An answer reaches the screen through a few promise hops and then TanStack Query's zero timeout, which
// the fake clock fires 1 ms later when set during a tick: each step also lets that settle.
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let round = 0; round < 5; round += 1) await vi.advanceTimersByTimeAsync(1);
  });
const rowNames = () => screen.getAllByTestId('export-task-name').map((cell) => cell.textContent);
const statuses = () => screen.getAllByTestId('export-task-status').map((cell) => cell.dataset.status);

let client: QueryClient;
beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  switchToMemoryStorage();
  vi.useFakeTimers({ shouldAdvanceTime: false });
  post.mockReset();
  post.mockImplementation(answer as typeof http.post);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
});

function mount() {
  render(
    <QueryClientProvider client={client}>
      <ExportTasksPanel />
    </QueryClientProvider>,
  );
}

test('running tasks are polled by id and updated in place; polling stops when none runs', async () => {
  tasks = [task('t2', { progress: 10 }), finished('t1')];
  mount();
  await advance(0);
  expect(rowNames()).toEqual(['Last-mile data (being written)', 't1.xlsx']);
  expect(statuses()).toEqual(['running', 'succeeded']);

  // The poll asks for the running task only.
  await advance(EXPORT_POLL_INTERVAL_MS);
  expect(polls().length).toBeGreaterThan(0);
  expect(polls().every(([, body]) => JSON.stringify((body as { ids: string[] }).ids) === '["t2"]')).toBe(
    true,
  );

  tasks = [task('t2', { progress: 60 }), finished('t1')];
  await advance(EXPORT_POLL_INTERVAL_MS);
  expect(screen.getByTestId('export-task-progress').getAttribute('aria-valuenow')).toBe('60');

  tasks = [finished('t2'), finished('t1')];
  await advance(EXPORT_POLL_INTERVAL_MS);
  // Same place, now finished, with its file.
  expect(rowNames()).toEqual(['t2.xlsx', 't1.xlsx']);
  expect(statuses()).toEqual(['succeeded', 'succeeded']);
  expect(screen.queryByTestId('export-task-progress')).toBeNull();

  const asked = polls().length;
  await advance(EXPORT_POLL_INTERVAL_MS * 5);
  expect(polls().length).toBe(asked);
});

function StartExport() {
  const exporter = useExportTask();
  return (
    <button
      type="button"
      onClick={() => void exporter.start({ kind: 'endData', format: 'xlsx', filter: {} })}
    >
      export
    </button>
  );
}

test('an export started on another page appears at the top, and its message links to file management', async () => {
  writeStored('permissions', [Permission.FileManage, Permission.OrderExport]);
  const showSuccess = vi.fn<UiEffects['showSuccess']>();
  installUiEffects({ showSuccess });
  tasks = [finished('t1')];
  render(
    <QueryClientProvider client={client}>
      <StartExport />
      <ExportTasksPanel />
    </QueryClientProvider>,
  );
  await advance(0);
  expect(rowNames()).toEqual(['t1.xlsx']);

  const created = task('t3', { status: 'queued', progress: 0 });
  post.mockImplementation(((url: string, body: unknown) => {
    if (url !== ApiPath.CreateExportTask) return answer(url, body);
    tasks = [created, ...tasks];
    return Promise.resolve(created);
  }) as typeof http.post);
  fireEvent.click(screen.getByText('export'));
  await advance(0);
  expect(statuses()).toEqual(['queued', 'succeeded']);
  expect(post).toHaveBeenCalledWith(ApiPath.CreateExportTask, {
    kind: 'endData',
    format: 'xlsx',
    filter: {},
  });
  expect(showSuccess).toHaveBeenCalledWith(expect.any(String), {
    text: 'Download it in File management',
    path: '/user/userCenterManagement/fileManagement',
  });
});

test('a polled task that is gone reloads the list instead of being polled forever', async () => {
  tasks = [task('t2', { progress: 10 }), finished('t1')];
  mount();
  await advance(0);
  expect(statuses()).toEqual(['running', 'succeeded']);
  tasks = [finished('t1')];
  await advance(EXPORT_POLL_INTERVAL_MS);
  expect(rowNames()).toEqual(['t1.xlsx']);
  const asked = polls().length;
  await advance(EXPORT_POLL_INTERVAL_MS * 4);
  expect(polls().length).toBe(asked);
});
