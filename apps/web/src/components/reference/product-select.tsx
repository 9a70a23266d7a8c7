import { useMemo } from 'react';
import { Select } from 'antd';
import { useAllProducts } from '../../lib/reference/api/query-all-products';
import { useLanguage } from '../../lib/i18n/use-language';

export interface ProductSelectProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  allowClear?: boolean;
}

/** A product of the customer's catalog by code, named in the interface language; searchable by code or name. */
export function ProductSelect({ value, onChange, id, placeholder, allowClear, ...rest }: ProductSelectProps) {
  const language = useLanguage();
  const { data, isPending } = useAllProducts();
  const options = useMemo(
    () =>
      (data ?? []).map((product) => ({
        value: product.productCode,
        label: `${product.names[language] || product.productName} (${product.productCode})`,
      })),
    [data, language],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={(code?: string) => onChange?.(code)}
      options={options}
      loading={isPending}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
