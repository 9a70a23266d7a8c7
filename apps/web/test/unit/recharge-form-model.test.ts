import { describe, expect, test } from 'vitest';
import {
  MAX_RECHARGE_MINOR,
  MIN_RECHARGE_MINOR,
  TRANSFER_VOUCHER_MAX_BYTES,
} from '@portal/contracts/recharge';
import { rechargeAmountOf, voucherProblem } from '../../src/features/recharge/lib/recharge-amount';
import {
  MAX_POLL_DELAY_MS,
  MAX_POLLS,
  nextPollDelay,
  payResultView,
} from '../../src/features/recharge/lib/pay-result-polling';
import { payResultPath, samePortalPath } from '../../src/features/recharge/lib/pay-links';
import { toRechargeFilter } from '../../src/features/recharge/lib/recharge-filter';
import dayjs from 'dayjs';

describe('top-up amount', () => {
  test('typed yuan become exact fen, on the text', () => {
    expect(rechargeAmountOf('100', 'CNY')).toEqual({ minor: 10_000 });
    expect(rechargeAmountOf('100.5', 'CNY')).toEqual({ minor: 10_050 });
    // 0.29 * 100 is 28.999… in floating point; 1.13 * 100 is 112.99999…
    expect(rechargeAmountOf('1.13', 'CNY')).toEqual({ minor: 113 });
    expect(rechargeAmountOf('4,999.29', 'CNY')).toEqual({ minor: 499_929 });
    expect(rechargeAmountOf(' 1000000.00 ', 'CNY')).toEqual({ minor: MAX_RECHARGE_MINOR });
    expect(rechargeAmountOf('1', 'CNY')).toEqual({ minor: MIN_RECHARGE_MINOR });
  });

  test('says why an amount cannot be taken', () => {
    expect(rechargeAmountOf('', 'CNY')).toEqual({ problem: 'required' });
    expect(rechargeAmountOf('   ', 'CNY')).toEqual({ problem: 'required' });
    expect(rechargeAmountOf(undefined, 'CNY')).toEqual({ problem: 'required' });
    for (const text of ['abc', '1.001', '-5', '1e3', '¥100', '1..2', '100 yuan'])
      expect(rechargeAmountOf(text, 'CNY'), text).toEqual({ problem: 'notAmount' });
    expect(rechargeAmountOf('0.99', 'CNY')).toEqual({ problem: 'range' });
    expect(rechargeAmountOf('0', 'CNY')).toEqual({ problem: 'range' });
    expect(rechargeAmountOf('1000000.01', 'CNY')).toEqual({ problem: 'range' });
    expect(rechargeAmountOf('99999999999999999999', 'CNY')).toEqual({ problem: 'notAmount' });
  });

  test('follows the currency’s decimals', () => {
    expect(rechargeAmountOf('500', 'JPY')).toEqual({ minor: 500 });
    expect(rechargeAmountOf('500.5', 'JPY')).toEqual({ problem: 'notAmount' });
    expect(rechargeAmountOf('12.34', 'USD')).toEqual({ minor: 1234 });
  });
});

describe('transfer voucher', () => {
  test('takes images and PDFs up to the contract size', () => {
    expect(voucherProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(
      voucherProblem({ name: 'a.pdf', type: 'application/pdf', size: TRANSFER_VOUCHER_MAX_BYTES }),
    ).toBeNull();
    // No type from the browser: the extension decides (the server checks the bytes).
    expect(voucherProblem({ name: 'RECEIPT.JPG', type: '', size: 10 })).toBeNull();
  });

  test('refuses other types, oversized and empty files', () => {
    expect(voucherProblem({ name: 'a.zip', type: 'application/zip', size: 10 })).toBe('type');
    expect(voucherProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(voucherProblem({ name: 'a.exe', type: '', size: 10 })).toBe('type');
    expect(
      voucherProblem({ name: 'a.pdf', type: 'application/pdf', size: TRANSFER_VOUCHER_MAX_BYTES + 1 }),
    ).toBe('size');
    expect(voucherProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
  });
});

describe('pay result polling', () => {
  test('polls soon, then ever more slowly, never beyond the cap', () => {
    const delays = Array.from({ length: MAX_POLLS }, (_, polls) => nextPollDelay(polls, 'pending'));
    expect(delays[0]).toBe(1_000);
    expect(delays[1]).toBe(1_500);
    for (let i = 1; i < delays.length; i += 1)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] as number);
    expect(Math.max(...(delays as number[]))).toBe(MAX_POLL_DELAY_MS);
    // Before the first answer too.
    expect(nextPollDelay(0, undefined)).toBe(1_000);
  });

  test('stops on a final state and when the patience is used up', () => {
    for (const status of ['paid', 'failed', 'closed'] as const) expect(nextPollDelay(1, status)).toBe(false);
    expect(nextPollDelay(MAX_POLLS, 'pending')).toBe(false);
    expect(nextPollDelay(MAX_POLLS - 1, 'pending')).not.toBe(false);
  });

  test('the page shows loading, the final state, waiting, or stalled with a refresh', () => {
    expect(payResultView(undefined, 0)).toBe('loading');
    expect(payResultView('pending', 1)).toBe('waiting');
    expect(payResultView('pending', MAX_POLLS)).toBe('stalled');
    expect(payResultView('paid', 3)).toBe('paid');
    expect(payResultView('failed', MAX_POLLS)).toBe('failed');
    expect(payResultView('closed', 1)).toBe('closed');
  });
});

describe('pay links', () => {
  test('the result page carries the number and token, encoded', () => {
    expect(payResultPath('R2026 1', 'a+b/c=')).toBe('/payResult?rechargeNo=R2026+1&payToken=a%2Bb%2Fc%3D');
  });

  test('a URL of this portal opens inside the app, any other as is', () => {
    const origin = 'https://portal.example.com';
    expect(samePortalPath('https://portal.example.com/sandboxCashier?rechargeNo=R1', origin)).toBe(
      '/sandboxCashier?rechargeNo=R1',
    );
    expect(samePortalPath('/payResult?rechargeNo=R1', origin)).toBe('/payResult?rechargeNo=R1');
    expect(samePortalPath('https://openapi.alipay.com/gateway.do?x=1', origin)).toBeNull();
    expect(samePortalPath('https://portal.example.com.evil.test/x', origin)).toBeNull();
  });
});

describe('recharge filter', () => {
  test('blanks are left out; days are the user’s, the last one included', () => {
    expect(toRechargeFilter({})).toEqual({
      status: null,
      channel: null,
      currencyCode: null,
      rechargeNo: null,
      createdFrom: null,
      createdTo: null,
    });
    const filter = toRechargeFilter({
      status: 'paid',
      channel: 'wechat',
      currencyCode: 'CNY',
      rechargeNo: '  R1  ',
      created: [dayjs('2026-11-01T15:00'), dayjs('2026-11-30T09:00')],
    });
    expect(filter.status).toBe('paid');
    expect(filter.rechargeNo).toBe('R1');
    expect(dayjs(filter.createdFrom as string).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(dayjs(filter.createdTo as string).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 00:00');
  });
});
