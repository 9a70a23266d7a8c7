import { beforeEach, describe, expect, test, vi } from 'vitest';
import { checkForNewVersion, decideVersion, rememberRunningVersion } from '../../src/lib/version-check';
import { readStored, saveTokens, switchToMemoryStorage } from '../../src/lib/storage';

const answer = (version: string) =>
  vi.fn(
    async () => new Response(JSON.stringify({ version, buildTime: '2025-01-01T00:00:00Z' }), { status: 200 }),
  );

beforeEach(() => switchToMemoryStorage());

describe('version polling', () => {
  test('decision: unchanged, reload with a refresh token, wait without one', () => {
    expect(decideVersion('1', '1', true)).toBe('unchanged');
    expect(decideVersion(null, '2', true)).toBe('unchanged');
    expect(decideVersion('1', '2', true)).toBe('reload');
    expect(decideVersion('1', '2', false)).toBe('wait');
  });

  test('a new deployment reloads a signed-in page once, and the cache-busting query is sent', async () => {
    rememberRunningVersion('1');
    saveTokens({ jwtToken: 'a', refereToken: 'r', expiresInSecond: 60 });
    const reload = vi.fn();
    const fetchImpl = answer('2');
    await checkForNewVersion(reload, fetchImpl as unknown as typeof fetch);
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toMatch(/^\/versionUser\.json\?t=\d+$/);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readStored('appVersion')).toBe('2');
    await checkForNewVersion(reload, answer('2') as unknown as typeof fetch);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('no reload on the login page (no refresh token) and none when the file is missing', async () => {
    rememberRunningVersion('1');
    const reload = vi.fn();
    await checkForNewVersion(reload, answer('2') as unknown as typeof fetch);
    await checkForNewVersion(
      reload,
      vi.fn(async () => new Response('', { status: 404 })) as unknown as typeof fetch,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(readStored('appVersion')).toBe('1');
  });
});
