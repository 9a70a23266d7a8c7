import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { redactUrl } from '../../src/lib/log-redaction.ts';
import { describeDevice } from '../../src/lib/user-agent.ts';
import { slowdownDelaySeconds } from '../../src/modules/auth/auth.service.ts';
import {
  deviceCookieHeader,
  deviceCookieName,
  deviceCookieValue,
  isValidDeviceCookie,
  readCookie,
} from '../../src/modules/auth/device-cookie.ts';

const CHROME_131_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('describeDevice', () => {
  it('names browser and system instead of the raw user-agent string', () => {
    expect(describeDevice(CHROME_131_WINDOWS, '"15.0.0"')).toBe('Chrome 131 · Windows 11');
    expect(describeDevice(CHROME_131_WINDOWS, '"10.0.0"')).toBe('Chrome 131 · Windows 10');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Mobile Safari 17 · iOS 17.5 · Apple iPhone');
    expect(describeDevice('LogTest/1.0')).toBe('');
    expect(describeDevice('')).toBe('');
  });
});

describe('device cookie', () => {
  const secret = 'x'.repeat(40);
  it('is valid only for its account, with our signature, within its age', () => {
    const now = Date.now();
    const value = deviceCookieValue('user-1', secret, now);
    expect(isValidDeviceCookie(value, 'user-1', secret, 30, now)).toBe(true);
    expect(isValidDeviceCookie(value, 'user-2', secret, 30, now)).toBe(false);
    expect(isValidDeviceCookie(value, 'user-1', 'y'.repeat(40), 30, now)).toBe(false);
    expect(isValidDeviceCookie(value.replace('user-1', 'user-2'), 'user-2', secret, 30, now)).toBe(false);
    expect(isValidDeviceCookie(value, 'user-1', secret, 30, now + 31 * 86_400_000)).toBe(false);
    expect(isValidDeviceCookie(undefined, 'user-1', secret, 30, now)).toBe(false);
    expect(isValidDeviceCookie('garbage', 'user-1', secret, 30, now)).toBe(false);
  });
  it('is read from a Cookie header and set HttpOnly, SameSite=Strict, Secure over HTTPS', () => {
    expect(readCookie('a=1; portal_device=v.1.s; b=2', 'portal_device')).toBe('v.1.s');
    expect(readCookie('a=1', 'portal_device')).toBeUndefined();
    const value = deviceCookieValue('user-1', secret);
    expect(deviceCookieHeader(value, 2, true)).toBe(
      `${deviceCookieName('user-1')}=${value}; Path=/api/Login; Max-Age=172800; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(deviceCookieHeader(value, 2, false)).not.toContain('Secure');
  });
  it('is named per account, without the account id in the name', () => {
    expect(deviceCookieName('user-1')).toMatch(/^portal_device_[0-9a-f]{16}$/);
    expect(deviceCookieName('user-1')).not.toContain('user-1');
    expect(deviceCookieName('user-1')).not.toBe(deviceCookieName('user-2'));
  });
});

describe('redactUrl', () => {
  it('keeps only allow-listed query values, whatever the case or encoding of the name', () => {
    expect(redactUrl('/api/Login/RefreshToken?refreshToken=abc.def&x=1')).toBe(
      '/api/Login/RefreshToken?refreshToken=[redacted]&x=[redacted]',
    );
    expect(redactUrl('/a?PASSWORD=p&access%5Ftoken=t&page=2&PageSize=3&page%53ize=4')).toBe(
      '/a?PASSWORD=[redacted]&access%5Ftoken=[redacted]&page=2&PageSize=3&page%53ize=4',
    );
    expect(redactUrl('/login/websiteLogin?ticket=t.u.v&lang=en-US')).toBe(
      '/login/websiteLogin?ticket=[redacted]&lang=en-US',
    );
    // A malformed escape in the name, a name without a value, an empty value, a repeated name.
    expect(redactUrl('/a?%E0%A4%A=1&flag&code=&status=a&status=b')).toBe(
      '/a?%E0%A4%A=[redacted]&flag&code=[redacted]&status=a&status=b',
    );
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a/b?')).toBe('/a/b?');
  });
});

describe('sign-in limits', () => {
  it('by default pause an address only at a much higher count than one account from that address', () => {
    const { loginThrottle, maxSessionsPerUser, loginLogRetentionDays } = loadConfig({});
    expect(loginThrottle.maxFailuresPerAddress).toBeGreaterThanOrEqual(
      10 * loginThrottle.maxFailuresPerAccount,
    );
    expect(maxSessionsPerUser).toBe(20);
    expect(loginLogRetentionDays).toBe(180);
  });
});

describe('account slowdown', () => {
  it('starts at the threshold, doubles with each further failure and stops at the window', () => {
    const limits = { accountSlowdownAfter: 10, accountDelaySeconds: 2, windowSeconds: 900 };
    expect([9, 10, 11, 12, 13].map((n) => slowdownDelaySeconds(n, limits))).toEqual([0, 2, 4, 8, 16]);
    expect(slowdownDelaySeconds(18, limits)).toBe(512);
    expect(slowdownDelaySeconds(19, limits)).toBe(900);
    expect(slowdownDelaySeconds(10_000, limits)).toBe(900);
  });
});
