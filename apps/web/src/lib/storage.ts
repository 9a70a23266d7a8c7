import type { RoleGrant } from '@portal/contracts/access';
import type { ApplicationInfo, ApplicationMenuItem } from '@portal/contracts/application';
import type { TokenPair, UserType } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import type { LabelSize } from '@portal/contracts/order-list';
import type { LayoutSettings } from './layout-settings';

/**
 * Everything the portal keeps in the browser, in one place (spec section 3), plus the preferences added
 * since: the layout settings and the chosen language (shell issue), the label size (order list). Nothing
 * else writes to localStorage.
 */
export interface TokenRecord {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
}

export interface StoredTab {
  /** The route's pathname: the tab's identity. */
  key: string;
  /** Pathname plus search, so returning to the tab restores what it showed. */
  path: string;
  /** Translation key of the route's title; the tab follows the language. */
  titleKey: string;
}

export interface StoredValues {
  tokenRecord: TokenRecord;
  /** The Authorization header value, `Bearer <token>`. */
  authorization: string;
  applicationInfo: ApplicationInfo;
  permissions: string[];
  roles: RoleGrant[];
  menu: ApplicationMenuItem[];
  pageSize: number;
  userType: UserType;
  appVersion: string;
  tabs: StoredTab[];
  layoutSettings: LayoutSettings;
  language: Language;
  /** The label size the order list prints in (100×100, 100×150 or A4). */
  labelSize: LabelSize;
}
export type StorageKey = keyof StoredValues;

export const STORAGE_KEYS: Readonly<Record<StorageKey, string>> = {
  tokenRecord: 'portal.tokenRecord',
  authorization: 'portal.authorization',
  applicationInfo: 'portal.applicationInfo',
  permissions: 'portal.permissions',
  roles: 'portal.roles',
  menu: 'portal.menu',
  pageSize: 'portal.pageSize',
  userType: 'portal.userType',
  appVersion: 'portal.appVersion',
  tabs: 'portal.tabs',
  layoutSettings: 'portal.layoutSettings',
  language: 'portal.language',
  labelSize: 'portal.labelSize',
};

/** What a signed-in session owns; cleared on sign-out, on an ended session and on a failed refresh. */
const SESSION_KEYS: readonly StorageKey[] = [
  'tokenRecord',
  'authorization',
  'permissions',
  'roles',
  'menu',
  'userType',
  'tabs',
];

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryBackend(): Backend {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function defaultBackend(): Backend {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage can be disabled by browser policy; the portal then works for this page view only.
  }
  return memoryBackend();
}

let backend: Backend = defaultBackend();
const listeners = new Set<(key: StorageKey) => void>();

/** Tests (node) and private browsing fall back to memory. */
export function switchToMemoryStorage(): void {
  backend = memoryBackend();
}

export function readStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = backend.getItem(STORAGE_KEYS[key]);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return null;
  }
}

export function writeStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  backend.setItem(STORAGE_KEYS[key], JSON.stringify(value));
  notify(key);
}

export function removeStored(key: StorageKey): void {
  backend.removeItem(STORAGE_KEYS[key]);
  notify(key);
}

function notify(key: StorageKey): void {
  for (const listener of listeners) listener(key);
}

/** Called with the key after every change, including changes made in another browser tab. */
export function subscribeStorage(listener: (key: StorageKey) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const key = (Object.keys(STORAGE_KEYS) as StorageKey[]).find((k) => STORAGE_KEYS[k] === event.key);
    if (key) notify(key);
    else if (event.key === null) for (const k of SESSION_KEYS) notify(k);
  });
}

/** Stores a token pair from login or refresh, with the Authorization value derived from it. */
export function saveTokens(pair: TokenPair, now: number = Date.now()): void {
  isSessionClearedHere = false;
  writeStored('tokenRecord', {
    token: pair.jwtToken,
    refreshToken: pair.refereToken,
    expiresAt: now + pair.expiresInSecond * 1000,
  });
  writeStored('authorization', `Bearer ${pair.jwtToken}`);
}

export function readAuthorization(): string | null {
  return readStored('authorization');
}

export function readRefreshToken(): string | null {
  return readStored('tokenRecord')?.refreshToken ?? null;
}

/**
 * What this browser tab alone keeps (sessionStorage), as long as the tab lives: the batch-create page's
 * unfinished import, offered again when the user comes back to the page. Cleared with the session.
 */
export interface TabValues {
  orderImportId: string;
}
export type TabKey = keyof TabValues;
const TAB_KEYS: Readonly<Record<TabKey, string>> = { orderImportId: 'portal.orderImportId' };

function tabBackend(): Backend | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readTabValue<K extends TabKey>(key: K): TabValues[K] | null {
  const raw = tabBackend()?.getItem(TAB_KEYS[key]);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as TabValues[K];
  } catch {
    return null;
  }
}

export function writeTabValue<K extends TabKey>(key: K, value: TabValues[K]): void {
  tabBackend()?.setItem(TAB_KEYS[key], JSON.stringify(value));
}

export function removeTabValue(key: TabKey): void {
  tabBackend()?.removeItem(TAB_KEYS[key]);
}

let isSessionClearedHere = false;
const sessionClearedListeners = new Set<() => void>();

/**
 * Registers what else a session owns in memory (the query cache, the last user info and menu), so that
 * {@link clearSession} forgets it too. Returns the unsubscribe function.
 */
export function onSessionCleared(listener: () => void): () => void {
  sessionClearedListeners.add(listener);
  return () => sessionClearedListeners.delete(listener);
}

/**
 * Forgets the signed-in session: the stored keys and everything registered with {@link onSessionCleared}
 * (the query cache among them), so the next user on this tab sees nothing of the previous one. It is the
 * one function every path that ends a session calls (sign-out, 203, 204, 402, a failed refresh, HTTP 401).
 * Preferences (language, layout, page size, label size, version) stay. The route guard asks
 * {@link wasSessionClearedHere} so it does not add its "sign-in expired" warning on top of the message
 * that made the portal end the session (or after a deliberate sign-out).
 */
export function clearSession(): void {
  isSessionClearedHere = true;
  for (const key of SESSION_KEYS) removeStored(key);
  for (const key of Object.keys(TAB_KEYS) as TabKey[]) removeTabValue(key);
  for (const listener of [...sessionClearedListeners]) listener();
}

/** A successful sign-in: whatever an earlier session left behind is forgotten, then the new pair is stored. */
export function startSession(pair: TokenPair, now: number = Date.now()): void {
  clearSession();
  saveTokens(pair, now);
}

/** True when this page view itself ended the session (sign-out, 203, 204, 402, a failed refresh). */
export function wasSessionClearedHere(): boolean {
  return isSessionClearedHere;
}
