import type { Dayjs } from 'dayjs';
import {
  MAX_NUMBER_LENGTH,
  MAX_PASTED_NUMBERS,
  splitNumbers,
  type OrderFilterInput,
} from '@portal/contracts/order-list';

/** What the filter form holds. */
export interface EndDataFilterValues {
  /** Created between these local days, both included. */
  created?: [Dayjs | null, Dayjs | null] | null;
  countryCode?: string;
  productCode?: string;
  /** Pasted numbers, any separator. */
  numbersText?: string;
}

/**
 * The form → the call's filter. Days are the user's: the start of the first day and the start of the day
 * after the last (the call's `createdTo` is exclusive), each with the browser's offset, so "today" means
 * the user's today wherever the server runs.
 */
export function toOrderFilter(values: EndDataFilterValues): OrderFilterInput {
  const [from, to] = values.created ?? [];
  const numbers = splitNumbers(values.numbersText ?? '');
  return {
    createdFrom: from ? from.startOf('day').format() : null,
    createdTo: to ? to.add(1, 'day').startOf('day').format() : null,
    countryCode: values.countryCode || null,
    productCode: values.productCode || null,
    numbers: numbers.length > 0 ? numbers : null,
  };
}

/** Why the pasted numbers cannot be searched, or null: too many, or one too long. */
export function numbersProblem(text: string): 'tooMany' | 'tooLong' | null {
  const numbers = splitNumbers(text);
  if (numbers.length > MAX_PASTED_NUMBERS) return 'tooMany';
  if (numbers.some((number) => number.length > MAX_NUMBER_LENGTH)) return 'tooLong';
  return null;
}
