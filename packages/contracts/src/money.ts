/**
 * Money is integer minor units with its currency (fen, cent). These helpers write an amount for people,
 * with integer arithmetic only: no float ever touches a balance.
 */

export interface CurrencyDisplay {
  /** `¥`, `$`, `HK$` … (the currencies table); the ISO code followed by a space when unknown. */
  symbol: string;
  /** Digits after the decimal point: 2 for CNY, USD, EUR; 0 for JPY. */
  minorUnits: number;
}

/** Display of a currency the portal has no row for: its code and two decimals. */
export const fallbackCurrencyDisplay = (currencyCode: string): CurrencyDisplay => ({
  symbol: `${currencyCode} `,
  minorUnits: 2,
});

/**
 * `123456` CNY → `¥1,234.56`; `-5` → `-¥0.05`; `1234` JPY (0 minor units) → `¥1,234`. Thousands are
 * grouped with commas (the grouping zh-CN, zh-TW and en-US share).
 */
export function formatMinorAmount(amount: number, currency: CurrencyDisplay): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an amount in minor units: ${amount}`);
  const digits = Math.max(0, Math.trunc(currency.minorUnits));
  const text = Math.abs(amount)
    .toString()
    .padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${amount < 0 ? '-' : ''}${currency.symbol}${whole}${fraction}`;
}
