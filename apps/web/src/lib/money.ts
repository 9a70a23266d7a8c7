/**
 * Money on the page. The API carries integer minor units with an ISO 4217 code; people read and type
 * major units ("12.50"). The number of minor digits is the currency's own (CNY 2, JPY 0, KWD 3), as the
 * browser's `Intl` knows it. Conversions work on the typed text, never through floating-point
 * multiplication, so "0.29" is exactly 29 fen.
 */

const digitsCache = new Map<string, number>();

/** Minor digits of a currency (2 when the browser does not know the code). */
export function currencyDigits(currencyCode: string): number {
  const cached = digitsCache.get(currencyCode);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: keep 2.
  }
  digitsCache.set(currencyCode, digits);
  return digits;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(language: string, currencyCode: string): Intl.NumberFormat {
  const key = `${language}|${currencyCode}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = currencyDigits(currencyCode);
    try {
      formatter = new Intl.NumberFormat(language, {
        style: 'currency',
        currency: currencyCode,
        // The portal's own currency reads ¥ in every language; others keep their distinct symbol (US$, €).
        currencyDisplay: currencyCode === 'CNY' ? 'narrowSymbol' : 'symbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      formatter = new Intl.NumberFormat(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Integer minor units → the amount as people read it in the interface language: ¥1,234.56, −¥5.00. */
export function formatMoney(amountMinor: number, currencyCode: string, language: string): string {
  return formatterOf(language, currencyCode).format(minorToMajor(amountMinor, currencyCode));
}

/** Integer minor units → major units as a number (for display and sums only, never stored). */
export function minorToMajor(amountMinor: number, currencyCode: string): number {
  return amountMinor / 10 ** currencyDigits(currencyCode);
}

/** Integer minor units → the text an input shows: "12.50", "1234", "-3.05". */
export function minorToMajorText(amountMinor: number, currencyCode: string): string {
  const digits = currencyDigits(currencyCode);
  const sign = amountMinor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Typed major units → integer minor units, or null when the text is not an amount of that currency:
 * digits with at most the currency's decimals, thousands separators (",") allowed, no sign. Blank → null.
 */
export function majorTextToMinor(text: string, currencyCode: string): number | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return null;
  const digits = currencyDigits(currencyCode);
  const [whole = '', fraction = ''] = cleaned.split('.');
  if (fraction.length > digits) return null;
  const minor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}
