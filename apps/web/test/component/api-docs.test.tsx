import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiDocumentView } from '../../src/features/api-docs/components/api-document-view';
import { ApiTestConsole } from '../../src/features/api-docs/components/api-test-console';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { fixtureDocument as doc } from '../fixtures/openapi-document';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the document renders every operation by tag, with nested field tables, enums, required marks and examples', () => {
  render(
    <MemoryRouter>
      <ApiDocumentView doc={doc} />
    </MemoryRouter>,
  );
  const nav = screen.getByTestId('api-doc-nav');
  const links = within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['Authentication', '#authentication'],
    ['Error codes', '#error-codes'],
    ['POSTCreate an order', '#createOrder'],
    ['GETGet an order', '#getOrder'],
    ['GETGet the balance', '#getBalance'],
  ]);

  const create = screen.getByTestId('api-operation-createOrder');
  expect(within(create).getByText('/orders')).toBeTruthy();
  const fields = within(create).getByTestId('api-request-fields-createOrder');
  const rowOf = (name: string) => within(fields).getByText(name).closest('tr')!;
  // Nested rows are open from the start: the consignee's and the parcel items' fields are listed.
  expect(rowOf('countryCode').textContent).toContain('Allowed values:');
  for (const value of ['US', 'DE', 'CN']) expect(within(rowOf('countryCode')).getByText(value)).toBeTruthy();
  expect(within(rowOf('name')).getByText('Required')).toBeTruthy();
  expect(rowOf('name').textContent).toContain('1–100 characters');
  expect(within(rowOf('postalCode')).queryByText('Required')).toBeNull();
  expect(rowOf('postalCode').textContent).toContain('string | null');
  expect(rowOf('parcels').textContent).toContain('array<object>');
  expect(rowOf('parcels').textContent).toContain('1–50 items');
  expect(rowOf('weightKg').textContent).toContain('> 0, ≤ 70');
  expect(rowOf('quantity').textContent).toContain('≥ 1');
  expect(rowOf('submit').textContent).toContain('Default: true');

  expect(create.textContent).toContain('"productCode": "EXPRESS"');
  expect(
    within(screen.getByTestId('api-response-createOrder-200')).getByText(/"orderNo": "A-1"/),
  ).toBeTruthy();
  // Error codes: every non-2xx answer of the document, once.
  const errors = screen.getByTestId('api-error-codes');
  expect(
    within(errors)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['HTTP statusDescription', '400Invalid body', '401Missing or invalid token', '404No such order']);
});

function renderConsole(path = '/user/userCenterManagement/apiTest') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ApiTestConsole doc={doc} origin="http://portal.test" />
    </MemoryRouter>,
  );
}

test('the test page builds the request and curl for the chosen operation and shows the answer', async () => {
  fetchMock.mockResolvedValue(
    new Response('{"balances":[{"currencyCode":"CNY","amountMinor":100}]}', {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1' },
    }),
  );
  renderConsole('/user/userCenterManagement/apiTest?op=getBalance');
  fireEvent.change(screen.getByTestId('api-test-token'), { target: { value: 'pk_live_secret' } });
  expect(screen.getByTestId('api-test-curl').textContent).toContain(
    [
      `curl -X GET 'http://portal.test/openapi/v1/balance'`,
      `  -H 'Accept: application/json'`,
      `  -H 'Accept-Language: en-US'`,
      `  -H 'Authorization: Bearer pk_live_secret'`,
    ].join(' \\\n'),
  );
  fireEvent.click(screen.getByTestId('api-test-send'));
  await waitFor(() => expect(screen.getByTestId('api-test-status').textContent).toContain('200'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('http://portal.test/openapi/v1/balance');
  expect(init).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer pk_live_secret' } });
  expect(screen.getByTestId('api-test-body-out').textContent).toContain('"currencyCode": "CNY"');
  expect(screen.getByTestId('api-test-response').textContent).toContain('x-request-id');
});

test('a create starts from the example body with an Idempotency-Key; broken JSON is refused before sending', async () => {
  renderConsole('/user/userCenterManagement/apiTest?op=createOrder');
  const body = screen.getByTestId('api-test-body') as HTMLTextAreaElement;
  expect(JSON.parse(body.value)).toMatchObject({ productCode: 'EXPRESS', consignee: { countryCode: 'US' } });
  const key = (screen.getByTestId('api-test-idempotency') as HTMLInputElement).value;
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  expect(screen.getByTestId('api-test-curl').textContent).toContain(`-H 'Idempotency-Key: ${key}'`);

  fireEvent.change(body, { target: { value: '{"productCode": ' } });
  fireEvent.click(screen.getByTestId('api-test-send'));
  expect(await screen.findByText(/The request body is not valid JSON/)).toBeTruthy();
  expect(screen.queryByTestId('api-test-curl')).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('a refused call and a network failure are shown in the interface language', async () => {
  fetchMock.mockResolvedValueOnce(
    new Response('{"code":"Unauthorized","message":"The API token is missing or invalid"}', {
      status: 401,
      headers: { 'content-type': 'application/json' },
    }),
  );
  renderConsole('/user/userCenterManagement/apiTest?op=getOrder');
  expect((screen.getByLabelText(/orderNo/) as HTMLInputElement).value).toBe('A-1');
  // A query parameter with allowed values is a choice, not free text.
  expect(document.getElementById('api-test-query-fields')?.getAttribute('role')).toBe('combobox');
  fireEvent.click(screen.getByTestId('api-test-send'));
  expect(await screen.findByText('The request was refused (401)')).toBeTruthy();
  expect(screen.getByText('The API token is missing or invalid')).toBeTruthy();

  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  fireEvent.click(screen.getByTestId('api-test-send'));
  expect(await screen.findByText('The request could not be sent')).toBeTruthy();
});
