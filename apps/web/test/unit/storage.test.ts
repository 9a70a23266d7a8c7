import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  STORAGE_KEYS,
  clearSession,
  readAuthorization,
  readRefreshToken,
  readStored,
  saveTokens,
  subscribeStorage,
  switchToMemoryStorage,
  wasSessionClearedHere,
  writeStored,
} from '../../src/lib/storage';

beforeEach(() => switchToMemoryStorage());

describe('browser storage', () => {
  test('holds the section 3 items under one prefix, each key distinct', () => {
    const keys = Object.keys(STORAGE_KEYS).sort();
    expect(keys).toEqual(
      [
        'tokenRecord',
        'authorization',
        'applicationInfo',
        'permissions',
        'roles',
        'menu',
        'pageSize',
        'userType',
        'appVersion',
        'tabs',
        'layoutSettings',
        'language',
        'labelSize',
      ].sort(),
    );
    const names = Object.values(STORAGE_KEYS);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => n.startsWith('portal.'))).toBe(true);
  });

  test('a token pair becomes the token record and the Bearer authorization value', () => {
    saveTokens({ jwtToken: 'jwt', refereToken: 'refresh', expiresInSecond: 60 }, 1_000);
    expect(readStored('tokenRecord')).toEqual({ token: 'jwt', refreshToken: 'refresh', expiresAt: 61_000 });
    expect(readAuthorization()).toBe('Bearer jwt');
    expect(readRefreshToken()).toBe('refresh');
  });

  test('ending the session forgets the session but keeps preferences', () => {
    saveTokens({ jwtToken: 'jwt', refereToken: 'refresh', expiresInSecond: 60 });
    writeStored('permissions', ['a']);
    writeStored('roles', []);
    writeStored('menu', []);
    writeStored('userType', 'main');
    writeStored('tabs', [{ key: '/user/index', path: '/user/index', titleKey: 'route.index' }]);
    writeStored('pageSize', 50);
    writeStored('language', 'en-US');
    writeStored('appVersion', '1');
    expect(wasSessionClearedHere()).toBe(false);

    clearSession();

    for (const key of [
      'tokenRecord',
      'authorization',
      'permissions',
      'roles',
      'menu',
      'userType',
      'tabs',
    ] as const) {
      expect(readStored(key), key).toBeNull();
    }
    expect(readStored('pageSize')).toBe(50);
    expect(readStored('language')).toBe('en-US');
    expect(readStored('appVersion')).toBe('1');
    expect(wasSessionClearedHere()).toBe(true);
    saveTokens({ jwtToken: 'jwt2', refereToken: 'r2', expiresInSecond: 60 });
    expect(wasSessionClearedHere()).toBe(false);
  });

  test('listeners hear every change by key', () => {
    const listener = vi.fn();
    const stop = subscribeStorage(listener);
    writeStored('pageSize', 20);
    clearSession();
    stop();
    writeStored('pageSize', 10);
    expect(listener).toHaveBeenCalledWith('pageSize');
    expect(listener).toHaveBeenCalledWith('authorization');
    expect(listener).toHaveBeenCalledTimes(8);
  });
});
