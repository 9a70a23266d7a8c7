import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { LedgerSummary } from '@portal/contracts/consumption-flow';
import { ApiPath } from '@portal/contracts/api-paths';
import { INVOICE_TITLE_MESSAGES } from '@portal/contracts/invoice-title';
import { LedgerSummaryCards } from '../../src/features/finance/components/ledger-summary-cards';
import { InvoiceTitleForm } from '../../src/features/user-center/components/invoice-title-form';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  get.mockReset();
  post.mockReset();
});
afterEach(() => cleanup());

const withQueries = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

test('summary cards: one per currency, the identity written out, money out in red', () => {
  const summary: LedgerSummary = [
    { currencyCode: 'CNY', opening: 5000, moneyIn: 10000, moneyOut: -2550, closing: 12450, rowCount: 3 },
    { currencyCode: 'USD', opening: 0, moneyIn: 0, moneyOut: -700, closing: -700, rowCount: 1 },
  ];
  const { container } = render(
    <LedgerSummaryCards
      summary={summary}
      isPending={false}
      error={null}
      onRetry={() => {}}
      isRetrying={false}
    />,
  );
  const cards = container.querySelectorAll('[data-testid=ledger-summary-card]');
  expect([...cards].map((card) => card.getAttribute('data-currency'))).toEqual(['CNY', 'USD']);
  expect(cards[0]!.querySelector('[data-testid=ledger-summary-identity]')!.textContent).toBe(
    '¥50.00 + ¥100.00 − ¥25.50 = ¥124.50',
  );
  const out = cards[0]!.querySelector('[data-testid=ledger-summary-out]')!;
  expect(out.getAttribute('data-amount')).toBe('-2550');
  expect(out.className).toContain('danger');
  expect(cards[0]!.querySelector('[data-testid=ledger-summary-in]')!.className).not.toContain('danger');
  // A negative closing balance is red as well.
  expect(cards[1]!.querySelector('[data-testid=ledger-summary-closing]')!.className).toContain('danger');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('summary cards warn when the numbers do not add up', () => {
  render(
    <LedgerSummaryCards
      summary={[{ currencyCode: 'CNY', opening: 0, moneyIn: 100, moneyOut: 0, closing: 99, rowCount: 1 }]}
      isPending={false}
      error={null}
      onRetry={() => {}}
      isRetrying={false}
    />,
  );
  expect(screen.getByText('The summary does not match the entries; please contact support')).toBeTruthy();
});

const VALID = '91350100M000100Y43';

async function openForm() {
  get.mockResolvedValue(null);
  withQueries(<InvoiceTitleForm />);
  return {
    company: (await screen.findByTestId('invoice-title-companyName')) as HTMLInputElement,
    taxNo: screen.getByTestId('invoice-title-taxNo') as HTMLInputElement,
  };
}

test('invoice title: a wrong check character is refused on blur with the server words, nothing sent', async () => {
  const { company, taxNo } = await openForm();
  expect(get).toHaveBeenCalledWith(ApiPath.GetInvoiceTitle, expect.anything());
  fireEvent.change(company, { target: { value: 'ACME Logistics' } });
  fireEvent.change(taxNo, { target: { value: '91350100M000100Y44' } });
  fireEvent.blur(taxNo);
  expect(await screen.findByText(INVOICE_TITLE_MESSAGES['invoiceTitle.taxNoInvalid']['en-US'])).toBeTruthy();
  fireEvent.click(screen.getByTestId('invoice-title-save'));
  await waitFor(() => expect(screen.getAllByText(/not valid/).length).toBeGreaterThan(0));
  expect(post).not.toHaveBeenCalled();
});

test('invoice title: a right code is saved with blanks as null; a server field error lands on its field', async () => {
  const { company, taxNo } = await openForm();
  fireEvent.change(company, { target: { value: 'ACME Logistics' } });
  fireEvent.change(taxNo, { target: { value: VALID } });
  post.mockRejectedValueOnce(
    new ApiError(
      'Validation failed',
      400,
      { errors: [{ field: 'companyName', message: 'Taken by the server' }] },
      false,
    ),
  );
  fireEvent.click(screen.getByTestId('invoice-title-save'));
  expect(await screen.findByText('Taken by the server')).toBeTruthy();
  expect(post).toHaveBeenCalledWith(
    ApiPath.SaveInvoiceTitle,
    {
      companyName: 'ACME Logistics',
      taxNo: VALID,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email: null,
    },
    { silent: true },
  );

  post.mockResolvedValueOnce({
    companyName: 'ACME Logistics',
    taxNo: VALID,
    address: null,
    phone: null,
    bankName: null,
    bankAccount: null,
    email: null,
    updatedAt: '2026-11-26T03:00:00.000Z',
  });
  fireEvent.change(company, { target: { value: 'ACME Logistics' } });
  fireEvent.click(screen.getByTestId('invoice-title-save'));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  expect(await screen.findByText(/^Last saved/)).toBeTruthy();
});
