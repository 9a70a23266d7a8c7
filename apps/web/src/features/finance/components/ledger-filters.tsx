import { useEffect, useState } from 'react';
import { Badge, Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '@portal/contracts/wallet';
import { calendarDayOf } from '../../../lib/format-date';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useWalletCurrencies } from '../api/query-wallet-currencies';
import {
  EMPTY_LEDGER_SEARCH,
  isSearchableNumber,
  LEDGER_NUMBER_MAX,
  presetRange,
  RANGE_PRESETS,
  type LedgerSearch,
} from '../lib/ledger-search';

interface LedgerFiltersProps {
  search: LedgerSearch;
  onSearch: (next: LedgerSearch) => void;
}

interface Draft {
  range: [Dayjs, Dayjs] | null;
  types: LedgerEntryType[];
  currencyCode: string | null;
  number: string;
}

function draftOf(search: LedgerSearch): Draft {
  const from = search.from ?? search.to;
  const to = search.to ?? search.from;
  return {
    range: from && to ? [dayjs(from), dayjs(to)] : null,
    types: search.types,
    currencyCode: search.currencyCode,
    number: search.number,
  };
}

/**
 * The consumption flow's filters: a date range with presets (this month, last month, last 30 days), entry
 * types, currency and one number. They edit a draft and search on the button or Enter; on a phone they
 * fold behind one button.
 */
export function LedgerFilters({ search, onSearch }: LedgerFiltersProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const currencies = useWalletCurrencies();
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [isOpen, setIsOpen] = useState(false);
  const isNumberValid = isSearchableNumber(draft.number);

  const searchKey = JSON.stringify({ ...search, page: 1 });
  useEffect(() => setDraft(draftOf(JSON.parse(searchKey) as LedgerSearch)), [searchKey]);

  const apply = () => {
    if (!isNumberValid) return;
    onSearch({
      page: 1,
      from: draft.range ? calendarDayOf(draft.range[0]) : null,
      to: draft.range ? calendarDayOf(draft.range[1]) : null,
      types: LEDGER_ENTRY_TYPES.filter((type) => draft.types.includes(type)),
      currencyCode: draft.currencyCode,
      number: draft.number.trim(),
    });
  };
  const reset = () => {
    setDraft(draftOf(EMPTY_LEDGER_SEARCH));
    onSearch(EMPTY_LEDGER_SEARCH);
  };
  const activeCount = [search.from, search.types.length > 0, search.currencyCode, search.number].filter(
    Boolean,
  ).length;
  const fieldWidth = isMobile ? '100%' : 280;

  const fields = (
    <Flex gap={12} wrap align="start" data-testid="ledger-filters">
      <DatePicker.RangePicker
        value={draft.range}
        onChange={(range) =>
          setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : null })
        }
        presets={RANGE_PRESETS.map((preset) => ({
          label: <span data-testid={`ledger-preset-${preset}`}>{t(`consumptionFlow.filter.${preset}`)}</span>,
          value: () => presetRange(preset),
        }))}
        placeholder={[t('consumptionFlow.filter.from'), t('consumptionFlow.filter.to')]}
        aria-label={t('consumptionFlow.filter.range')}
        style={{ width: isMobile ? '100%' : 260 }}
        data-testid="ledger-filter-range"
      />
      <Select<LedgerEntryType[]>
        mode="multiple"
        value={draft.types}
        onChange={(types) => setDraft({ ...draft, types })}
        allowClear
        maxTagCount="responsive"
        placeholder={t('consumptionFlow.filter.types')}
        aria-label={t('consumptionFlow.filter.types')}
        options={LEDGER_ENTRY_TYPES.map((type) => ({
          value: type,
          label: t(`orderList.ledgerType.${type}`),
        }))}
        style={{ width: isMobile ? '100%' : 240 }}
        data-testid="ledger-filter-types"
      />
      <Select<string>
        value={draft.currencyCode ?? undefined}
        onChange={(code?: string) => setDraft({ ...draft, currencyCode: code ?? null })}
        allowClear
        placeholder={t('consumptionFlow.filter.currency')}
        aria-label={t('consumptionFlow.filter.currency')}
        options={(currencies.data ?? []).map((code) => ({ value: code, label: code }))}
        style={{ width: isMobile ? '100%' : 120 }}
        data-testid="ledger-filter-currency"
      />
      <Flex vertical gap={2} style={{ width: fieldWidth }}>
        <Input
          value={draft.number}
          onChange={(event) => setDraft({ ...draft, number: event.target.value })}
          onPressEnter={apply}
          allowClear
          maxLength={LEDGER_NUMBER_MAX}
          status={isNumberValid ? undefined : 'error'}
          placeholder={t('consumptionFlow.filter.number')}
          aria-label={t('consumptionFlow.filter.number')}
          aria-invalid={!isNumberValid}
          data-testid="ledger-filter-number"
        />
        {isNumberValid ? null : (
          <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
            {t('consumptionFlow.filter.numberInvalid', { max: LEDGER_NUMBER_MAX })}
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="ledger-search">
          {t('consumptionFlow.filter.search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="ledger-filter-reset">
          {t('consumptionFlow.filter.reset')}
        </Button>
      </Flex>
    </Flex>
  );

  if (!isMobile) return fields;
  return (
    <Flex vertical gap={12}>
      <Badge count={activeCount} size="small" offset={[-4, 4]}>
        <Button
          icon={<FilterOutlined />}
          onClick={() => setIsOpen(!isOpen)}
          aria-expanded={isOpen}
          data-testid="ledger-filters-toggle"
        >
          {t(isOpen ? 'consumptionFlow.filter.hide' : 'consumptionFlow.filter.show')}
        </Button>
      </Badge>
      {isOpen ? fields : null}
    </Flex>
  );
}
