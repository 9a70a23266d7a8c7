import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contracts/constants';
import { loadAllMessages } from './i18n/i18n';

/** A page's code (script or style chunk) could not be loaded; the error screen offers a reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_ERROR_TEXT =
  /dynamically imported module|module script failed|Unable to preload CSS|Failed to fetch|Loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_ERROR_TEXT.test(error.message));
}

/**
 * Rejects when the import does not finish within `timeoutMs` (spec section 9: 120 seconds). Lazily loaded
 * code renders with all of the interface language's messages, so this also waits for the part of them the
 * first screens leave out (lib/i18n/start-messages.ts); only the first screens' own chunks skip that wait
 * ({@link importFirstScreen}).
 */
export function importWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return importFirstScreen(
    () => Promise.all([load(), loadAllMessages()]).then(([loaded]) => loaded),
    timeoutMs,
  );
}

/**
 * {@link importWithTimeout} for the chunks of the first screens (the sign-in page, the signed-in shell, the
 * home page) and the HTTP client: they need only the messages that load with the entry.
 */
export function importFirstScreen<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error('Chunk load timed out'))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/**
 * `React.lazy` for a route page (a module whose default export is the page) with the load timeout; a
 * first-screen page (`isFirstScreen`) does not wait for the rest of the messages.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  { isFirstScreen = false }: { isFirstScreen?: boolean } = {},
): LazyExoticComponent<ComponentType> {
  return lazy(() => (isFirstScreen ? importFirstScreen(load) : importWithTimeout(load)));
}
