import { ApiPath } from '@portal/contracts/api-paths';
import type { StoredFile } from '@portal/contracts/export-task';
import { downloadFile } from '../../../lib/file-download';

/** `GET /api/FileManagement/Download?id=`: an uploaded file under its own name. */
export function downloadStoredFile(file: StoredFile): Promise<string> {
  return downloadFile(ApiPath.DownloadFile, file.fileName, { params: { id: file.id } });
}
