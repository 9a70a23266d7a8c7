import { rmSync } from 'node:fs';
import net from 'node:net';
import { ApiPath } from '@portal/contracts/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';
import {
  buildServer,
  createPostgresDatabase,
  spawnServer,
  tempDataDir,
  waitUntilAlive,
} from '../support/built-server.ts';
import { ENGINE } from '../support/test-app.ts';

// SIGTERM on the built server while it is busy rendering label PDFs and twenty requests sit written but
// unread on kept-alive connections (and four more on connections not yet accepted): every request a client
// wrote gets an HTTP answer — its own, or the 503 envelope — none is reset, and the process exits 0.
// Nothing here waits on the clock: the test waits for answers, readiness and the exit.

const SHUTTING_DOWN_ZH = '服务正在重启，请稍后重试';

beforeAll(() => buildServer(), 120_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One kept-alive HTTP/1.1 connection, byte by byte, so the test knows exactly what was written when. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.takeAnswer();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed before an answer')));
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes one request at once; resolves with its answer, rejects if the connection fails first. */
  send(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ): Promise<RawAnswer> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const head = [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: keep-alive',
      ...(payload ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`] : []),
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const answer = new Promise<RawAnswer>((resolve, reject) => (this.waiting = { resolve, reject }));
    this.socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
    return answer;
  }

  close(): void {
    this.socket.destroy();
  }

  private takeAnswer(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length)) return this.fail(new Error(`no Content-Length: ${statusLine}`));
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length);
    this.buffer = this.buffer.subarray(end + 4 + length);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ status: Number(statusLine!.split(' ')[1]), headers, body });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

describe(`SIGTERM with requests written but unread on a busy server (${ENGINE})`, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createPostgresDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers every written request (200 or the 503 envelope), resets none and exits 0', async () => {
    const dataDir = tempDataDir();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const connections: RawConnection[] = [];
    try {
      await waitUntilAlive(server);
      const first = await RawConnection.open(server.port);
      connections.push(first);
      const login = await first.send(
        'POST',
        ApiPath.CustomerLogin,
        {},
        {
          userName: DEMO_MAIN_USER.loginName,
          password: DEMO_MAIN_USER.password,
        },
      );
      const token = (JSON.parse(login.body.toString()) as { data: { jwtToken: string } }).data.jwtToken;
      const auth = { Authorization: `Bearer ${token}` };
      const orders = await first.send('POST', ApiPath.QueryOrders, auth, { pageIndex: 1, pageSize: 100 });
      const printable = (
        JSON.parse(orders.body.toString()) as {
          data: { list: { id: string; status: string; waybillNo: string | null }[] };
        }
      ).data.list
        .filter((order) => order.waybillNo && order.status !== 'cancelled')
        .map((order) => order.id);
      expect(printable.length).toBeGreaterThan(10);

      // Twenty connections opened, used once and left idle (kept alive), as a load balancer's pool is.
      const idle = await Promise.all(Array.from({ length: 20 }, () => RawConnection.open(server.port)));
      connections.push(...idle);
      for (const answer of await Promise.all(idle.map((c) => c.send('GET', '/healthz')))) {
        expect(answer.status).toBe(200);
      }
      const printers = await Promise.all(Array.from({ length: 4 }, () => RawConnection.open(server.port)));
      connections.push(...printers);

      // Label PDFs of every printable order keep the event loop busy; once the first is answered the
      // others are being rendered. Then the server gets no CPU at all (SIGSTOP, as on a machine at load
      // 10) while a request is written on each idle connection and on four connections opened meanwhile
      // (they wait in the listen backlog), and SIGTERM arrives before it runs again: everything a client
      // wrote is waiting, unread, when the server handles the signal.
      const label = { ids: printable, size: '100x150' };
      const prints = printers.map((c) => c.send('POST', ApiPath.PrintLabel, auth, label));
      await Promise.race(prints);
      server.child.kill('SIGSTOP');
      const list = (c: RawConnection) =>
        c.send('POST', ApiPath.QueryOrders, auth, { pageIndex: 1, pageSize: 20 });
      const lists = idle.map(list);
      const late = await Promise.all(Array.from({ length: 4 }, () => RawConnection.open(server.port)));
      connections.push(...late);
      lists.push(...late.map(list));
      server.child.kill('SIGTERM');
      server.child.kill('SIGCONT');

      const outcomes = await Promise.allSettled([...prints, ...lists]);
      const exitCode = await server.exited;

      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      expect(failures, server.output()).toEqual([]);
      const answers = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      answers.forEach((answer, index) => {
        if (answer.status === 200) {
          if (index < prints.length) expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
          else expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 200, success: true });
          return;
        }
        expect(answer.status).toBe(503);
        expect(JSON.parse(answer.body.toString())).toEqual({
          code: 503,
          success: false,
          message: SHUTTING_DOWN_ZH,
          data: null,
        });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.headers.connection).toBe('close');
      });
      expect(exitCode, server.output()).toBe(0);
    } finally {
      for (const connection of connections) connection.close();
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
