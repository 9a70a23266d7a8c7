import { useMemo } from 'react';
import { normalizeLayoutSettings, type LayoutSettings } from '../../lib/layout-settings';
import { readStored, writeStored } from '../../lib/storage';
import { useStored } from '../../lib/use-stored';

/** The current layout settings; every change is live across the shell and saved in local storage. */
export function useLayoutSettings(): LayoutSettings {
  const stored = useStored('layoutSettings');
  return useMemo(() => normalizeLayoutSettings(stored), [stored]);
}

export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  writeStored('layoutSettings', { ...normalizeLayoutSettings(readStored('layoutSettings')), ...patch });
}

export function resetLayoutSettings(): void {
  writeStored('layoutSettings', normalizeLayoutSettings(null));
}
