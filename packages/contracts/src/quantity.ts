import { z } from 'zod';
import type { LocalizedText } from './languages.ts';

/**
 * Quantities as the API shows them and as the database stores them (PRODUCT.md, section 2): weights are
 * kilograms with at most 3 decimals on the wire and integer grams inside; lengths are centimetres with at
 * most 1 decimal on the wire and integer millimetres inside; money is always integer minor units with its
 * ISO 4217 currency code, on the wire and inside.
 */

/** Message keys of the quantity checks, with their texts (the server registers them, the web reuses them). */
export const QUANTITY_MESSAGES = {
  'quantity.weightDecimals': {
    'zh-CN': '重量最多 3 位小数（千克）',
    'en-US': 'Weight takes at most 3 decimals (kg)',
    'zh-TW': '重量最多 3 位小數（公斤）',
  },
  'quantity.lengthDecimals': {
    'zh-CN': '尺寸最多 1 位小数（厘米）',
    'en-US': 'Dimensions take at most 1 decimal (cm)',
    'zh-TW': '尺寸最多 1 位小數（公分）',
  },
  'quantity.currencyCode': {
    'zh-CN': '币种代码不正确',
    'en-US': 'Unknown currency code',
    'zh-TW': '幣別代碼不正確',
  },
  'quantity.countryCode': {
    'zh-CN': '国家/地区代码不正确',
    'en-US': 'Unknown country or region code',
    'zh-TW': '國家/地區代碼不正確',
  },
} as const satisfies Record<string, LocalizedText>;

/** Largest weight a parcel field accepts: 7 characters (the source's weight length constant). */
export const MAX_WEIGHT_KG = 9999.999;
export const MAX_LENGTH_CM = 999.9;
/** Largest amount in minor units the API accepts anywhere (a safe integer with a wide margin). */
export const MAX_AMOUNT_MINOR = 1_000_000_000_00;

/**
 * Digits after the decimal point of the number as JavaScript writes it, exponent form included: `1e-7`
 * (what JSON.stringify writes for 0.0000001) has 7, `1.5e-7` has 8, `1e21` has none.
 */
export const decimals = (value: number) => {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const dot = mantissa.indexOf('.');
  return Math.max(0, (dot < 0 ? 0 : mantissa.length - dot - 1) - Number(exponent));
};

/** A weight in kg: positive, at most 3 decimals and 7 characters. */
export const WeightKgSchema = z
  .number()
  .positive()
  .max(MAX_WEIGHT_KG)
  .refine((value) => decimals(value) <= 3, 'quantity.weightDecimals');
/** A length in cm: positive, at most 1 decimal. */
export const LengthCmSchema = z
  .number()
  .positive()
  .max(MAX_LENGTH_CM)
  .refine((value) => decimals(value) <= 1, 'quantity.lengthDecimals');
/** An amount in minor units (fen, cent): an integer, zero or more. */
export const AmountMinorSchema = z.number().int().min(0).max(MAX_AMOUNT_MINOR);
/** An amount in minor units that may be negative (ledger rows, discounts). */
export const SignedAmountMinorSchema = z.number().int().min(-MAX_AMOUNT_MINOR).max(MAX_AMOUNT_MINOR);
/** ISO 4217, upper case. */
export const CurrencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'quantity.currencyCode');
/** ISO 3166-1 alpha-2, upper case. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'quantity.countryCode');

/** kg (wire) → g (inside), exact for at most 3 decimals. */
export const kgToGrams = (kg: number): number => Math.round(kg * 1000);
/** g → kg with 3 decimals. */
export const gramsToKg = (grams: number): number => Math.round(grams) / 1000;
/** cm (wire) → mm (inside), exact for at most 1 decimal. */
export const cmToMm = (cm: number): number => Math.round(cm * 10);
/** mm → cm with 1 decimal. */
export const mmToCm = (mm: number): number => Math.round(mm) / 10;
