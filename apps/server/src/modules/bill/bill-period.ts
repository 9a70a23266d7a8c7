import type { BillsConfig } from '../../config.ts';

/**
 * Billing periods (config.bills): a calendar month (`2026-10`) or an ISO week (`2026-W44`), cut at
 * midnight in the billing time zone (BILL_UTC_OFFSET_MINUTES east of UTC, +08:00 by default). A period is
 * the half-open range of instants [start, end), stored as ISO-8601 UTC strings like every other time.
 */
export interface BillingPeriod {
  label: string;
  /** ISO-8601 UTC, inclusive. */
  start: string;
  /** ISO-8601 UTC, exclusive: the next period's start. */
  end: string;
}

export type PeriodSettings = Pick<BillsConfig, 'period' | 'utcOffsetMinutes'>;

const DAY_MS = 86_400_000;
const MONTH_LABEL = /^(\d{4})-(0[1-9]|1[0-2])$/;
const WEEK_LABEL = /^(\d{4})-W(0[1-9]|[1-4]\d|5[0-3])$/;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The local (billing time zone) wall clock of an instant, as a Date whose UTC fields read it. */
const localOf = (instant: number, offsetMinutes: number) => new Date(instant + offsetMinutes * 60_000);
/** The instant of a local wall-clock time given as UTC fields. */
const instantOf = (localMs: number, offsetMinutes: number) => localMs - offsetMinutes * 60_000;

/** Monday 00:00 (local, as UTC fields) of ISO week 1 of `isoYear`: the week holding 4 January. */
function isoWeekOneMonday(isoYear: number): number {
  const jan4 = Date.UTC(isoYear, 0, 4);
  const weekday = new Date(jan4).getUTCDay() || 7;
  return jan4 - (weekday - 1) * DAY_MS;
}

function monthPeriod(year: number, month: number, offset: number): BillingPeriod {
  return {
    label: `${year}-${pad(month)}`,
    start: new Date(instantOf(Date.UTC(year, month - 1, 1), offset)).toISOString(),
    end: new Date(instantOf(Date.UTC(year, month, 1), offset)).toISOString(),
  };
}

function weekPeriod(isoYear: number, week: number, offset: number): BillingPeriod {
  const monday = isoWeekOneMonday(isoYear) + (week - 1) * 7 * DAY_MS;
  return {
    label: `${isoYear}-W${pad(week)}`,
    start: new Date(instantOf(monday, offset)).toISOString(),
    end: new Date(instantOf(monday + 7 * DAY_MS, offset)).toISOString(),
  };
}

/** The period holding an instant. */
export function periodContaining(settings: PeriodSettings, at: Date): BillingPeriod {
  const local = localOf(at.getTime(), settings.utcOffsetMinutes);
  if (settings.period === 'month')
    return monthPeriod(local.getUTCFullYear(), local.getUTCMonth() + 1, settings.utcOffsetMinutes);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The ISO year is the year of the week's Thursday.
  const thursday = day + (4 - (new Date(day).getUTCDay() || 7)) * DAY_MS;
  const isoYear = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - isoWeekOneMonday(isoYear)) / (7 * DAY_MS)) + 1;
  return weekPeriod(isoYear, week, settings.utcOffsetMinutes);
}

/** The period just before one. */
export const previousPeriod = (settings: PeriodSettings, period: BillingPeriod): BillingPeriod =>
  periodContaining(settings, new Date(Date.parse(period.start) - 1));

/** The period just after one. */
export const nextPeriod = (settings: PeriodSettings, period: BillingPeriod): BillingPeriod =>
  periodContaining(settings, new Date(period.end));

/**
 * A label of the configured kind (`2026-10` for months, `2026-W44` for weeks) as its period; null when
 * it is not one (a week label while bills are monthly, a 53rd week of a year that has 52).
 */
export function parsePeriodLabel(settings: PeriodSettings, label: string): BillingPeriod | null {
  if (settings.period === 'month') {
    const match = MONTH_LABEL.exec(label);
    return match ? monthPeriod(Number(match[1]), Number(match[2]), settings.utcOffsetMinutes) : null;
  }
  const match = WEEK_LABEL.exec(label);
  if (!match) return null;
  const period = weekPeriod(Number(match[1]), Number(match[2]), settings.utcOffsetMinutes);
  // Week 53 of a 52-week year is week 1 of the next: not the label it claims.
  return periodContaining(settings, new Date(period.start)).label === label ? period : null;
}

/**
 * When a period's bills are due to be issued: on `issueDay` of the next period (day of month, or ISO
 * weekday 1–7 for weeks) at 00:00 in the billing time zone.
 */
export function issueMomentOf(
  settings: PeriodSettings & Pick<BillsConfig, 'issueDay'>,
  period: BillingPeriod,
) {
  const days = settings.period === 'week' ? Math.min(settings.issueDay, 7) : settings.issueDay;
  return new Date(Date.parse(period.end) + (days - 1) * DAY_MS);
}

/** A calendar date `YYYY-MM-DD` in the billing time zone, `days` after the instant's own date. */
export function localDatePlusDays(offsetMinutes: number, at: Date, days: number): string {
  const local = localOf(at.getTime() + days * DAY_MS, offsetMinutes);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/**
 * The [from, to) instants of a month range of the bill list's filter (`YYYY-MM`, inclusive both ends),
 * in the billing time zone; weekly bills are matched by the month their period starts in.
 */
export function monthRange(offsetMinutes: number, from: string | null, to: string | null) {
  const month = (label: string) =>
    monthPeriod(Number(label.slice(0, 4)), Number(label.slice(5, 7)), offsetMinutes);
  return { from: from ? month(from).start : null, to: to ? month(to).end : null };
}
