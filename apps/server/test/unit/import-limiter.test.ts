import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { ImportLimiter } from '../../src/lib/import-limiter.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.messageKey}` : String(error);
  }
  return 'accepted';
};

describe('import limiter', () => {
  it('lets one import per customer run and refuses the second until the first ends', () => {
    const limiter = new ImportLimiter({ maxConcurrent: 10, maxPerCustomer: 1 });
    const release = limiter.acquire('a');
    expect(refusal(() => limiter.acquire('a'))).toBe('429 import.busy');
    expect(refusal(() => limiter.acquire('b')())).toBe('accepted');
    release();
    release(); // a second call gives back nothing more
    expect(limiter.active).toBe(0);
    expect(refusal(() => limiter.acquire('a'))).toBe('accepted');
  });

  it('refuses beyond the server-wide limit whoever asks', () => {
    const limiter = new ImportLimiter({ maxConcurrent: 2, maxPerCustomer: 1 });
    const first = limiter.acquire('a');
    limiter.acquire('b');
    expect(refusal(() => limiter.acquire('c'))).toBe('429 import.serverBusy');
    first();
    expect(refusal(() => limiter.acquire('c'))).toBe('accepted');
    expect(limiter.active).toBe(2);
  });
});
