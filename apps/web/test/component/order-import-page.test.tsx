import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportRow, OrderImportRows, OrderImportSummary } from '@portal/contracts/order-import';
import { useExcludeOrderImportRows } from '../../src/features/order-import/api/exclude-order-import-rows';
import { orderImportKeys } from '../../src/features/order-import/api/order-import-keys';
import { CommitPanel } from '../../src/features/order-import/components/commit-panel';
import { SheetCell } from '../../src/features/order-import/components/sheet-cell';
import { applyRowsChanged } from '../../src/features/order-import/lib/order-import-cache';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => post.mockReset());
afterEach(() => cleanup());

function row(rowNumber: number, patch: Partial<OrderImportRow> = {}): OrderImportRow {
  return {
    rowNumber,
    values: { consigneeName: 'Ann', parcelWeight: 'abc' },
    errors: [],
    state: 'valid',
    isLead: true,
    leadRowNumber: rowNumber,
    chargeableWeight: null,
    chargeAmount: null,
    chargeCurrencyCode: null,
    orderId: null,
    customerOrderNo: null,
    ...patch,
  };
}

function summary(patch: Partial<OrderImportSummary> = {}): OrderImportSummary {
  return {
    id: 'imp1',
    status: 'ready',
    fileName: 'orders.xlsx',
    productCode: 'US-DDP-EXP',
    shipperAddressId: 'a1',
    headers: [],
    mapping: {},
    mappingName: null,
    defaults: {},
    sampleRows: [],
    rowCount: 3,
    orderCount: 3,
    validOrderCount: 2,
    invalidOrderCount: 1,
    excludedOrderCount: 0,
    createdOrderCount: 0,
    errorCount: 1,
    totals: [{ currencyCode: 'CNY', amount: 9_000, available: 100_000, insufficient: false }],
    progress: 0,
    submit: null,
    commitError: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    committedAt: null,
    expiresAt: '2026-12-03T08:00:00.000Z',
    ...patch,
  };
}

