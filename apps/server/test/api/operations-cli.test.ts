import { ApiCode } from '@portal/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { fundCny, newOrderCustomer, orderApi, orderBody } from '../support/order-api.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ops = (args: string[]) => runOpsCli(t.config, args);

describe('npm run ops', () => {
  it('weighs, refuses, explains bad input and shows the journey, with exit codes', async () => {
    const { customerId, token } = await newOrderCustomer(t.app);
    await fundCny(t.app.db, customerId, 100_000);
    const created = await orderApi(t.app, token).create({ ...orderBody(), submit: true });
    const waybillNo = created.data.waybillNo!;

    const weighed = await ops([
      'weigh',
      '--waybill',
      waybillNo,
      '--parcel',
      '2.2:30x20x10',
      '--lang',
      'en-US',
    ]);
    expect(weighed.stderr).toBe('');
    expect(weighed.code).toBe(0);
    expect(weighed.stdout).toContain('Done');
    expect(weighed.stdout).toContain(`${waybillNo}`);
    expect(weighed.stdout).toContain('status: received');
    expect(weighed.stdout).toContain('actual 2.200 kg');

    const illegal = await ops(['deliver', '--waybill', waybillNo, '--lang', 'en-US']);
    expect(illegal.code).toBe(1);
    expect(illegal.stderr).toContain('cannot become delivered');

    const unknown = await ops(['journey', '--waybill', 'PS404', '--lang', 'en-US']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No order PS404');

    const bad = await ops(['event', '--waybill', waybillNo, '--code', 'lower case', '--description', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('statusCode');
    const help = await ops(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run ops');

    const json = await ops(['journey', '--waybill', waybillNo, '--json']);
    expect(json.code).toBe(0);
    const journey = JSON.parse(json.stdout) as { status: string; ledger: { entryType: string }[] };
    expect(journey.status).toBe('received');
    expect(journey.ledger.map((row) => row.entryType)).toEqual(['order_charge', 'weight_adjustment']);

    // The portal sees what the command line did.
    const seen = await orderApi(t.app, token).get(created.data.id);
    expect(seen.code).toBe(ApiCode.Ok);
    expect(seen.data.actualWeight).toBe(2.2);
    await assertLedgerConsistent(t.app.db, customerId);
  }, 120_000);
});
