import { fallbackCurrencyDisplay, formatMinorAmount } from '@portal/contracts/money';

/**
 * An amount in minor units as `npm run ops` prints it (`CNY 12.34`): the ISO code and the fallback's
 * digits, so a terminal line reads the same whatever the currencies table holds.
 */
export const terminalMoney = (amount: number, currencyCode: string): string =>
  formatMinorAmount(amount, fallbackCurrencyDisplay(currencyCode));
