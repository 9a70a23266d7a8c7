import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
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

/**
 * Shows a stored division name (always the official Simplified one) in the interface's script: in zh-TW
 * the tree, which the server sends with Traditional `localName`s, maps each name; other languages show it
 * as stored and never load the tree for this. The same Simplified name always converts the same way, so
 * one flat map serves provinces, cities and districts alike.
 */
export function useRegionNameInScript(): (name: string) => string {
  const { i18n } = useTranslation();
  const traditional = i18n.language === 'zh-TW';
  const { data } = useQuery({ ...cnDivisionTreeQuery, enabled: traditional });
  return useMemo(() => {
    if (!traditional || !data) return (name: string) => name;
    const names = new Map<string, string>();
    const visit = (nodes: readonly CnDivisionTreeNode[]) => {
      for (const node of nodes) {
        if (node.localName) names.set(node.name, node.localName);
        if (node.children) visit(node.children);
      }
    };
    visit(data);
    return (name: string) => names.get(name) ?? name;
  }, [traditional, data]);
}
