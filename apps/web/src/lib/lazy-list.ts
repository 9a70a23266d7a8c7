import { LAZY_LIST_CHUNK_INTERVAL_MS } from '@portal/contracts/constants';

/**
 * Feeds a long list to the screen one chunk per second (spec section 9), so thousands of rows never block
 * the page. `onChunk` receives everything shown so far; the returned function stops the loader.
 */
export function startLazyList<T>(
  items: readonly T[],
  chunkSize: number,
  onChunk: (visible: readonly T[], isDone: boolean) => void,
  intervalMs: number = LAZY_LIST_CHUNK_INTERVAL_MS,
): () => void {
  const size = Math.max(1, Math.floor(chunkSize));
  let shown = Math.min(size, items.length);
  onChunk(items.slice(0, shown), shown >= items.length);
  if (shown >= items.length) return () => undefined;
  const timer = setInterval(() => {
    shown = Math.min(shown + size, items.length);
    const isDone = shown >= items.length;
    onChunk(items.slice(0, shown), isDone);
    if (isDone) clearInterval(timer);
  }, intervalMs);
  return () => clearInterval(timer);
}
