import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { QuoteAnswer, QuoteRequest } from '@portal/contracts/product';
import { useQuote } from '../../src/features/order/api/query-quote';
import {
  QUOTE_DEBOUNCE_MS,
  useDebouncedQuoteRequest,
} from '../../src/features/order/lib/use-debounced-quote';
import { http } from '../../src/lib/http/client';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);

const request = (weight: number, extra: Partial<QuoteRequest> = {}): QuoteRequest => ({
  countryCode: 'US',
  postalCode: null,
  parcels: [{ weight, length: 10, width: 10, height: 10 }],
  declaredValue: 1000,
  currencyCode: 'USD',
  hasBattery: false,
  ...extra,
});
const EMPTY: QuoteAnswer = { usable: [], unusable: [] };

let latest: ReturnType<typeof useQuote> | undefined;
function Harness({ value }: { value: QuoteRequest | null }) {
  latest = useQuote(useDebouncedQuoteRequest(value));
  return null;
}

let client: QueryClient;
function mount(value: QuoteRequest | null) {
  const view = render(
    <QueryClientProvider client={client}>
      <Harness value={value} />
    </QueryClientProvider>,
  );
  return (next: QuoteRequest | null) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <Harness value={next} />
      </QueryClientProvider>,
    );
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers();
  post.mockReset();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
});

test('typing a weight key by key asks once, for the last value, after the inputs settle', async () => {
  post.mockResolvedValue(EMPTY);
  const update = mount(null);
  for (const weight of [1, 1.2, 1.25, 1.255, 1.3]) {
    update(request(weight));
    await advance(QUOTE_DEBOUNCE_MS / 4);
  }
  expect(post).not.toHaveBeenCalled();
  await advance(QUOTE_DEBOUNCE_MS);
  expect(post).toHaveBeenCalledTimes(1);
  expect(post.mock.calls[0]?.[1]).toEqual(request(1.3));
  await advance(0);
  expect(latest?.data).toEqual(EMPTY);
});

test('a request equal in content asks nothing again; nothing is asked for an incomplete form', async () => {
  post.mockResolvedValue(EMPTY);
  const update = mount(null);
  await advance(QUOTE_DEBOUNCE_MS * 2);
  expect(post).not.toHaveBeenCalled();
  update(request(2));
  await advance(QUOTE_DEBOUNCE_MS);
  expect(post).toHaveBeenCalledTimes(1);
  // A re-render with a new object of the same content (a remark typed, say).
  update(request(2));
  await advance(QUOTE_DEBOUNCE_MS * 2);
  update({ ...request(2) });
  await advance(QUOTE_DEBOUNCE_MS * 2);
  expect(post).toHaveBeenCalledTimes(1);
  update(request(2, { hasBattery: true }));
  await advance(QUOTE_DEBOUNCE_MS);
  expect(post).toHaveBeenCalledTimes(2);
});

test('a newer request aborts the one still on its way, whose late answer is never shown', async () => {
  const signals: AbortSignal[] = [];
  const answers: ((answer: QuoteAnswer) => void)[] = [];
  post.mockImplementation((_url, _body, config) => {
    signals.push(config?.signal as AbortSignal);
    return new Promise((resolve) => answers.push(resolve as (answer: QuoteAnswer) => void));
  });
  const update = mount(request(1));
  await advance(0);
  expect(post).toHaveBeenCalledTimes(1);
  update(request(5));
  await advance(QUOTE_DEBOUNCE_MS);
  expect(post).toHaveBeenCalledTimes(2);
  expect(signals[0]?.aborted).toBe(true);
  expect(signals[1]?.aborted).toBe(false);
  const newest: QuoteAnswer = {
    usable: [],
    unusable: [{ productCode: 'P', productName: 'P', reasons: ['too heavy'] }],
  };
  await act(async () => {
    answers[1]?.(newest);
    answers[0]?.(EMPTY);
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(latest?.data).toEqual(newest);
});
