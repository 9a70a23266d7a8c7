import { useEffect, useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Address } from '@portal/contracts/address';
import { useSenders } from '../api/query-senders';

/** One line that tells two senders apart: name, phone, city and street. */
export function senderSummary(address: Address): string {
  const place = [address.countryCode, address.province, address.city].filter(Boolean).join(' ');
  return `${address.name} · ${address.phone} · ${place} ${address.addressLine1}`;
}

interface SenderSelectProps {
  value?: string;
  onChange: (id: string | undefined) => void;
  /** The first list (no keyword) arrived: the page preselects the default or notices an empty book. */
  onFirstList?: (senders: readonly Address[]) => void;
  id?: string;
  disabled?: boolean;
}

/** A sender of the address book, searchable on the server (name, phone, company or city), the default marked. */
export function SenderSelect({ value, onChange, onFirstList, id, disabled }: SenderSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching, isError, refetch } = useSenders(keyword);
  const [known, setKnown] = useState<ReadonlyMap<string, Address>>(new Map());
  const [reported, setReported] = useState(false);

  useEffect(() => {
    if (!data) return;
    setKnown((previous) => new Map([...previous, ...data.items.map((a) => [a.id, a] as const)]));
    if (!reported && keyword === '') {
      setReported(true);
      onFirstList?.(data.items);
    }
  }, [data, keyword, reported, onFirstList]);

  const options = useMemo(() => {
    const items = data?.items ?? [];
    const selected = value ? known.get(value) : undefined;
    const list = selected && !items.some((a) => a.id === selected.id) ? [selected, ...items] : items;
    return list.map((address) => ({
      value: address.id,
      label: (
        <span title={senderSummary(address)}>
          {address.isDefault ? (
            <Typography.Text type="success" style={{ marginInlineEnd: 6 }}>
              [{t('orderImport.start.defaultSender')}]
            </Typography.Text>
          ) : null}
          {senderSummary(address)}
        </span>
      ),
    }));
  }, [data, known, value, t]);

  return (
    <Select
      id={id}
      value={value}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={isFetching}
      options={options}
      onChange={(next?: string) => onChange(next)}
      placeholder={t('orderImport.start.senderPlaceholder')}
      notFoundContent={
        isError ? (
          <Typography.Link onClick={() => void refetch()}>
            {t('orderImport.start.sendersFailed')}
          </Typography.Link>
        ) : isFetching ? (
          t('common.loading')
        ) : (
          t('orderImport.start.noSenders')
        )
      }
      onOpenChange={(open: boolean) => {
        if (!open) setTyped('');
      }}
      style={{ width: '100%' }}
      data-testid="order-import-sender"
    />
  );
}
