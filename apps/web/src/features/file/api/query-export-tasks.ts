import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask } from '@portal/contracts/export-task';
import { http } from '../../../lib/http/client';
import { exportTaskKeys } from '../../../lib/export-task/export-task-keys';
import { mergeTaskUpdates, type ExportTaskPage } from '../../../lib/export-task/export-task-list';

/** Section 4: while any task on screen runs, ask for those tasks about every 1.5 s. */
export const EXPORT_POLL_INTERVAL_MS = 1500;

interface ExportTaskQuery {
  ids?: string[];
  pageIndex: number;
  pageSize: number;
}

/** `POST /api/ExportTask/Query`: newest first; with `ids`, just those tasks. */
export function queryExportTasks(query: ExportTaskQuery): Promise<ExportTaskPage> {
  return http.post<ExportTaskPage>(ApiPath.QueryExportTask, query);
}

/** One page of the exports list; always fresh when the page opens (tasks finish while away). */
export function useExportTasks(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: exportTaskKeys.list(pageIndex, pageSize),
    queryFn: () => queryExportTasks({ pageIndex, pageSize }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Polls the running tasks by id and writes each answer into every cached list page in place (the rows
 * keep their order, so nothing jumps while the user reads). Stops by itself once `ids` is empty: the
 * caller passes the ids of the tasks still queued or running. Silent: a missed poll is retried by the next.
 */
export function useExportTaskRefresh(ids: readonly string[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: exportTaskKeys.refresh(ids),
    queryFn: async (): Promise<ExportTask[]> => {
      const page = await http.post<ExportTaskPage>(
        ApiPath.QueryExportTask,
        { ids, pageIndex: 1, pageSize: ids.length },
        { silent: true },
      );
      queryClient.setQueriesData<ExportTaskPage>({ queryKey: exportTaskKeys.lists() }, (list) =>
        list ? { ...list, items: mergeTaskUpdates(list.items, page.items) } : list,
      );
      // A task that is gone (cleaned up meanwhile) would otherwise stay "running" and be polled forever.
      if (page.items.length < ids.length)
        void queryClient.invalidateQueries({ queryKey: exportTaskKeys.lists() });
      return page.items;
    },
    enabled: ids.length > 0,
    refetchInterval: EXPORT_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
  });
}
