import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask, ExportTaskCreateInput } from '@portal/contracts/export-task';
import { http } from '../../../lib/http/client';

/**
 * `POST /api/ExportTask/Create`: the export runs in the background; the answer is the queued task,
 * which file management shows with its progress and download.
 */
export function createExportTask(input: ExportTaskCreateInput): Promise<ExportTask> {
  return http.post<ExportTask>(ApiPath.CreateExportTask, input);
}

export function useCreateExportTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExportTask,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['exportTask'] }),
  });
}
