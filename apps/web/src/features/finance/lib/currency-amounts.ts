import type { CurrencyAmount } from '@portal/contracts/bill';
import type { LedgerSummary } from '@portal/contracts/consumption-flow';
import { formatMoney } from '../../../lib/money';

/**
 * A list of (currencyCode, amount) as the bill list and detail show it: one line per currency, CNY first
 * and the others by code, so two lists of the same bill line up. An empty list shows as one zero line of
 * `fallbackCurrency` rather than nothing, so a column never looks unfilled.
 */
export function currencyAmountLines(
  amounts: readonly CurrencyAmount[],
  language: string,
  fallbackCurrency = 'CNY',
): { currencyCode: string; amount: number; text: string }[] {
  const list = amounts.length > 0 ? amounts : [{ currencyCode: fallbackCurrency, amount: 0 }];
  return [...list]
    .sort(
      (a, b) =>
        currencyRank(a.currencyCode) - currencyRank(b.currencyCode) ||
        a.currencyCode.localeCompare(b.currencyCode),
    )
    .map((entry) => ({ ...entry, text: formatMoney(entry.amount, entry.currencyCode, language) }));
}

function currencyRank(code: string): number {
  return code === 'CNY' ? 0 : 1;
}

/** A ledger amount with its sign always written: +¥100.00, -¥12.30 (a balance change reads as one). */
export function signedMoney(amount: number, currencyCode: string, language: string): string {
  const text = formatMoney(amount, currencyCode, language);
  return amount > 0 ? `+${text}` : text;
}

/**
 * The summary's identity in words a person can check: `opening + in − |out| = closing`, each written in
 * the currency. `holds` is false when the numbers do not add up (the page then shows a warning: the server
 * promises they always do).
 */
export function summaryIdentity(
  row: LedgerSummary[number],
  language: string,
): { text: string; holds: boolean } {
  const money = (amount: number) => formatMoney(amount, row.currencyCode, language);
  return {
    text: `${money(row.opening)} + ${money(row.moneyIn)} − ${money(Math.abs(row.moneyOut))} = ${money(row.closing)}`,
    holds: row.opening + row.moneyIn + row.moneyOut === row.closing,
  };
}
