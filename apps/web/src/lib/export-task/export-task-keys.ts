/** Query keys of export tasks: the list pages and the in-place refresh of running tasks. */
export const exportTaskKeys = {
  all: ['exportTask'] as const,
  lists: () => ['exportTask', 'list'] as const,
  list: (pageIndex: number, pageSize: number) => ['exportTask', 'list', { pageIndex, pageSize }] as const,
  refresh: (ids: readonly string[]) => ['exportTask', 'refresh', [...ids]] as const,
};
