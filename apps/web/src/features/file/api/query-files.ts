import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { StoredFile } from '@portal/contracts/export-task';
import { http } from '../../../lib/http/client';
import { fileKeys } from './file-keys';

export interface FilePage {
  items: StoredFile[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** `POST /api/FileManagement/Query`: the files the customer uploaded, newest first. */
export function queryFiles(pageIndex: number, pageSize: number): Promise<FilePage> {
  return http.post<FilePage>(ApiPath.QueryFiles, { pageIndex, pageSize });
}

export function useFiles(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: fileKeys.list(pageIndex, pageSize),
    queryFn: () => queryFiles(pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
}
