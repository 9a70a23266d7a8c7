import type { Dayjs } from 'dayjs';
import type { RechargeChannel, RechargeQueryInput, RechargeStatus } from '@portal/contracts/recharge';
import { calendarDayOf, localDayStartInstant } from '../../../lib/format-date';

/** What the records' filter form holds. */
export interface RechargeFilterValues {
  status?: RechargeStatus | null;
  channel?: RechargeChannel | null;
  currencyCode?: string | null;
  rechargeNo?: string;
  /** Created between these local days, both included. */
  created?: [Dayjs | null, Dayjs | null] | null;
}

export type RechargeFilter = Omit<RechargeQueryInput, 'pageIndex' | 'pageSize'>;

/**
 * The form → the call's filter (also the export's `rechargeFilter`): the user's days, from the start of
 * the first to the start of the day after the last, with the browser's offset; blanks left out.
 */
export function toRechargeFilter(values: RechargeFilterValues): RechargeFilter {
  const [from, to] = values.created ?? [];
  const rechargeNo = values.rechargeNo?.trim();
  return {
    status: values.status ?? null,
    channel: values.channel ?? null,
    currencyCode: values.currencyCode || null,
    rechargeNo: rechargeNo || null,
    createdFrom: from ? localDayStartInstant(calendarDayOf(from)) : null,
    createdTo: to ? localDayStartInstant(calendarDayOf(to), 1) : null,
  };
}
