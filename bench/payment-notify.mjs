// Payment notifications per second on the built server with the real providers configured (keys generated
// here; this process plays WeChat Pay's API on a local port and signs notifications as Alipay and WeChat Pay
// do), against a bare Fastify route parsing a JSON body of the same size (bench/fixtures/fastify-echo.mjs),
// measured in the same run: 20 kept-alive connections, 20 notifications in flight, median of 3 interleaved
// rounds. Each delivery is verified (RSA-2048 signature; WeChat also AES-256-GCM), applied (the recharge
// is already paid: a duplicate) and logged as a payment_notifications row. SQLite, fresh data directory.
//
//   node bench/payment-notify.mjs [seconds per measurement, default 5]
import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import {
  ensureServerBuilt,
  median,
  printTable,
  requestJson,
  SERVER_ENTRY,
  signInDemo,
  startServerProcess,
} from './lib.mjs';

const CONNECTIONS = 20;
const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = 3;
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-echo.mjs');

ensureServerBuilt('WECHATPAY2-SHA256-RSA2048');

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key, type) => key.export({ format: 'pem', type });
const sign = (key, text) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const alipayApp = rsa();
const alipay = rsa();
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const apiV3Key = randomBytes(16).toString('hex');
const ALIPAY_APP_ID = '2021000000000001';
const WECHAT = { appId: 'wx8888888888888888', mchId: '1900000109', keyId: 'PUB_KEY_ID_BENCH' };

/** The Wechatpay-* headers of a body, signed with `key` (the platform's unless forging). */
function wechatHeaders(body, key = platform.privateKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': WECHAT.keyId,
    'wechatpay-signature': sign(key, `${timestamp}\n${nonce}\n${body}\n`),
  };
}

/** WeChat Pay's API as far as starting a Native payment needs it, signed like the real one. */
const fakeWechat = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=Bench' });
    response.writeHead(200, { 'content-type': 'application/json', ...wechatHeaders(body) });
    response.end(body);
  });
});
const fakeWechatPort = await freePort();
await new Promise((resolve) => fakeWechat.listen(fakeWechatPort, '127.0.0.1', resolve));

