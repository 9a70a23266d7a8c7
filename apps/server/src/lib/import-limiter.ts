import { ApiCode } from '@portal/contracts/envelope';
import { AppError } from './errors.ts';
import { defineMessages } from './messages.ts';

defineMessages({
  'import.busy': {
    'zh-CN': '您有一个导入正在进行，请等它完成后再试',
    'en-US': 'One of your imports is still running; please try again when it has finished',
    'zh-TW': '您有一個匯入正在進行，請等它完成後再試',
  },
  'import.serverBusy': {
    'zh-CN': '系统繁忙，请稍后再试',
    'en-US': 'The server is busy; please try again in a moment',
    'zh-TW': '系統繁忙，請稍後再試',
  },
});

export interface ImportLimits {
  /** Imports running at once across the whole server (this instance). */
  maxConcurrent: number;
  /** Imports one customer may run at once. */
  maxPerCustomer: number;
}

/** The message keys of the two refusals (code 429): the customer's own limit, the server's. */
export interface LimiterRefusals {
  busy: string;
  serverBusy: string;
}

/**
 * Bounds work that holds a file in memory, per customer and server-wide: the caller over a limit is
 * refused at once (code 429, "busy, try again in a moment") rather than queued, so no request waits on a
 * slow stranger. Work takes a slot with `acquire` and gives it back with the answered release function,
 * in a `finally`. Spreadsheet imports (`ImportLimiter`) and picture uploads (`plugins/images.ts`) each
 * have one per server.
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly perCustomer = new Map<string, number>();

  constructor(
    private readonly limits: ImportLimits,
    private readonly refusals: LimiterRefusals,
  ) {}

  /** Takes a slot for the customer or throws the localized busy error; returns the release function. */
  acquire(customerId: string): () => void {
    const mine = this.perCustomer.get(customerId) ?? 0;
    if (mine >= this.limits.maxPerCustomer) throw new AppError(ApiCode.TooManyRequests, this.refusals.busy);
    if (this.running >= this.limits.maxConcurrent)
      throw new AppError(ApiCode.TooManyRequests, this.refusals.serverBusy);
    this.running++;
    this.perCustomer.set(customerId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.perCustomer.get(customerId) ?? 1) - 1;
      if (left > 0) this.perCustomer.set(customerId, left);
      else this.perCustomer.delete(customerId);
    };
  }

  get active(): number {
    return this.running;
  }
}

/**
 * Bounds the file imports running at once, per customer and server-wide. Imports parse whole
 * spreadsheets, so a burst of them would otherwise hold many files in memory together. Any import
 * (addresses, batch orders) takes a slot with `acquire`.
 */
export class ImportLimiter extends ConcurrencyLimiter {
  constructor(limits: ImportLimits) {
    super(limits, { busy: 'import.busy', serverBusy: 'import.serverBusy' });
  }
}
