/** Query keys of the uploaded files; a delete invalidates `all`. */
export const fileKeys = {
  all: ['fileManagement'] as const,
  list: (pageIndex: number, pageSize: number) => ['fileManagement', 'list', { pageIndex, pageSize }] as const,
};
