import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ApiToken, ApiTokenCreated } from '@portal/contracts/api-token';
import { ApiTokensPanel } from '../../src/features/user-center/components/api-tokens-panel';
import { http } from '../../src/lib/http/client';
import { ApiError } from '../../src/lib/http/api-error';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const tokenOf = (id: string, patch: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name: `Token ${id}`,
  prefix: `pk_live_${id}`,
  createdBy: 'demo',
  createdAt: '2026-11-26T08:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  expired: false,
  ...patch,
});

/** The server as the panel sees it. */
let tokens: ApiToken[];
beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  tokens = [tokenOf('old1', { expired: true, expiresAt: '2026-01-01T00:00:00.000Z' })];
  get.mockReset().mockImplementation(() => Promise.resolve({ list: tokens, maxLive: 20 }));
  post.mockReset().mockImplementation((url: string, body: unknown) => {
    if (url === ApiPath.InsertApiToken) {
      const input = body as { name: string; expiresInDays: number | null };
      if (input.name === 'taken')
        return Promise.reject(
          new ApiError('Invalid', 400, { errors: [{ field: 'name', message: 'Name is refused' }] }, false),
        );
      const created: ApiTokenCreated = {
        ...tokenOf('new1', { name: input.name }),
        secret: 'pk_live_new1SECRET',
      };
      tokens = [created, ...tokens];
      return Promise.resolve(created);
    }
    if (url === ApiPath.DeleteApiToken) {
      tokens = tokens.filter((t) => t.id !== (body as { id: string }).id);
      return Promise.resolve(null);
    }
    return Promise.reject(new Error(url));
  });
});
afterEach(() => cleanup());

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiTokensPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('lists tokens, creates one whose secret is shown once, and deletes after a confirmation', async () => {
  renderPanel();
  const table = await screen.findByTestId('api-token-table');
  await within(table).findByText('Token old1');
  expect(within(table).getByText('Expired')).toBeTruthy();
  expect(within(table).getByText('Never used')).toBeTruthy();

  fireEvent.click(screen.getByTestId('api-token-create'));
  fireEvent.change(await screen.findByTestId('api-token-name'), { target: { value: 'ERP' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
  const secret = await screen.findByTestId('api-token-secret');
  expect(secret.textContent).toContain('pk_live_new1SECRET');
  expect(post).toHaveBeenCalledWith(
    ApiPath.InsertApiToken,
    { name: 'ERP', expiresInDays: null },
    { silent: true },
  );
  expect(screen.getByText(/This is the only time the full token is shown/)).toBeTruthy();
  fireEvent.click(screen.getByTestId('api-token-done'));
  // The list shows the new token by its prefix only.
  await within(table).findByText('ERP');
  expect(table.textContent).toContain('pk_live_new1');
  expect(table.textContent).not.toContain('pk_live_new1SECRET');

  fireEvent.click(within(table).getByRole('button', { name: 'Delete ERP' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(table).queryByText('ERP')).toBeNull());
  expect(post).toHaveBeenCalledWith(ApiPath.DeleteApiToken, { id: 'new1' });
});

test('a name the server refuses is shown on the field; a failed list shows its error, not the empty state', async () => {
  renderPanel();
  await screen.findByText('Token old1');
  fireEvent.click(screen.getByTestId('api-token-create'));
  fireEvent.change(await screen.findByTestId('api-token-name'), { target: { value: 'taken' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
  expect(await screen.findByText('Name is refused')).toBeTruthy();
  expect(screen.queryByTestId('api-token-secret')).toBeNull();
  cleanup();

  get.mockReset().mockRejectedValue(new ApiError('The server failed', 500, null, false));
  renderPanel();
  expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
  expect(screen.queryByText('No API tokens yet')).toBeNull();
});
