import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contracts/constants';

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

/** Rejects when the import does not finish within `timeoutMs` (spec section 9: 120 seconds). */
export function importWithTimeout<T>(
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

/** `React.lazy` for a route page (a module whose default export is the page) with the load timeout. */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(() => importWithTimeout(load));
}
