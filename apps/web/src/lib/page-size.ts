import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portal/contracts/pagination';
import { readStored, writeStored } from './storage';

export { PAGE_SIZE_OPTIONS };

/** The user's page size for every list: 10 by default, one of 10/20/50/100/500, kept in local storage. */
export function readPageSize(): number {
  const stored = readStored('pageSize');
  return stored !== null && (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored)
    ? stored
    : DEFAULT_PAGE_SIZE;
}

export function savePageSize(size: number): void {
  if ((PAGE_SIZE_OPTIONS as readonly number[]).includes(size)) writeStored('pageSize', size);
}
