import { useMemo } from 'react';
import { Cascader, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CnDivisionTreeNode } from '@portal/contracts/reference';
import { useCnDivisionTree } from '../../lib/reference/api/get-cn-division-tree';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

function toOptions(nodes: readonly CnDivisionTreeNode[]): RegionOption[] {
  return nodes.map((node) => ({
    value: node.name,
    label: node.name,
    ...(node.children?.length ? { children: toOptions(node.children) } : {}),
  }));
}

export interface ChinaRegionCascaderProps {
  /** `[province, city]` or `[province, city, district]`, by official name. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Province → city → district picker over the official division data, with search across all levels
 * (type "南山" to find 广东省 / 深圳市 / 南山区). Cities without a district level end at the city.
 * Works as a controlled antd Form field.
 */
export function ChinaRegionCascader({
  value,
  onChange,
  id,
  placeholder,
  disabled,
  autoFocus,
}: ChinaRegionCascaderProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCnDivisionTree();
  const options = useMemo(() => (data ? toOptions(data) : []), [data]);

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={value}
      onChange={(next) => onChange?.((next ?? []).map(String))}
      placeholder={placeholder ?? t('reference.regionPlaceholder')}
      disabled={disabled}
      autoFocus={autoFocus}
      allowClear
      showSearch={{
        filter: (input, path) => path.some((option) => option.label.includes(input.trim())),
        limit: 50,
      }}
      notFoundContent={
        isPending ? (
          <Spin size="small" />
        ) : isError ? (
          <a onClick={() => void refetch()}>{t('reference.loadFailedRetry')}</a>
        ) : (
          t('reference.noRegionMatch')
        )
      }
      style={{ width: '100%' }}
      data-testid="china-region-cascader"
    />
  );
}