function wechatNotification(rechargeNo, amount, key) {
  const transaction = JSON.stringify({
    appid: WECHAT.appId,
    mchid: WECHAT.mchId,
    out_trade_no: rechargeNo,
    transaction_id: '4200000000202611260000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2026-11-26T18:00:04+08:00',
    amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const sealed = Buffer.concat([cipher.update(transaction, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: 'EV-bench',
    create_time: '2026-11-26T18:00:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  return { body, headers: { 'content-type': 'application/json', ...wechatHeaders(body, key) } };
}

function alipayNotification(rechargeNo, amountText) {
  const params = {
    notify_time: '2026-11-26 18:00:05',
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(8).toString('hex'),
    app_id: ALIPAY_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026112622001404330500000001',
    out_trade_no: rechargeNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: amountText,
    gmt_payment: '2026-11-26 18:00:04',
  };
  const content = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const body = new URLSearchParams({
    ...params,
    sign_type: 'RSA2',
    sign: sign(alipay.privateKey, content),
  }).toString();
  return { body, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
}

function post(agent, port, urlPath, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: 'POST', path: urlPath, headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Deliveries per second over SECONDS with CONNECTIONS loops, after a one-second warm-up; checks every answer. */
async function measure(port, urlPath, message, expected) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let counting = false;
  let stop = false;
  let done = 0;
  const deliver = async () => {
    const answer = await post(agent, port, urlPath, message.headers, message.body);
    if (answer.status !== expected.status || (expected.body !== undefined && answer.body !== expected.body))
      throw new Error(`${urlPath} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  };
  await deliver();
  const loop = async () => {
    while (!stop) {
      await deliver();
      if (counting) done++;
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await sleep(1000);
  counting = true;
  const started = performance.now();
  await sleep(SECONDS * 1000);
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  return done / elapsed;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const portal = await startServerProcess(SERVER_ENTRY, {
  DATA_DIR: dataDir,
  SEED_DEMO_ORDERS: 'false',
  PAYMENT_ALIPAY_PROVIDER: 'alipay',
  ALIPAY_APP_ID,
  ALIPAY_PRIVATE_KEY: pem(alipayApp.privateKey, 'pkcs8'),
  ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
  PAYMENT_WECHAT_PROVIDER: 'wechat',
  WECHAT_PAY_APP_ID: WECHAT.appId,
  WECHAT_PAY_MCH_ID: WECHAT.mchId,
  WECHAT_PAY_API_V3_KEY: apiV3Key,
  WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
  WECHAT_PAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
  WECHAT_PAY_PLATFORM_KEY_ID: WECHAT.keyId,
  WECHAT_PAY_BASE_URL: `http://127.0.0.1:${fakeWechatPort}`,
});
const baseline = await startServerProcess(BASELINE, {});
try {
  const base = `http://127.0.0.1:${portal.port}`;
  const token = await signInDemo(base);
  const agent = new http.Agent({ keepAlive: true });
  /** A recharge of the demo customer, its payment started (WeChat Pay through the local fake, over HTTP). */
  const startedRecharge = async (channel, amount) => {
    const created = await requestJson(agent, portal.port, 'POST', '/api/OrderMall/CreateOrder', token, {
      amount,
      channel,
    });
    if (created.code !== 200) throw new Error(`CreateOrder: ${created.message}`);
    const { recharge, payToken } = created.data;
    const startPath = channel === 'wechat' ? '/api/Pay/CreateWeChatOrder' : '/api/Pay/CreateAlipayOrder';
    const started = await requestJson(agent, portal.port, 'POST', startPath, undefined, {
      rechargeNo: recharge.rechargeNo,
      payToken,
    });
    if (started.code !== 200) throw new Error(`${startPath}: ${started.message}`);
    return recharge.rechargeNo;
  };
  const wechatNo = await startedRecharge('wechat', 10_000);
  const alipayNo = await startedRecharge('alipay', 10_000);
  agent.destroy();

  const series = { bare: [], wechat: [], alipay: [], forged: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Signed anew each round: WeChat Pay's timestamps are good for 5 minutes.
    const wechatPaid = wechatNotification(wechatNo, 10_000);
    const wechatForged = wechatNotification(wechatNo, 10_000, stranger.privateKey);
    const same = {
      body: JSON.stringify({ parcels: [], ...JSON.parse(wechatPaid.body) }),
      headers: { 'content-type': 'application/json' },
    };
    series.bare.push(await measure(baseline.port, '/echo', same, { status: 200, body: '{"parcels":0}' }));
    series.wechat.push(
      await measure(portal.port, '/pay/notify/wechat', wechatPaid, { status: 204, body: '' }),
    );
    series.alipay.push(
      await measure(portal.port, '/pay/notify/alipay', alipayNotification(alipayNo, '100.00'), {
        status: 200,
        body: 'success',
      }),
    );
    series.forged.push(await measure(portal.port, '/pay/notify/wechat', wechatForged, { status: 500 }));
  }
  const bare = median(series.bare);
  const row = (what, values) => [
    what,
    `${Math.round(median(values)).toLocaleString('en-US')} /s`,
    `${(median(values) / bare).toFixed(3)}×`,
  ];
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} interleaved rounds\n`,
  );
  printTable([
    ['what', 'throughput', 'vs bare Fastify'],
    row('WeChat Pay notification, genuine (verify, decrypt, duplicate, logged)', series.wechat),
    row('Alipay notification, genuine (verify, duplicate, logged)', series.alipay),
    row('WeChat Pay notification, forged (refused, logged)', series.forged),
    row('baseline: bare Fastify POST parsing a body of the same size', series.bare),
  ]);
} finally {
  await portal.stop();
  await baseline.stop();
  fakeWechat.close();
  rmSync(dataDir, { recursive: true, force: true });
}
