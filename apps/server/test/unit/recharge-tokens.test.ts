import { describe, expect, it } from 'vitest';
import {
  isPayTokenOf,
  maskCompanyName,
  newRechargeNo,
  payTokenFor,
  signLookupToken,
  verifyLookupToken,
} from '../../src/modules/recharge/recharge-tokens.ts';

const SECRET = 'a-token-secret-of-enough-length-0123456789';

describe('recharge numbers and tokens', () => {
  it('numbers a recharge R + UTC date + 8 characters without I, L, O, U', () => {
    const numbers = Array.from({ length: 500 }, () => newRechargeNo(new Date('2026-11-27T23:59:59Z')));
    for (const no of numbers) expect(no).toMatch(/^R20261127[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(numbers).size).toBe(500);
  });

  it('masks company names by length, one star per hidden character', () => {
    expect(maskCompanyName('深圳市演示跨境电商有限公司')).toBe('深圳市******有限公司');
    expect(maskCompanyName('Acme Logistics Ltd')).toBe('Acm*********** Ltd');
    expect(maskCompanyName('广州某贸易公司')).toBe('广州*贸易公司');
    expect(maskCompanyName('小店')).toBe('小*');
    expect(maskCompanyName('X')).toBe('X**');
  });

  it('a payToken opens its recharge only; a lookup token names its customer for 30 minutes', () => {
    const token = payTokenFor(SECRET, 'recharge-1');
    expect(isPayTokenOf(SECRET, 'recharge-1', token)).toBe(true);
    expect(isPayTokenOf(SECRET, 'recharge-2', token)).toBe(false);
    expect(isPayTokenOf('another-secret-of-enough-length-0123456789', 'recharge-1', token)).toBe(false);
    expect(isPayTokenOf(SECRET, 'recharge-1', token.slice(1))).toBe(false);

    const now = Date.parse('2026-11-27T10:00:00Z');
    const lookup = signLookupToken(SECRET, 'customer-9', now);
    expect(verifyLookupToken(SECRET, lookup, now + 29 * 60_000)).toEqual({
      ok: true,
      customerId: 'customer-9',
    });
    expect(verifyLookupToken(SECRET, lookup, now + 31 * 60_000)).toEqual({ ok: false, reason: 'expired' });
    const [id, , signature] = lookup.split('.');
    // A later expiry under the same signature is not accepted.
    expect(verifyLookupToken(SECRET, `${id}.9999999999.${signature}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyLookupToken(SECRET, payTokenFor(SECRET, 'x'), now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
