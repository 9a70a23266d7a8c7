import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask, ExportTaskCreateInput } from '@portal/contracts/export-task';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../access/use-access';
import { FILE_MANAGEMENT_PATH } from '../app-paths';
import { http } from '../http/client';
import { isApiError } from '../http/api-error';
import { uiEffects } from '../ui-effects';
import { exportTaskKeys } from './export-task-keys';
import { prependTask, type ExportTaskPage } from './export-task-list';

/** `POST /api/ExportTask/Create`: the task, queued; the file is written in the background. */
export function createExportTask(input: ExportTaskCreateInput): Promise<ExportTask> {
  return http.post<ExportTask>(ApiPath.CreateExportTask, input);
}

/**
 * Starts an export from any list (end data, my orders): creates the task, puts it at the top of the
 * exports list wherever that list is cached, and says so with a link to file management (for users who
 * may open it). `start` answers the task, or null when the server refused (the request layer has shown why).
 */
export function useExportTask() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createExportTask,
    onSuccess: (task) => {
      queryClient.setQueriesData<ExportTaskPage>({ queryKey: exportTaskKeys.lists() }, (page) =>
        page ? prependTask(page, task) : page,
      );
      const text = t('exportTask.created');
      if (can(Permission.FileManage))
        uiEffects.showSuccess(text, { text: t('exportTask.openFileManagement'), path: FILE_MANAGEMENT_PATH });
      else uiEffects.showSuccess(text);
    },
  });

  const start = async (input: ExportTaskCreateInput): Promise<ExportTask | null> => {
    try {
      return await mutation.mutateAsync(input);
    } catch (error) {
      if (!isApiError(error)) throw error;
      return null;
    }
  };
  return { start, isPending: mutation.isPending };
}
