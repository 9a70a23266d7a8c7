import { useCallback, useSyncExternalStore } from 'react';
import { readStored, subscribeStorage, type StorageKey, type StoredValues } from './storage';

// Parsed values are cached per key so React sees a stable snapshot until the key changes.
const cache = new Map<StorageKey, { value: unknown }>();
subscribeStorage((key) => cache.delete(key));

function snapshot<K extends StorageKey>(key: K): StoredValues[K] | null {
  let entry = cache.get(key);
  if (!entry) {
    entry = { value: readStored(key) };
    cache.set(key, entry);
  }
  return entry.value as StoredValues[K] | null;
}

/** A stored value that re-renders the component when it changes (in this tab or another). */
export function useStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const subscribe = useCallback(
    (onChange: () => void) => subscribeStorage((changed) => changed === key && onChange()),
    [key],
  );
  return useSyncExternalStore(subscribe, () => snapshot(key));
}
