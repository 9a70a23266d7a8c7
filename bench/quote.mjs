// Quote calls per second (POST /api/ProductInfo/QueryQuote, the create-order page's live quote) on the built
// server, against a bare Fastify route that parses the same JSON body (bench/fixtures/fastify-echo.mjs),
// measured in the same run under 20 kept-alive connections from this process, 20 requests in flight.
// SQLite, fresh data directory with the demo catalog; builds the server first when its bundle lacks the quote.
//
//   node bench/quote.mjs [seconds per measurement, default 5]
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import {
  DEMO,
  ensureServerBuilt,
  median,
  printTable,
  SAMPLE_QUOTE,
  SERVER_ENTRY,
  startServerProcess,
} from './lib.mjs';

const CONNECTIONS = 20;
const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = 3;
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-echo.mjs');
const QUOTE_PATH = '/api/ProductInfo/QueryQuote';

ensureServerBuilt('ProductInfo/QueryQuote');

function post(agent, port, urlPath, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': 'application/json', ...headers },
      },
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

/** Calls per second over SECONDS with CONNECTIONS loops, after a one-second warm-up; checks every answer. */
async function measure(port, urlPath, headers, body, check) {
  const payload = JSON.stringify(body);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let counting = false;
  let stop = false;
  let done = 0;
  const loop = async () => {
    while (!stop) {
      const answer = await post(agent, port, urlPath, headers, payload);
      if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}: ${answer.body}`);
      if (counting) done++;
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  // The first answer is checked in full: a bench of refusals would measure nothing.
  check(JSON.parse((await post(agent, port, urlPath, headers, payload)).body));
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

/** One parcel to New York: what the create-order page asks while the user types. */
const ONE_PARCEL = SAMPLE_QUOTE;
/** Five parcels to Anchorage with insurance and signature: every surcharge rule runs. */
const FIVE_PARCELS = {
  ...ONE_PARCEL,
  postalCode: '99501',
  parcels: Array.from({ length: 5 }, (_, i) => ({ weight: 3 + i, length: 40, width: 30, height: 25 + i })),
  declaredValue: 50_000,
  extraServiceCodes: ['INSURANCE', 'SIGNATURE'],
};

const quoteCheck = (usableCount) => (answer) => {
  if (answer.code !== 200 || answer.data.usable.length !== usableCount) {
    throw new Error(`unexpected quote: ${JSON.stringify(answer).slice(0, 300)}`);
  }
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const portal = await startServerProcess(SERVER_ENTRY, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
const baseline = await startServerProcess(BASELINE, {});
try {
  const login = await fetch(`http://127.0.0.1:${portal.port}/api/Login/CustomerLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.data.jwtToken}`, 'accept-language': 'zh-CN' };
  const series = { bare: [], one: [], five: [] };
  // Interleaved rounds, so drift in machine load touches every series alike.
  for (let round = 0; round < ROUNDS; round++) {
    series.bare.push(
      await measure(baseline.port, '/echo', {}, ONE_PARCEL, (a) => {
        if (a.parcels !== 1) throw new Error('echo');
      }),
    );
    series.one.push(await measure(portal.port, QUOTE_PATH, auth, ONE_PARCEL, quoteCheck(3)));
    series.five.push(await measure(portal.port, QUOTE_PATH, auth, FIVE_PARCELS, quoteCheck(1)));
  }
  const bare = median(series.bare);
  const row = (what, values) => [
    what,
    `${Math.round(median(values)).toLocaleString('en-US')} calls/s`,
    `${(median(values) / bare).toFixed(3)}×`,
  ];
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} interleaved rounds\n`,
  );
  printTable([
    ['what', 'throughput', 'vs bare Fastify'],
    row('quote, 1 parcel to the US (6 products priced)', series.one),
    row('quote, 5 parcels to Alaska, insurance + signature', series.five),
    row('baseline: bare Fastify POST parsing the same body', series.bare),
  ]);
} finally {
  await portal.stop();
  await baseline.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
