import { useEffect, useState } from 'react';
import type { QuoteRequest } from '@portal/contracts/product';
import { quoteKeyOf } from './order-form-model';

/** How long the inputs must stay still before the quote is asked again. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * The quote request once it has stayed the same for `delayMs`. A request equal in content to the one
 * already settled keeps the same object, so re-renders and edits of fields that do not change a price
 * (names, remarks) ask nothing; a null request (the form does not describe a shipment) settles at once.
 */
export function useDebouncedQuoteRequest(
  request: QuoteRequest | null,
  delayMs = QUOTE_DEBOUNCE_MS,
): QuoteRequest | null {
  const [settled, setSettled] = useState<QuoteRequest | null>(request);
  const key = quoteKeyOf(request);
  const settledKey = quoteKeyOf(settled);
  useEffect(() => {
    if (key === settledKey) return undefined;
    if (key === '') {
      setSettled(null);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(JSON.parse(key) as QuoteRequest), delayMs);
    return () => clearTimeout(timer);
  }, [key, settledKey, delayMs]);
  return settled;
}
