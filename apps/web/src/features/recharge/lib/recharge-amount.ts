import {
  MAX_RECHARGE_MINOR,
  MIN_RECHARGE_MINOR,
  TRANSFER_VOUCHER_MAX_BYTES,
  TRANSFER_VOUCHER_TYPES,
} from '@portal/contracts/recharge';
import { majorTextToMinor } from '../../../lib/money';

/** What is wrong with a typed top-up amount: not an amount of the currency, or outside the allowed range. */
export type AmountProblem = 'required' | 'notAmount' | 'range';

/**
 * A typed top-up amount ("100", "1,000.50") → integer minor units of the currency, converted on the text
 * (never through a float), or why it cannot be taken.
 */
export function rechargeAmountOf(
  text: string | null | undefined,
  currencyCode: string,
): { minor: number } | { problem: AmountProblem } {
  if (!text || text.trim() === '') return { problem: 'required' };
  const minor = majorTextToMinor(text, currencyCode);
  if (minor === null) return { problem: 'notAmount' };
  if (minor < MIN_RECHARGE_MINOR || minor > MAX_RECHARGE_MINOR) return { problem: 'range' };
  return { minor };
}

/** Extensions the voucher picker offers beside the MIME types (a browser may give a file no type). */
const VOUCHER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.pdf'] as const;
export const VOUCHER_ACCEPT = [...TRANSFER_VOUCHER_TYPES, ...VOUCHER_EXTENSIONS].join(',');

export type VoucherProblem = 'type' | 'size' | 'empty';

/**
 * Why a picked voucher cannot be sent, or null. The browser's type (or the extension when it gives none)
 * is only a first check for a clear message at once; the server checks the file's bytes.
 */
export function voucherProblem(file: { name: string; type: string; size: number }): VoucherProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > TRANSFER_VOUCHER_MAX_BYTES) return 'size';
  if (file.type) return (TRANSFER_VOUCHER_TYPES as readonly string[]).includes(file.type) ? null : 'type';
  const name = file.name.toLowerCase();
  return VOUCHER_EXTENSIONS.some((ext) => name.endsWith(ext)) ? null : 'type';
}
