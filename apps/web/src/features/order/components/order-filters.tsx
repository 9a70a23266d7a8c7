import { useEffect, useState, type KeyboardEvent } from 'react';
import { Badge, Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MAX_PASTED_NUMBERS, splitNumbers } from '@portal/contracts/order-list';
import { CountrySelect } from '../../../components/reference/country-select';
import { calendarDayOf } from '../../../lib/format-date';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useProducts } from '../api/query-products';
import { EMPTY_ORDER_SEARCH, recognisedNumbers, type OrderListSearch } from '../lib/order-list-search';

interface OrderFiltersProps {
  search: OrderListSearch;
  /** A new search (the status tab stays; the page starts again at 1). */
  onSearch: (next: OrderListSearch) => void;
}

interface Draft {
  range: [Dayjs, Dayjs] | null;
  countryCode: string | null;
  productCode: string | null;
  keyword: string;
  numbersText: string;
}

function draftOf(search: OrderListSearch): Draft {
  return {
    range:
      search.createdFrom && search.createdTo
        ? [dayjs(search.createdFrom), dayjs(search.createdTo)]
        : search.createdFrom
          ? [dayjs(search.createdFrom), dayjs(search.createdFrom)]
          : null,
    countryCode: search.countryCode,
    productCode: search.productCode,
    keyword: search.keyword,
    numbersText: search.numbers.join('\n'),
  };
}

/**
 * The filters above the list: created date range, country (searchable), product, consignee keyword and a
 * box for up to 500 pasted numbers (any separator; the count recognised shows as one types). Enter in a
 * field searches (Ctrl+Enter in the numbers box, where Enter starts a new line). On a phone they fold
 * behind one button.
 */
export function OrderFilters({ search, onSearch }: OrderFiltersProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { data: products } = useProducts();
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [isOpen, setIsOpen] = useState(false);
  const recognised = recognisedNumbers(draft.numbersText);

  // Back/forward or a link changed the search: the fields show it.
  const searchKey = JSON.stringify({ ...search, page: 1, status: null });
  useEffect(() => setDraft(draftOf(JSON.parse(searchKey) as OrderListSearch)), [searchKey]);

  const apply = () => {
    if (recognised.isTooMany) return;
    onSearch({
      ...search,
      page: 1,
      createdFrom: draft.range ? calendarDayOf(draft.range[0]) : null,
      createdTo: draft.range ? calendarDayOf(draft.range[1]) : null,
      countryCode: draft.countryCode,
      productCode: draft.productCode,
      keyword: draft.keyword.trim(),
      numbers: splitNumbers(draft.numbersText),
    });
  };
  const reset = () => {
    setDraft(draftOf(EMPTY_ORDER_SEARCH));
    onSearch({ ...EMPTY_ORDER_SEARCH, status: search.status });
  };
  const onNumbersKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      apply();
    }
  };
  const activeCount = [
    search.createdFrom,
    search.countryCode,
    search.productCode,
    search.keyword,
    search.numbers.length > 0,
  ].filter(Boolean).length;

  const buttons = (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="order-search">
        {t('orderList.filter.search')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={reset} data-testid="order-filter-reset">
        {t('orderList.filter.reset')}
      </Button>
    </Flex>
  );

  const fieldWidth = isMobile ? '100%' : 220;
  const fields = (
    <Flex gap={12} wrap align="start" data-testid="order-filters">
      <Flex vertical gap={12} style={{ width: isMobile ? '100%' : 'auto' }}>
        <Flex gap={12} wrap>
          <DatePicker.RangePicker
            value={draft.range}
            onChange={(range) =>
              setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : null })
            }
            allowEmpty={[false, false]}
            placeholder={[t('orderList.filter.createdFrom'), t('orderList.filter.createdTo')]}
            aria-label={t('orderList.filter.createdRange')}
            style={{ width: isMobile ? '100%' : 260 }}
            data-testid="order-filter-range"
          />
          <div style={{ width: fieldWidth }}>
            <CountrySelect
              value={draft.countryCode ?? undefined}
              onChange={(code) => setDraft({ ...draft, countryCode: code || null })}
              allowClear
              placeholder={t('orderList.filter.country')}
              aria-label={t('orderList.filter.country')}
            />
          </div>
          <Select
            value={draft.productCode ?? undefined}
            onChange={(code?: string) => setDraft({ ...draft, productCode: code ?? null })}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('orderList.filter.product')}
            aria-label={t('orderList.filter.product')}
            options={(products ?? []).map((product) => ({
              value: product.productCode,
              label: `${product.productName} (${product.productCode})`,
            }))}
            style={{ width: fieldWidth }}
            data-testid="order-filter-product"
          />
          <Input
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
            onPressEnter={apply}
            allowClear
            maxLength={100}
            placeholder={t('orderList.filter.keyword')}
            aria-label={t('orderList.filter.keyword')}
            style={{ width: fieldWidth }}
            data-testid="order-filter-keyword"
          />
        </Flex>
        {isMobile ? null : buttons}
      </Flex>
      <Flex vertical gap={4} style={{ width: isMobile ? '100%' : 320 }}>
        <Input.TextArea
          value={draft.numbersText}
          onChange={(event) => setDraft({ ...draft, numbersText: event.target.value })}
          onKeyDown={onNumbersKey}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('orderList.filter.numbersPlaceholder', { max: MAX_PASTED_NUMBERS })}
          aria-label={t('orderList.filter.numbers')}
          status={recognised.isTooMany ? 'error' : undefined}
          data-testid="order-filter-numbers"
        />
        <Typography.Text
          type={recognised.isTooMany ? 'danger' : 'secondary'}
          style={{ fontSize: 12 }}
          aria-live="polite"
          data-testid="order-numbers-count"
        >
          {recognised.isTooMany
            ? t('orderList.filter.tooManyNumbers', { count: recognised.count, max: MAX_PASTED_NUMBERS })
            : t('orderList.filter.numbersRecognised', { count: recognised.count, max: MAX_PASTED_NUMBERS })}
        </Typography.Text>
      </Flex>
      {/* On a phone the buttons come after every field, the numbers box included. */}
      {isMobile ? buttons : null}
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
          data-testid="order-filters-toggle"
        >
          {t(isOpen ? 'orderList.filter.hide' : 'orderList.filter.show')}
        </Button>
      </Badge>
      {isOpen ? fields : null}
    </Flex>
  );
}
