import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'dist', 'server.js');

/** Bundles the server as `npm run build -w apps/server` does (esbuild, about a second), so dist/ is current. */
export function buildServer(): void {
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`server build failed:\n${result.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-faults-'));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Starts apps/server/dist/server.js with `env` on a free port (SQLite unless env has DATABASE_URL). */
export async function spawnServer(
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, env);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, port, output: () => output, exited };
}

/** Resolves once the server has printed `text` (a start-up step line); throws if it exits first. */
export async function waitForOutput(server: ServerProcess, text: string): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (!server.output().includes(text)) {
    if (ended) throw new Error(`server exited before printing "${text}":\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls GET /healthz until it answers 200; throws with the server's output if the process ends first. */
export async function waitUntilAlive(server: ServerProcess): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`server exited during start:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh PostgreSQL database from the admin DATABASE_URL, as test-app.ts makes one per test file. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `portal_faults_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through `agent`; rejects with the socket error (ECONNRESET, ECONNREFUSED …). */
export function request(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
