import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { DictionaryItem, DictionaryTypeCode } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/** `GET /api/Common/GetSystemDictionaryByKey?typeCode=`: one dictionary's entries, labelled in all three languages. */
export function getSystemDictionary(typeCode: DictionaryTypeCode): Promise<DictionaryItem[]> {
  return http.get<DictionaryItem[]>(ApiPath.GetSystemDictionaryByKey, { params: { typeCode } });
}

// Entries carry every language's label (`labels`), so the key need not include the language;
// callers pick `dictionaryLabel(item, language)` rather than the answer's `label`.
export const systemDictionaryQuery = (typeCode: DictionaryTypeCode) =>
  queryOptions({
    queryKey: ['reference', 'dictionary', typeCode],
    queryFn: () => getSystemDictionary(typeCode),
    staleTime: REFERENCE_STALE_TIME_MS,
    gcTime: REFERENCE_GC_TIME_MS,
  });

export function useSystemDictionary(typeCode: DictionaryTypeCode) {
  return useQuery(systemDictionaryQuery(typeCode));
}
