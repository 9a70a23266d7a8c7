import { readTabValue, removeTabValue, writeTabValue } from '../../../lib/storage';

/**
 * The import this tab is working on, kept in session storage so coming back to the page (or reloading
 * it) offers to continue it.
 */
export const lastImport = {
  read: (): string | null => readTabValue('orderImportId'),
  remember: (id: string) => writeTabValue('orderImportId', id),
  forget: () => removeTabValue('orderImportId'),
};
