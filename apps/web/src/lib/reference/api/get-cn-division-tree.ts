import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import {
  createCnDivisionIndex,
  type CnDivisionIndex,
  type CnDivisionTreeNode,
} from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/**
 * `GET /api/Common/GetCnDivisionTree`: province → city → district in one answer. The cascader uses it
 * instead of three lazy calls so its search finds any district at once.
 */
export function getCnDivisionTree(): Promise<CnDivisionTreeNode[]> {
  return http.get<CnDivisionTreeNode[]>(ApiPath.GetCnDivisionTree);
}

export const cnDivisionTreeQuery = queryOptions({
  queryKey: ['reference', 'cnDivisionTree'],
  queryFn: getCnDivisionTree,
  staleTime: REFERENCE_STALE_TIME_MS,
  gcTime: REFERENCE_GC_TIME_MS,
});

export function useCnDivisionTree() {
  return useQuery(cnDivisionTreeQuery);
}

/** Lookups over the tree (the same ones the server validates with), once it has loaded. */
export function useCnDivisionIndex(): CnDivisionIndex | undefined {
  const { data } = useCnDivisionTree();
  return useMemo(() => (data ? createCnDivisionIndex(data) : undefined), [data]);
}
