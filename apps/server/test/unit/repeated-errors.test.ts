import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RepeatedErrorLog } from '../../src/lib/repeated-errors.ts';

/** A logger that keeps what it was asked to write. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      lines.push({ level, fields, message });
    };
  return { lines, log: { error: at('error'), info: at('info') } as unknown as FastifyBaseLogger };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('RepeatedErrorLog', () => {
  it('logs an identical error once, then once a minute with how many were left out', () => {
    const { lines, log } = recordingLog();
    let now = 0;
    const errors = new RepeatedErrorLog(log, { now: () => now });
    // A loop polling every second through a 150 s outage.
    for (; now < 150_000; now += 1000) errors.error(refused(), 'task runner poll failed');

    expect(lines.map((line) => [line.fields.repeated, line.message])).toEqual([
      [undefined, 'task runner poll failed'],
      [59, 'task runner poll failed'],
      [59, 'task runner poll failed'],
    ]);
    // Each line still carries the error itself (pino prints its stack).
    expect((lines[0]!.fields.err as Error).message).toContain('ECONNREFUSED');
  });

  it('logs a different error at once, and says when the loop works again', () => {
    const { lines, log } = recordingLog();
    let now = 0;
    const errors = new RepeatedErrorLog(log, { now: () => now });
    errors.error(refused(), 'task runner poll failed');
    now += 1000;
    errors.error(refused(), 'task runner poll failed');
    now += 1000;
    errors.error(new Error('relation "tasks" does not exist'), 'task runner poll failed');
    now += 1000;
    errors.error(refused(), 'scheduler tick failed');
    now += 1000;
    errors.recovered('task runner poll works again');
    errors.recovered('task runner poll works again');
    // After recovery the next failure is news again.
    errors.error(refused(), 'task runner poll failed');

    expect(lines.map((line) => [line.level, line.message, line.fields.repeated])).toEqual([
      ['error', 'task runner poll failed', undefined],
      ['error', 'task runner poll failed', undefined],
      ['error', 'scheduler tick failed', undefined],
      ['info', 'task runner poll works again', 1],
      ['error', 'task runner poll failed', undefined],
    ]);
  });
});
