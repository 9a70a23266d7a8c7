import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it, so parallel callers rarely collide). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it returns a truthy value. `isDead` lets the caller stop early when the process being
 * waited for has already exited, instead of waiting out the whole timeout.
 */
export async function waitUntil(check, { timeoutMs, intervalMs = 50, what, isDead = () => false }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => false);
    if (result) return result;
    if (isDead()) throw new Error(`${what}: the process exited before it was ready`);
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** The last lines of a log file, for error messages. */
export function readTail(file, lines = 40) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** A duration in ms as "850 ms", "12.3 s" or "2 m 05 s". */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, '0')} s`;
}
