import { describe, expect, test } from 'vitest';
import { ORDER_STATUSES } from '@portal/contracts/order';
import type { OrderStatusCounts } from '@portal/contracts/order-list';
import { orderActionsOf, STATUS_TABS, tabCount } from '../../src/features/order/lib/order-list-status';
import { ACCESSIBLE_TAG_COLORS, STATUS_COLORS, statusTagOf } from '../../src/lib/order-status';

describe('status tags', () => {
  test('the tabs are all, then every status in the lifecycle order', () => {
    expect(STATUS_TABS).toEqual([
      'all',
      'draft',
      'submitted',
      'received',
      'in_transit',
      'delivered',
      'exception',
      'returned',
      'cancelled',
    ]);
  });

  test('only theme-checked colours; red is the exception alone and green delivered alone', () => {
    const colours = Object.entries(STATUS_COLORS);
    expect(colours.every(([, colour]) => (ACCESSIBLE_TAG_COLORS as readonly string[]).includes(colour))).toBe(
      true,
    );
    expect(colours.filter(([, colour]) => colour === 'error').map(([s]) => s)).toEqual(['exception']);
    expect(colours.filter(([, colour]) => colour === 'success').map(([s]) => s)).toEqual(['delivered']);
    expect(colours.filter(([, colour]) => colour === 'warning').map(([s]) => s)).toEqual(['returned']);
  });

  test('an exception names its issue kind; other statuses ignore one', () => {
    expect(statusTagOf({ status: 'exception', issueKindName: '地址不详', issueKindCode: 'ADDRESS' })).toEqual(
      {
        color: 'error',
        status: 'exception',
        issue: '地址不详',
        isStruck: false,
      },
    );
    expect(statusTagOf({ status: 'exception', issueKindName: null, issueKindCode: 'CUSTOMS' }).issue).toBe(
      'CUSTOMS',
    );
    expect(statusTagOf({ status: 'exception' }).issue).toBeNull();
    expect(statusTagOf({ status: 'delivered', issueKindName: 'old issue' }).issue).toBeNull();
    expect(statusTagOf({ status: 'cancelled' }).isStruck).toBe(true);
  });

  test('a tab shows the count of its status, nothing before the first answer', () => {
    const counts: OrderStatusCounts = {
      all: 21,
      draft: 1,
      submitted: 2,
      received: 3,
      in_transit: 4,
      delivered: 5,
      exception: 6,
      returned: 0,
      cancelled: 0,
    };
    expect(tabCount(counts, 'all')).toBe(21);
    expect(tabCount(counts, 'exception')).toBe(6);
    expect(tabCount(undefined, 'draft')).toBeNull();
  });
});

describe('actions per status', () => {
  test('edit a draft only, cancel a draft or submitted order, labels and tracking once it has a waybill', () => {
    const table = Object.fromEntries(
      ORDER_STATUSES.map((status) => [
        status,
        orderActionsOf({ status, waybillNo: status === 'draft' ? null : 'PS000000000197' }),
      ]),
    );
    expect(
      Object.entries(table)
        .filter(([, a]) => a.canEdit)
        .map(([s]) => s),
    ).toEqual(['draft']);
    expect(
      Object.entries(table)
        .filter(([, a]) => a.canCancel)
        .map(([s]) => s),
    ).toEqual(['draft', 'submitted']);
    expect(
      Object.entries(table)
        .filter(([, a]) => !a.canPrintLabel)
        .map(([s]) => s),
    ).toEqual(['draft', 'cancelled']);
    expect(
      Object.entries(table)
        .filter(([, a]) => !a.canTrack)
        .map(([s]) => s),
    ).toEqual(['draft', 'cancelled']);
  });
});
