import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Access } from '../../src/components/access';
import { clearSession, writeStored } from '../../src/lib/storage';

beforeEach(() => {
  clearSession();
  writeStored('permissions', ['address:view']);
  writeStored('roles', [{ id: 'operator', operationList: ['order:view'] }]);
});
afterEach(() => cleanup());

test('a guarded control is removed when the permission is missing and appears when it is granted', () => {
  render(
    <>
      <Access permission="address:view">
        <button type="button">view</button>
      </Access>
      <Access permission="order:view">
        <button type="button">orders</button>
      </Access>
      <Access permission="address:edit" fallback={<span>read only</span>}>
        <button type="button">edit</button>
      </Access>
      <Access authority={['finance', 'admin']}>
        <button type="button">finance</button>
      </Access>
    </>,
  );
  expect(screen.getByRole('button', { name: 'view' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'orders' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'edit' })).toBeNull();
  expect(screen.getByText('read only')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'finance' })).toBeNull();

  act(() => writeStored('permissions', ['address:view', 'address:edit']));
  expect(screen.getByRole('button', { name: 'edit' })).toBeTruthy();
});
