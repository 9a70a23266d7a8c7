import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask } from '@portal/contracts/export-task';
import { downloadFile } from '../../../lib/file-download';

/** `GET /api/ExportTask/Download?id=`: the task's file under its own name (404 once expired). */
export function downloadExportTask(task: ExportTask): Promise<string> {
  return downloadFile(ApiPath.DownloadExportTask, task.fileName ?? `export.${task.format}`, {
    params: { id: task.exportTaskID },
  });
}
