// Request throughput of the built server under 20 kept-alive connections, against a bare Fastify route
// measured in the same run: a signed-in address list page (GET /api/CustomerAddress/Query, 20 rows, the
// call the address book page makes) and the cached province list (GET /api/Common/GetAllCnProvices).
// The load generator is this process (node:http keep-alive agent, 20 connections, 20 requests in flight),
// the same for every target. Needs `npm run build -w apps/server` first (SQLite, fresh data directory).
//
//   node bench/throughput.mjs [seconds per measurement, default 5] [--compare <another build's server.js>]
//
// --compare also measures another build of the server (say, an older commit's `apps/server/dist`
// copied inside the repository so it finds node_modules) in the same interleaved rounds, so a change's
// before and after are compared under the same machine load.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, REPO_ROOT, sleep, waitUntil } from '../scripts/lib/process-helpers.mjs';
import { median, printTable, PROBE_PATH } from './lib.mjs';

const CONNECTIONS = 20;
const compareAt = process.argv.indexOf('--compare');
const COMPARE = compareAt > 0 ? path.resolve(process.argv[compareAt + 1] ?? '') : undefined;
const positional = process.argv
  .slice(2)
  .filter((_, i, all) => all[i - 1] !== '--compare' && all[i] !== '--compare');
const SECONDS = Number(positional[0] ?? 5);
const ROUNDS = 3;
const SERVER = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-hello.mjs');

if (!existsSync(SERVER)) {
  console.error(
    `${path.relative(REPO_ROOT, SERVER)} is missing: run \`npm run build -w apps/server\` first.`,
  );
  process.exit(1);
}

async function start(script, env) {
  const port = await freePort();
  const childEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [script], { env: childEnv, stdio: 'ignore' });
  let dead = false;
  child.once('exit', () => (dead = true));
  await waitUntil(() => fetch(`http://127.0.0.1:${port}${PROBE_PATH}`).then((r) => r.ok), {
    timeoutMs: 120_000,
    what: path.basename(script),
    isDead: () => dead,
  });
  return {
    port,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (dead) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function send(agent, port, method, urlPath, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method,
        path: urlPath,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
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

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used (user + system), from /proc; undefined where there is no /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * Requests per second over SECONDS with CONNECTIONS loops, after a one-second warm-up, and the server's
 * own CPU time per request over the same window; checks every answer. The CPU time suffers far less
 * than the rate when other work shares the cores.
 */
async function measure({ port, pid }, urlPath, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let counting = false;
  let stop = false;
  let done = 0;
  const loop = async () => {
    while (!stop) {
      const answer = await send(agent, port, 'GET', urlPath, headers);
      if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}: ${answer.body}`);
      if (counting) done++;
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await sleep(1000);
  counting = true;
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  await sleep(SECONDS * 1000);
  counting = false;
  const cpuAfter = cpuSeconds(pid);
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  const cpuMicros = cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter - cpuBefore) * 1e6;
  return { rate: done / elapsed, cpuPerRequest: cpuMicros / done };
}

/** Signs the demo user in and fills the first page of its address book: 20 addresses. */
async function prepare(port) {
  const agent = new http.Agent({ keepAlive: true });
  const login = await send(
    agent,
    port,
    'POST',
    '/api/Login/CustomerLogin',
    {},
    {
      userName: 'demo',
      password: 'Demo@123456',
    },
  );
  const token = JSON.parse(login.body).data.jwtToken;
  const auth = { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' };
  for (let i = 0; i < 20; i++) {
    const answer = await send(agent, port, 'POST', '/api/CustomerAddress/Insert', auth, {
      addressType: i % 2 ? 'sender' : 'receiver',
      name: `收件人${i}`,
      company: '深圳市演示科技有限公司',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      postalCode: '518000',
      addressLine1: `科技园南区 ${i + 1} 栋 101`,
    });
    if (JSON.parse(answer.body).code !== 200) throw new Error(`address insert failed: ${answer.body}`);
  }
  agent.destroy();
  return auth;
}

const dataDirs = [];
const startPortal = (script) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  dataDirs.push(dataDir);
  return start(script, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
};
const portal = await startPortal(SERVER);
const compared = COMPARE ? await startPortal(COMPARE) : undefined;
const baseline = await start(BASELINE, {});
try {
  const auth = await prepare(portal.port);
  const comparedAuth = compared ? await prepare(compared.port) : undefined;
  const listPath = '/api/CustomerAddress/Query?pageIndex=1&pageSize=20';
  const provincesPath = '/api/Common/GetAllCnProvices';
  const series = { bare: [], list: [], provinces: [], comparedList: [], comparedProvinces: [] };
  // Interleaved rounds, so drift in machine load touches every series alike.
  for (let round = 0; round < ROUNDS; round++) {
    series.bare.push(await measure(baseline, PROBE_PATH, {}));
    series.list.push(await measure(portal, listPath, auth));
    series.provinces.push(await measure(portal, provincesPath, auth));
    if (compared) {
      series.comparedList.push(await measure(compared, listPath, comparedAuth));
      series.comparedProvinces.push(await measure(compared, provincesPath, comparedAuth));
    }
  }
  const rate = (values) => median(values.map((value) => value.rate));
  const cpu = (values) => median(values.map((value) => value.cpuPerRequest));
  const bare = rate(series.bare);
  const bareCpu = cpu(series.bare);
  const row = (what, values) => [
    what,
    `${Math.round(rate(values)).toLocaleString('en-US')} req/s`,
    `${(rate(values) / bare).toFixed(3)}×`,
    Number.isNaN(cpu(values)) ? '–' : `${Math.round(cpu(values))} µs`,
    Number.isNaN(cpu(values)) ? '–' : `${(bareCpu / cpu(values)).toFixed(3)}×`,
  ];
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} interleaved rounds\n`,
  );
  printTable([
    ['what', 'throughput', 'vs bare Fastify', 'server CPU per request', 'bare CPU ÷ this CPU'],
    row('signed-in address list, 20 rows (GET /api/CustomerAddress/Query)', series.list),
    row('cached province list (GET /api/Common/GetAllCnProvices)', series.provinces),
    ...(compared
      ? [
          row(`${path.relative(REPO_ROOT, COMPARE)}: address list`, series.comparedList),
          row(`${path.relative(REPO_ROOT, COMPARE)}: province list`, series.comparedProvinces),
        ]
      : []),
    row('baseline: bare Fastify route', series.bare),
  ]);
  console.log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await portal.stop();
  await compared?.stop();
  await baseline.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
