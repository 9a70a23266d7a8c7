import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import { notifySandbox, PNG_BYTES, rechargeApi } from '../support/recharge-api.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ops = (args: string[]) => runOpsCli(t.config, args);

describe('npm run ops: recharges', () => {
  it('lists pending transfers, saves a voucher, confirms one, rejects another and shows the notification log', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const api = rechargeApi(t.app, (await signIn(t.app, main)).jwtToken);
    const a = (await api.uploadVoucher({ amount: '12300' }, { bytes: PNG_BYTES })).data.recharge;
    const b = (await api.uploadVoucher({ amount: '45600' }, { bytes: PNG_BYTES })).data.recharge;
    await notifySandbox(t.app, {
      rechargeNo: a.rechargeNo,
      tradeNo: 'X1',
      amount: 1,
      currencyCode: 'CNY',
      state: 'paid',
      paidAt: new Date().toISOString(),
    });

    const list = await ops([
      'recharges',
      '--status',
      'pending',
      '--channel',
      'bank_transfer',
      '--lang',
      'en-US',
    ]);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(a.rechargeNo);
    expect(list.stdout).toContain('CNY 123.00');

    const out = path.join(t.config.dataDir, 'voucher-copy.png');
    const saved = await ops(['voucher', '--recharge', a.rechargeNo, '--out', out]);
    expect(saved.code).toBe(0);
    expect(readFileSync(out).equals(PNG_BYTES)).toBe(true);

    const confirmed = await ops([
      'confirm',
      '--recharge',
      a.rechargeNo,
      '--trade',
      'ICBC-001',
      '--staff',
      'Wang',
      '--lang',
      'en-US',
    ]);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain('Confirmed and credited');
    expect(confirmed.stdout).toContain('trade ICBC-001');
    const again = await ops(['confirm', '--recharge', a.rechargeNo, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: false, recharge: { status: 'paid' } });

    const noReason = await ops(['reject', '--recharge', b.rechargeNo, '--lang', 'en-US']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('reason');
    const rejected = await ops([
      'reject',
      '--recharge',
      b.rechargeNo,
      '--reason',
      '金额不符',
      '--lang',
      'zh-CN',
    ]);
    expect(rejected.code).toBe(0);
    expect(rejected.stdout).toContain('转账凭证未通过审核：金额不符');
    const unknown = await ops(['confirm', '--recharge', 'R20990101AAAAAAAA', '--lang', 'en-US']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No recharge R20990101AAAAAAAA');

    const log = await ops(['notifications', '--recharge', a.rechargeNo]);
    expect(log.code).toBe(0);
    expect(log.stdout).toContain('app_mismatch');

    const wallet = await t.app.db
      .selectFrom('wallets')
      .select('balance')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(12_300);
    await assertLedgerConsistent(t.app.db, customerId);
    // Nine child processes, each starting tsx: generous on a loaded machine.
  }, 240_000);
});
