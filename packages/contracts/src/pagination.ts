import { z } from 'zod';

/** Page sizes the portal offers; the default is the first. Kept in local storage by the web app. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** Query of every list endpoint: 1-based page index and a bounded page size. */
export const PageQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}
