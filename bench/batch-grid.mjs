// The batch-create grid at 10,000 rows (issue 12: "the grid must stay smooth at 10,000 rows"): the built
// server (fresh SQLite data directory, demo data) and headless system Chromium. The demo user uploads a
// 10,000-row template sheet through the page (bench/order-sheet.mjs), then the grid is scrolled from the
// first row to the last with the mouse wheel (steps of 800 px every 50 ms, as a hand on a wheel) while the
// page records every animation frame and every long task. The baseline is the same page, same grid, the
// same recording for the same time with nothing scrolled, measured in the same run: the frames the browser
// draws anyway. It prints frame time p50 / p95 / max, frames over 50 ms, long tasks, whether the last row
// was reached, and how long the last row's page took to show after the scroll ended.
// Needs `npm run build` first.
//
//   node bench/batch-grid.mjs [rows, default 10000]      GRID_PROFILE=<file> keeps the scroll's CPU profile
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import { DEMO, printTable, SERVER_ENTRY, signInDemo, startServerProcess } from './lib.mjs';
import { writeSheet } from './order-sheet.mjs';

const ROWS = Number(process.argv[2] ?? 10_000);
const CHROMIUM = '/usr/bin/chromium';
const PRODUCT = 'US-DDP-EXP';
const STEP_PX = 800;
const STEP_MS = 50;

if (!existsSync(SERVER_ENTRY)) {
  console.error(`${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

/** Installed in the page: frame intervals from requestAnimationFrame and long tasks, until `stop()`. */
function startRecording() {
  const { requestAnimationFrame, PerformanceObserver, performance } = globalThis;
  const record = { frames: [], longTasks: 0, running: true };
  let last = performance.now();
  const tick = (now) => {
    record.frames.push(now - last);
    last = now;
    if (record.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const observer = new PerformanceObserver((list) => (record.longTasks += list.getEntries().length));
  observer.observe({ type: 'longtask' });
  globalThis.__gridRecord = record;
  globalThis.__stopGridRecord = () => {
    record.running = false;
    observer.disconnect();
    return { frames: record.frames, longTasks: record.longTasks };
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summarise = ({ frames, longTasks }) => ({
  frames: frames.length,
  p50: percentile(frames, 50),
  p95: percentile(frames, 95),
  max: Math.max(...frames),
  over50: frames.filter((ms) => ms > 50).length,
  longTasks,
});

const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-grid-'));
const sheet = path.join(workDir, 'orders.xlsx');
const orders = await writeSheet(sheet, ROWS);
console.log(`Wrote ${ROWS} rows (${orders} orders)`);
const server = await startServerProcess(SERVER_ENTRY, { DATA_DIR: workDir }, { timeoutMs: 180_000 });
const baseUrl = `http://127.0.0.1:${server.port}`;
// The demo book has no sender yet: the batch's sender, as a user adds it before the first batch.
const token = await signInDemo(baseUrl);
const sender = await fetch(`${baseUrl}/api/CustomerAddress/Insert`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({
    addressType: 'sender',
    name: '义乌批量仓',
    phone: '13800138000',
    countryCode: 'CN',
    province: '浙江省',
    city: '金华市',
    district: '义乌市',
    postalCode: '322000',
    addressLine1: '福田街道 1 号',
    isDefault: true,
  }),
}).then((answer) => answer.json());
if (sender.code !== 200) throw new Error(`sender insert failed: ${sender.message}`);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await page.goto('/login');
  await page.locator('#login_userName').fill(DEMO.userName);
  await page.locator('#login_password').fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/user/orders/batchCreate');
  await page.locator('[data-testid=batch-create-page]').waitFor();
  await page.locator('#order-import-product').click();
  await page.locator('#order-import-product').fill(PRODUCT);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${PRODUCT}"]`).click();
  // The default sender is chosen by itself once the address book has answered.
  await page.locator('[data-testid=order-import-sender]').getByText('义乌批量仓').waitFor();
  const uploaded = performance.now();
  await page.locator('[data-testid=batch-create-page] input[type=file]').setInputFiles(sheet);
  await page.locator('[data-testid=batch-create-page][data-status=ready]').waitFor({ timeout: 600_000 });
  const previewMs = performance.now() - uploaded;
  // The grid's scrolling box (an antd virtual table's holder before the grid had its own virtualisers).
  const holder = page.locator(
    '[data-testid=order-import-table].order-import-grid-scroller, [data-testid=order-import-table] .ant-table-tbody-virtual-holder',
  );
  await holder.waitFor();
  await page.locator('[data-testid=order-import-table] [data-row-key]').first().waitFor();
  const box = (await holder.boundingBox()) ?? { x: 700, y: 600, width: 10, height: 10 };
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 120));
  const scrollHeight = await holder.evaluate((element) => element.scrollHeight);
  const steps = Math.ceil(scrollHeight / STEP_PX) + 2;

  // Baseline: the same grid, recorded for as long as the scroll will take, untouched.
  await page.evaluate(startRecording);
  await sleep(steps * STEP_MS);
  const idle = summarise(await page.evaluate(() => globalThis.__stopGridRecord()));

  // GRID_PROFILE=<file>: the browser's CPU profile of the scroll, for chrome://inspect or a script.
  const cdp = process.env.GRID_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.evaluate(startRecording);
  // Until the bottom: measured rows may be taller than the estimate the first scroll height assumed.
  for (let step = 0; step < steps * 2; step++) {
    await page.mouse.wheel(0, STEP_PX);
    await sleep(STEP_MS);
    if (step >= steps && (await holder.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1)))
      break;
  }
  const scrolled = summarise(await page.evaluate(() => globalThis.__stopGridRecord()));
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(process.env.GRID_PROFILE, JSON.stringify(profile));
  }
  const scrollEnded = performance.now();
  const lastRow = ROWS + 1;
  const lastShown = await page
    .locator(`[data-testid=order-import-table] [data-row-key="${lastRow}"]`)
    .waitFor({ timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  const lastRowMs = performance.now() - scrollEnded;
  if (!lastShown) {
    const where = await holder.evaluate((element) => ({
      scrollTop: element.scrollTop,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
      keys: [...element.querySelectorAll('[data-row-key]')].map((row) => row.getAttribute('data-row-key')),
    }));
    await page.screenshot({ path: path.join(REPO_ROOT, '.tmp', 'batch-grid-end.png') });
    console.log('the last row never showed:', JSON.stringify(where).slice(0, 600));
  }
  console.log(`\nBatch-create grid, ${ROWS.toLocaleString('en-US')} rows (${orders} orders), 1440×900`);
  console.log(`preview through the page: ${(previewMs / 1000).toFixed(1)} s; scroll: ${steps} wheel steps`);
  const ms = (value) => `${value.toFixed(1)} ms`;
  printTable([
    ['recording', 'frames', 'p50', 'p95', 'max', 'frames > 50 ms', 'long tasks'],
    ...[
      ['baseline: grid untouched', idle],
      ['scrolling first → last row', scrolled],
    ].map(([name, s]) => [
      name,
      String(s.frames),
      ms(s.p50),
      ms(s.p95),
      ms(s.max),
      String(s.over50),
      String(s.longTasks),
    ]),
  ]);
  console.log(`scrolling p95 / baseline p95: ${(scrolled.p95 / idle.p95).toFixed(2)}×`);
  console.log(`the last row (${lastRow}) shown ${Math.round(lastRowMs)} ms after the scroll ended`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
