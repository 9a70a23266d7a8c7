import { HS_CODE_PATTERN, IOSS_PATTERN } from '@portal/contracts/order';
import type { ProductInfo } from '@portal/contracts/product';
import { declaredTotalOf, type OrderFormValues } from './order-form-model';

/**
 * What the page knows about a product for the customs sanity hints (from the product list): its
 * declared-value limit (minor units of its currency), whether it carries batteries, whether it is an
 * EU IOSS line (the seller's IOSS number goes with every parcel).
 */
export type ProductCustomsFacts = Pick<
  ProductInfo,
  | 'productCode'
  | 'productName'
  | 'maxDeclaredValue'
  | 'declaredValueCurrency'
  | 'allowsBattery'
  | 'requiresIoss'
>;

/** One hint: a message key of `order.hint.*` and its values (amounts already formatted by the caller). */
export type CustomsHint =
  | { kind: 'hsCode'; item: number }
  | { kind: 'declaredOverLimit'; declared: number; limit: number; currencyCode: string; product: string }
  | { kind: 'iossRequired'; product: string }
  | { kind: 'iossShape' }
  | { kind: 'battery'; product: string };

/**
 * Customs sanity hints for the form and the chosen product: they warn before the server refuses or
 * customs hold the parcel; they never block saving (the server has the last word).
 * - every item's HS code, when given, has 6 to 10 digits (dots and spaces as people write them allowed);
 * - the declared total stays within the product's declared-value limit (same currency only);
 * - an EU IOSS line needs an IOSS number, and an IOSS number is IM + 10 digits;
 * - a battery shipment on a product that refuses batteries.
 */
export function customsHintsOf(values: OrderFormValues, product: ProductCustomsFacts | null): CustomsHint[] {
  const hints: CustomsHint[] = [];
  values.items.forEach((item, index) => {
    const code = (item.hsCode ?? '').replace(/[.\s]/g, '');
    if (code !== '' && !HS_CODE_PATTERN.test(code)) hints.push({ kind: 'hsCode', item: index + 1 });
  });
  const ioss = (values.iossNumber ?? '').trim().toUpperCase();
  if (ioss !== '' && !IOSS_PATTERN.test(ioss)) hints.push({ kind: 'iossShape' });
  if (!product) return hints;
  const declared = declaredTotalOf(values);
  if (
    product.maxDeclaredValue !== null &&
    product.declaredValueCurrency === declared.currencyCode &&
    declared.amount > product.maxDeclaredValue
  )
    hints.push({
      kind: 'declaredOverLimit',
      declared: declared.amount,
      limit: product.maxDeclaredValue,
      currencyCode: declared.currencyCode,
      product: product.productName,
    });
  if (product.requiresIoss && ioss === '') hints.push({ kind: 'iossRequired', product: product.productName });
  if (values.hasBattery && !product.allowsBattery)
    hints.push({ kind: 'battery', product: product.productName });
  return hints;
}
