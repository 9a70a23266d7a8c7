import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/lib/tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { sub: 'user-1', sid: 'session-1', cid: 'customer-1' };

describe('access tokens', () => {
  it('verifies a fresh token and returns its claims', () => {
    const result = verifyAccessToken(signAccessToken(claims, SECRET, 60), SECRET);
    expect(result).toMatchObject({ ok: true, claims });
  });

  it('tells an expired token from a forged one', () => {
    const old = signAccessToken(claims, SECRET, 60, Date.now() - 61_000);
    expect(verifyAccessToken(old, SECRET)).toEqual({ ok: false, reason: 'expired' });
    expect(
      verifyAccessToken(signAccessToken(claims, 'another-secret-entirely-123456789', 60), SECRET),
    ).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token whose payload was altered', () => {
    const [header, , signature] = signAccessToken(claims, SECRET, 60).split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: 'admin', iat: 0, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(verifyAccessToken(`${header}.${payload}.${signature}`, SECRET).ok).toBe(false);
    expect(verifyAccessToken('garbage', SECRET).ok).toBe(false);
  });
});
