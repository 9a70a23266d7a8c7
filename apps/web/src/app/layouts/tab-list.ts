import type { StoredTab } from '../../lib/storage';

/**
 * Pure operations on the multi-tab list; the shell stores the result. The home tab is always first and
 * cannot be closed.
 */
export function openTab(tabs: readonly StoredTab[], tab: StoredTab, homeKey: string): StoredTab[] {
  const existing = tabs.findIndex((t) => t.key === tab.key);
  let next: StoredTab[];
  if (existing >= 0) {
    const current = tabs[existing]!;
    if (current.path === tab.path && current.titleKey === tab.titleKey) return tabs as StoredTab[];
    next = tabs.map((t, i) => (i === existing ? tab : t));
  } else {
    next = [...tabs, tab];
  }
  const home = next.find((t) => t.key === homeKey);
  return home ? [home, ...next.filter((t) => t.key !== homeKey)] : next;
}

/** Closes one tab; answers the remaining tabs and where to go when the closed tab was the active one. */
export function closeTab(
  tabs: readonly StoredTab[],
  key: string,
  activeKey: string,
  homeKey: string,
): { tabs: StoredTab[]; navigateTo: string | null } {
  if (key === homeKey) return { tabs: [...tabs], navigateTo: null };
  const index = tabs.findIndex((t) => t.key === key);
  if (index < 0) return { tabs: [...tabs], navigateTo: null };
  const remaining = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: remaining, navigateTo: null };
  const neighbour = remaining[index] ?? remaining[index - 1];
  return { tabs: remaining, navigateTo: neighbour?.path ?? null };
}

/** Keeps the home tab and the given one. */
export function closeOtherTabs(tabs: readonly StoredTab[], key: string, homeKey: string): StoredTab[] {
  return tabs.filter((t) => t.key === key || t.key === homeKey);
}
