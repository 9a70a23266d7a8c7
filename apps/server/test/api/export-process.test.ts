import { rmSync } from 'node:fs';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask } from '@portal/contracts/export-task';
import JSZip from 'jszip';
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

// The built server (apps/server/dist/server.js) runs an export with its own task runner: the timer polls,
// the create nudges it, the bundle loads archiver and ExcelJS, the file lands in DATA_DIR/files.

beforeAll(() => buildServer(), 120_000);

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createPostgresDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await database?.drop();
});

describe(`the built server's task runner on ${ENGINE}`, () => {
  it('runs an export to the end on its own, serves the file, and shuts down cleanly', async () => {
    const dataDir = tempDataDir();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      TASK_POLL_MS: '200',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      await waitUntilAlive(server);
      const base = `http://127.0.0.1:${server.port}`;
      const post = async <T>(path: string, body: unknown, token?: string) =>
        (await (
          await fetch(`${base}${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(body),
          })
        ).json()) as { code: number; data: T };
      const login = await post<{ jwtToken: string }>(ApiPath.CustomerLogin, {
        userName: DEMO_MAIN_USER.loginName,
        password: DEMO_MAIN_USER.password,
      });
      const token = login.data.jwtToken;
      const created = await post<ExportTask>(
        ApiPath.CreateExportTask,
        { kind: 'orders', format: 'zip' },
        token,
      );
      expect(created.code).toBe(200);
      const id = created.data.exportTaskID;
      // Waits for the runner (the test's timeout bounds it); no time is asserted.
      let task: ExportTask | undefined;
      for (;;) {
        task = (await post<{ items: ExportTask[] }>(ApiPath.QueryExportTask, { ids: [id] }, token)).data
          .items[0];
        if (task?.status === 'succeeded' || task?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(task).toMatchObject({ status: 'succeeded', progress: 100, error: null });
      const download = await fetch(`${base}${ApiPath.DownloadExportTask}?id=${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.headers.get('content-type')).toBe('application/zip');
      const archive = await JSZip.loadAsync(Buffer.from(await download.arrayBuffer()));
      const names = Object.keys(archive.files).sort();
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^订单.*导出-\d{8}-\d{4}\.csv$/);
      expect(names[1]).toMatch(/^订单.*导出-\d{8}-\d{4}\.xlsx$/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
