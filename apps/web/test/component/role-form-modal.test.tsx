import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiCode } from '@portal/contracts/envelope';
import { RoleFormModal } from '../../src/features/organization/components/role-form-modal';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { clearSession, writeStored } from '../../src/lib/storage';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  clearSession();
  post.mockReset();
  // A sub-user who manages the organisation and may view and create orders, nothing else.
  writeStored('permissions', []);
  writeStored('roles', [{ id: 'r1', operationList: ['org:manage', 'order:view', 'order:create'] }]);
});
afterEach(() => cleanup());

function renderEditor() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RoleFormModal target={{ mode: 'create' }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

test('offers only the permissions the editor holds, grouped, and sends the ticked ones with the scope', async () => {
  post.mockResolvedValue({ id: 'new' });
  const onClose = renderEditor();
  expect(screen.getByText('Orders')).toBeTruthy();
  expect(screen.getByText('Finance')).toBeTruthy();
  expect(checkbox('View orders').disabled).toBe(false);
  expect(checkbox('Top up online').disabled).toBe(true);
  expect(checkbox('Manage organization, sub-users and roles').disabled).toBe(false);

  fireEvent.change(screen.getByLabelText('Role name'), { target: { value: 'Clerk' } });
  fireEvent.click(checkbox('View orders'));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(post.mock.calls[0]![1]).toEqual({ name: 'Clerk', dataScope: 'unit', operationList: ['order:view'] });
});

test('puts a field refusal on its field and a refusal naming no field above the form', async () => {
  const onClose = renderEditor();
  fireEvent.change(screen.getByLabelText('Role name'), { target: { value: 'Clerk' } });
  post.mockRejectedValueOnce(
    new ApiError('Invalid request', ApiCode.BadRequest, {
      errors: [{ field: 'name', message: 'A role named "Clerk" already exists' }],
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('A role named "Clerk" already exists')).toBeTruthy();

  post.mockRejectedValueOnce(
    new ApiError('You cannot grant a permission you do not hold: finance:topup', ApiCode.Forbidden),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'You cannot grant a permission you do not hold',
  );
  expect(onClose).not.toHaveBeenCalled();
});

test('asks before closing with changes typed, and closes at once when nothing was typed', async () => {
  let onClose = renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  cleanup();

  onClose = renderEditor();
  fireEvent.change(screen.getByLabelText('Role name'), { target: { value: 'Clerk' } });
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  const discard = await screen.findByRole('button', { name: 'Discard' });
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.click(discard);
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
});
