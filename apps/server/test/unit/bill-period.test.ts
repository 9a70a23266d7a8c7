import { describe, expect, it } from 'vitest';
import {
  issueMomentOf,
  localDatePlusDays,
  monthRange,
  nextPeriod,
  parsePeriodLabel,
  periodContaining,
  previousPeriod,
} from '../../src/modules/bill/bill-period.ts';

const month = { period: 'month', utcOffsetMinutes: 480, issueDay: 1 } as const;
const week = { period: 'week', utcOffsetMinutes: 480, issueDay: 1 } as const;

describe('billing periods', () => {
  it('cuts months at midnight in the billing time zone', () => {
    expect(periodContaining(month, new Date('2026-10-31T15:59:59.999Z'))).toEqual({
      label: '2026-10',
      start: '2026-09-30T16:00:00.000Z',
      end: '2026-10-31T16:00:00.000Z',
    });
    // 00:00 on 1 November in Beijing is already November.
    expect(periodContaining(month, new Date('2026-10-31T16:00:00.000Z')).label).toBe('2026-11');
    expect(
      periodContaining({ ...month, utcOffsetMinutes: 0 }, new Date('2026-10-31T16:00:00.000Z')).label,
    ).toBe('2026-10');
    expect(previousPeriod(month, parsePeriodLabel(month, '2026-01')!).label).toBe('2025-12');
    expect(nextPeriod(month, parsePeriodLabel(month, '2026-12')!).label).toBe('2027-01');
  });

  it('cuts ISO weeks from Monday, with the ISO year at the turn of the year', () => {
    expect(periodContaining(week, new Date('2026-10-26T00:00:00+08:00'))).toEqual({
      label: '2026-W44',
      start: '2026-10-25T16:00:00.000Z',
      end: '2026-11-01T16:00:00.000Z',
    });
    // 1 January 2027 is a Friday: still week 53 of 2026.
    expect(periodContaining(week, new Date('2027-01-01T12:00:00+08:00')).label).toBe('2026-W53');
    expect(periodContaining(week, new Date('2027-01-04T00:00:00+08:00')).label).toBe('2027-W01');
    // 29 December 2025 (Monday) begins week 1 of 2026.
    expect(periodContaining(week, new Date('2025-12-29T08:00:00+08:00')).label).toBe('2026-W01');
    expect(nextPeriod(week, parsePeriodLabel(week, '2026-W53')!).label).toBe('2027-W01');
  });

  it('reads labels of the configured kind only', () => {
    expect(parsePeriodLabel(month, '2026-10')?.start).toBe('2026-09-30T16:00:00.000Z');
    expect(parsePeriodLabel(month, '2026-W44')).toBeNull();
    expect(parsePeriodLabel(month, '2026-13')).toBeNull();
    expect(parsePeriodLabel(week, '2026-10')).toBeNull();
    expect(parsePeriodLabel(week, '2026-W53')?.label).toBe('2026-W53');
    // 2025 has 52 ISO weeks.
    expect(parsePeriodLabel(week, '2025-W53')).toBeNull();
  });

  it('issues on the configured day of the next period, and dates due days in the billing time zone', () => {
    const october = parsePeriodLabel(month, '2026-10')!;
    expect(issueMomentOf(month, october).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(issueMomentOf({ ...month, issueDay: 5 }, october).toISOString()).toBe('2026-11-04T16:00:00.000Z');
    expect(issueMomentOf({ ...week, issueDay: 28 }, parsePeriodLabel(week, '2026-W44')!).toISOString()).toBe(
      '2026-11-07T16:00:00.000Z',
    );
    // 23:30 UTC on 31 October is 1 November in Beijing: due 15 days after 1 November.
    expect(localDatePlusDays(480, new Date('2026-10-31T23:30:00Z'), 15)).toBe('2026-11-16');
    expect(localDatePlusDays(480, new Date('2026-10-31T15:30:00Z'), 0)).toBe('2026-10-31');
  });

  it('turns the list filter’s months into instants', () => {
    expect(monthRange(480, '2026-10', '2026-11')).toEqual({
      from: '2026-09-30T16:00:00.000Z',
      to: '2026-11-30T16:00:00.000Z',
    });
    expect(monthRange(480, null, null)).toEqual({ from: null, to: null });
  });
});
