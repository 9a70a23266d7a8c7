import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useTranslation } from '../lib/i18n/use-translation';
import type { Address, AddressType } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Page } from '@portal/contracts/pagination';
import { http } from '../lib/http/client';

/** How many addresses a picker offers at once; typing narrows them on the server. */
const PICKER_PAGE_SIZE = 30;

/**
 * `GET /api/CustomerAddress/Query` for a picker: one type, the default first, filtered by the typed
 * keyword (name, phone, company or city). Silent: the picker shows its own error.
 */
function queryPartyAddresses(
  addressType: AddressType,
  keyword: string,
  signal?: AbortSignal,
): Promise<Page<Address>> {
  return http.get<Page<Address>>(ApiPath.QueryCustomerAddress, {
    params: { pageIndex: 1, pageSize: PICKER_PAGE_SIZE, addressType, ...(keyword ? { keyword } : {}) },
    signal,
    silent: true,
  });
}

function usePartyAddresses(addressType: AddressType, keyword: string) {
  return useQuery({
    // Under the address book's root, so a change there refreshes every picker.
    queryKey: ['customerAddress', 'picker', addressType, keyword],
    queryFn: ({ signal }) => queryPartyAddresses(addressType, keyword, signal),
    placeholderData: keepPreviousData,
  });
}

/** One line that tells two addresses apart: name, phone, then city and street. */
export function addressSummary(address: Address): string {
  const place = [address.countryCode, address.province, address.city, address.district]
    .filter(Boolean)
    .join(' ');
  return `${address.name} · ${address.phone} · ${place} ${address.addressLine1}`;
}

export interface AddressPickerProps {
  addressType: AddressType;
  value?: string | null;
  onChange?: (id: string | null, address: Address | null) => void;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  /** Called once with the first list (no keyword): the page preselects the default, or notices an empty book. */
  onFirstList?: (addresses: readonly Address[]) => void;
  'aria-label'?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * An address-book entry of one type, searchable: typing asks the server (name, phone, company or city),
 * debounced, so a book of thousands stays quick. Defaults come first and are marked.
 */
export function AddressPicker({
  addressType,
  value,
  onChange,
  id,
  placeholder,
  allowClear,
  onFirstList,
  'aria-label': ariaLabel,
  disabled,
  'data-testid': testId,
}: AddressPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching, isError, refetch } = usePartyAddresses(addressType, keyword);
  const [known, setKnown] = useState<Map<string, Address>>(new Map());

  useEffect(() => {
    if (!data) return;
    setKnown((previous) => {
      const next = new Map(previous);
      for (const address of data.items) next.set(address.id, address);
      return next;
    });
  }, [data]);

  const [reportedFirst, setReportedFirst] = useState(false);
  useEffect(() => {
    if (reportedFirst || !data || keyword !== '') return;
    setReportedFirst(true);
    onFirstList?.(data.items);
  }, [data, keyword, reportedFirst, onFirstList]);

  const options = useMemo(() => {
    const items = data?.items ?? [];
    const selected = value ? known.get(value) : undefined;
    const list = selected && !items.some((a) => a.id === selected.id) ? [selected, ...items] : items;
    return list.map((address) => ({
      value: address.id,
      label: (
        <span title={addressSummary(address)}>
          {address.isDefault ? (
            <Typography.Text type="success" style={{ marginInlineEnd: 6 }}>
              [{t('order.form.default')}]
            </Typography.Text>
          ) : null}
          {addressSummary(address)}
        </span>
      ),
    }));
  }, [data, known, value, t]);

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value ?? undefined}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={isFetching}
      options={options}
      onChange={(next: string | undefined) => {
        const id = next ?? null;
        onChange?.(id, id ? (known.get(id) ?? null) : null);
      }}
      notFoundContent={
        isError ? (
          <Typography.Link onClick={() => void refetch()}>
            {t('order.form.addressLoadFailed')}
          </Typography.Link>
        ) : isFetching ? (
          t('common.loading')
        ) : (
          t('order.form.noAddress')
        )
      }
      onOpenChange={(open: boolean) => {
        if (!open) setTyped('');
      }}
      popupMatchSelectWidth
      style={{ width: '100%' }}
    />
  );
}
