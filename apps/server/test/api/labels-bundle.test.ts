import { ApiPath } from '@portal/contracts/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';
import {
  buildServer,
  spawnServer,
  tempDataDir,
  waitUntilAlive,
  type ServerProcess,
} from '../support/built-server.ts';
import { orderBody } from '../support/order-api.ts';
import { pdfFonts, readCode128, renderPages } from '../support/pdf-scan.ts';

/**
 * The bundled server (esbuild, dist/server.js) finds the CJK font in node_modules at run time, as a fresh
 * machine has it after `npm ci`, and prints a label that scans. SQLite: the font lookup does not depend on
 * the database.
 */

let server: ServerProcess;
beforeAll(async () => {
  buildServer();
  server = await spawnServer({ DATA_DIR: tempDataDir() });
  await waitUntilAlive(server);
}, 120_000);
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

async function post(path: string, body: unknown, token?: string) {
  return fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('labels from the bundled server', () => {
  it('prints a label with the embedded CJK font whose barcode reads back the waybill number', async () => {
    const login = await post(ApiPath.CustomerLogin, {
      userName: DEMO_MAIN_USER.loginName,
      password: DEMO_MAIN_USER.password,
    });
    const token = ((await login.json()) as { data: { jwtToken: string } }).data.jwtToken;
    const created = (await (
      await post(ApiPath.CreateOrder, { ...orderBody(), submit: true }, token)
    ).json()) as {
      code: number;
      data: { id: string; waybillNo: string };
    };
    expect(created.code).toBe(200);

    const answer = await post(ApiPath.PrintLabel, { ids: [created.data.id], size: '100x100' }, token);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(
      pdfFonts(pdf).every((font) => font.embedded && font.subset && font.name.includes('NotoSansHans')),
    ).toBe(true);
    expect(readCode128(renderPages(pdf)[0]!)).toBe(created.data.waybillNo);
  });
});
