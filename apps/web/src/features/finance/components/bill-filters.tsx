import { useEffect, useState } from 'react';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { BILL_STATUSES, type BillStatus } from '@portal/contracts/bill';
import { calendarMonthOf } from '../../../lib/format-date';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { BILL_NO_MAX, EMPTY_BILL_SEARCH, type BillSearch } from '../lib/bill-search';

interface BillFiltersProps {
  search: BillSearch;
  onSearch: (next: BillSearch) => void;
}

interface Draft {
  status: BillStatus | null;
  range: [Dayjs, Dayjs] | null;
  billNo: string;
}

function draftOf(search: BillSearch): Draft {
  const from = search.periodFrom ?? search.periodTo;
  const to = search.periodTo ?? search.periodFrom;
  return {
    status: search.status,
    range: from && to ? [dayjs(`${from}-01`), dayjs(`${to}-01`)] : null,
    billNo: search.billNo,
  };
}

/** The bill list's filters: status, a range of periods (months) and the bill number. */
export function BillFilters({ search, onSearch }: BillFiltersProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const searchKey = JSON.stringify({ ...search, page: 1 });
  useEffect(() => setDraft(draftOf(JSON.parse(searchKey) as BillSearch)), [searchKey]);

  const apply = () =>
    onSearch({
      page: 1,
      status: draft.status,
      periodFrom: draft.range ? calendarMonthOf(draft.range[0]) : null,
      periodTo: draft.range ? calendarMonthOf(draft.range[1]) : null,
      billNo: draft.billNo.trim(),
    });
  const reset = () => {
    setDraft(draftOf(EMPTY_BILL_SEARCH));
    onSearch(EMPTY_BILL_SEARCH);
  };
  const width = isMobile ? '100%' : undefined;

  return (
    <Flex gap={12} wrap data-testid="bill-filters">
      <Select<BillStatus>
        value={draft.status ?? undefined}
        onChange={(status?: BillStatus) => setDraft({ ...draft, status: status ?? null })}
        allowClear
        placeholder={t('bill.filter.allStatuses')}
        aria-label={t('bill.filter.status')}
        options={BILL_STATUSES.map((status) => ({ value: status, label: t(`bill.status.${status}`) }))}
        style={{ width: width ?? 160 }}
        data-testid="bill-filter-status"
      />
      <DatePicker.RangePicker
        picker="month"
        value={draft.range}
        onChange={(range) =>
          setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : null })
        }
        placeholder={[t('bill.filter.periodFrom'), t('bill.filter.periodTo')]}
        aria-label={t('bill.filter.periodRange')}
        style={{ width: width ?? 240 }}
        data-testid="bill-filter-period"
      />
      <Input
        value={draft.billNo}
        onChange={(event) => setDraft({ ...draft, billNo: event.target.value })}
        onPressEnter={apply}
        allowClear
        maxLength={BILL_NO_MAX}
        placeholder={t('bill.filter.billNo')}
        aria-label={t('bill.filter.billNo')}
        style={{ width: width ?? 200 }}
        data-testid="bill-filter-number"
      />
      <Flex gap={8} wrap>
        <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="bill-search">
          {t('bill.filter.search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="bill-filter-reset">
          {t('bill.filter.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}