describe('a grid cell', () => {
  function renderCell(isEditing: boolean) {
    const handlers = {
      onEdit: vi.fn(),
      onSave: vi.fn<(rowNumber: number, field: string, text: string) => void>(),
      onCancel: vi.fn(),
    };
    render(
      <SheetCell
        rowNumber={3}
        field="parcelWeight"
        index={1}
        colIndex={9}
        width={120}
        text="abc"
        errors={['Not a number']}
        label="Row 3, Parcel weight (kg)"
        editable
        isEditing={isEditing}
        isSaving={false}
        isActive
        {...handlers}
      />,
    );
    return handlers;
  }

  test('a cell in error is marked and reachable by keyboard: Enter starts the edit', () => {
    const handlers = renderCell(false);
    const cell = screen.getByRole('gridcell', { name: /Row 3, Parcel weight \(kg\): abc — Not a number/ });
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    // Where a screen reader is: its column (1-based) and the grid's handle for the roving focus.
    expect(cell.getAttribute('aria-colindex')).toBe('10');
    expect(cell.getAttribute('data-cell')).toBe('1:9');
    expect(cell.className).toContain('is-error');
    expect(cell.tabIndex).toBe(0);
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(handlers.onEdit).toHaveBeenCalledWith(3, 'parcelWeight');
    // The message is on the cell itself too (its title), no tooltip tree per cell.
    expect(cell.getAttribute('title')).toBe('Not a number');
  });

  test('in the editor Enter saves the typed text and Escape cancels', () => {
    const saving = renderCell(true);
    const editor = screen.getByTestId('order-import-cell-editor');
    fireEvent.change(editor, { target: { value: '1.25' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(saving.onSave).toHaveBeenCalledWith(3, 'parcelWeight', '1.25');
    cleanup();
    const cancelling = renderCell(true);
    const again = screen.getByTestId('order-import-cell-editor');
    fireEvent.change(again, { target: { value: 'typo' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    fireEvent.blur(again);
    expect(cancelling.onCancel).toHaveBeenCalledTimes(1);
    expect(cancelling.onSave).not.toHaveBeenCalled();
  });

  test('leaving the editor with a change saves it (nothing typed is lost)', () => {
    const handlers = renderCell(true);
    const editor = screen.getByTestId('order-import-cell-editor');
    fireEvent.change(editor, { target: { value: '2' } });
    fireEvent.blur(editor);
    expect(handlers.onSave).toHaveBeenCalledWith(3, 'parcelWeight', '2');
  });
});

test('an edit answer replaces its rows in every cached page of the import and the summary', () => {
  const client = new QueryClient();
  const invalidPage: OrderImportRows = { total: 1, rows: [row(3, { state: 'invalid' })] };
  const allPage: OrderImportRows = { total: 3, rows: [row(2), row(3, { state: 'invalid' }), row(4)] };
  const otherImport: OrderImportRows = { total: 1, rows: [row(3, { state: 'invalid' })] };
  client.setQueryData(orderImportKeys.rowsPage('imp1', 'invalid', 0), invalidPage);
  client.setQueryData(orderImportKeys.rowsPage('imp1', 'all', 0), allPage);
  client.setQueryData(orderImportKeys.rowsPage('imp2', 'all', 0), otherImport);
  const fixed = row(3, { values: { consigneeName: 'Ann', parcelWeight: '1.25' } });
  applyRowsChanged(client, { rows: [fixed], summary: summary({ validOrderCount: 3, invalidOrderCount: 0 }) });
  // The fixed line stays where it was in the invalid view (no jump), now valid.
  expect(client.getQueryData<OrderImportRows>(orderImportKeys.rowsPage('imp1', 'invalid', 0))?.rows).toEqual([
    fixed,
  ]);
  const all = client.getQueryData<OrderImportRows>(orderImportKeys.rowsPage('imp1', 'all', 0));
  expect(all?.rows[1]).toEqual(fixed);
  expect(all?.rows[0]).toBe(allPage.rows[0]);
  expect(client.getQueryData(orderImportKeys.rowsPage('imp2', 'all', 0))).toBe(otherImport);
  expect(client.getQueryData<OrderImportSummary>(orderImportKeys.summary('imp1'))?.invalidOrderCount).toBe(0);
  // Marked stale, so another view asks again when it is opened.
  expect(client.getQueryState(orderImportKeys.rowsPage('imp1', 'all', 0))?.isInvalidated).toBe(true);
});

test('leaving orders out answers the summary: it replaces the cached one and the row pages are asked again', async () => {
  const client = new QueryClient();
  const allPage: OrderImportRows = { rows: [row(2), row(3)], total: 2 };
  client.setQueryData(orderImportKeys.rowsPage('imp1', 'all', 0), allPage);
  client.setQueryData(orderImportKeys.summary('imp1'), summary());
  // What the server answers (OrderImportSummarySchema), not rows and a summary.
  post.mockResolvedValueOnce(summary({ validOrderCount: 1, excludedOrderCount: 1 }));
  let exclude!: ReturnType<typeof useExcludeOrderImportRows>;
  function Probe() {
    exclude = useExcludeOrderImportRows();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  await exclude.mutateAsync({ id: 'imp1', rowNumbers: [3], excluded: true });
  expect(post).toHaveBeenCalledWith(ApiPath.BatchImportExclude, {
    id: 'imp1',
    rowNumbers: [3],
    excluded: true,
  });
  expect(client.getQueryData<OrderImportSummary>(orderImportKeys.summary('imp1'))?.excludedOrderCount).toBe(
    1,
  );
  expect(client.getQueryState(orderImportKeys.rowsPage('imp1', 'all', 0))?.isInvalidated).toBe(true);
});

describe('the commit', () => {
  function renderPanel(value: OrderImportSummary) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <App>
          <CommitPanel summary={value} />
        </App>
      </QueryClientProvider>,
    );
  }

  const keysSent = () =>
    post.mock.calls.map((call) => (call[2]?.headers as Record<string, string>)['Idempotency-Key']);

  async function commitOnce() {
    const sent = post.mock.calls.length;
    fireEvent.click(screen.getByTestId('order-import-commit-button'));
    const buttons = await screen.findAllByTestId('order-import-confirm-ok');
    // A closed confirmation stays in the DOM while it fades; the newest is the last.
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(post.mock.calls.length).toBe(sent + 1));
  }

  test('a retry after no answer reuses the attempt key; after a refusal the next attempt has a new key', async () => {
    post.mockRejectedValueOnce(new ApiError('No answer', 0, null, false));
    post.mockRejectedValueOnce(new ApiError('Already committing', 409, null, false));
    post.mockResolvedValueOnce(summary({ status: 'committing' }));
    renderPanel(summary());
    await commitOnce();
    await screen.findByText('No answer');
    await commitOnce();
    await screen.findByText('Already committing');
    await commitOnce();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    const [first, retry, next] = keysSent();
    expect(post.mock.calls[0]?.[0]).toBe(ApiPath.BatchImportCommit);
    expect(post.mock.calls[0]?.[1]).toEqual({ id: 'imp1', submit: true });
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  test('submit is refused with its reason while a currency is short; drafts still go', async () => {
    post.mockResolvedValueOnce(summary({ status: 'committing', submit: false }));
    renderPanel(
      summary({ totals: [{ currencyCode: 'CNY', amount: 9_000, available: 1_000, insufficient: true }] }),
    );
    expect(screen.getByTestId('order-import-commit-block').textContent).toContain('CNY');
    expect((screen.getByTestId('order-import-commit-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('order-import-mode-draft'));
    expect((screen.getByTestId('order-import-commit-button') as HTMLButtonElement).disabled).toBe(false);
    await commitOnce();
    await waitFor(() => expect(post.mock.calls[0]?.[1]).toEqual({ id: 'imp1', submit: false }));
  });
});
