import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { fileKeys } from './file-keys';

/** `POST /api/FileManagement/Delete` with `{ ids }`: all or none. */
export function deleteFiles(ids: string[]): Promise<unknown> {
  return http.post<unknown>(ApiPath.DeleteFiles, { ids });
}

export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
