import { useMemo } from 'react';
import { Cascader, Spin } from 'antd';
import { useTranslation } from '../../lib/i18n/use-translation';
import type { CnDivisionTreeNode } from '@portal/contracts/reference';
import { useCnDivisionTree } from '../../lib/reference/api/get-cn-division-tree';
import './china-region-cascader.css';

export interface RegionOption {
  /** The official name, which addresses store. */
  value: string;
  /** The name in the interface's script (Traditional Chinese in zh-TW). */
  label: string;
  pinyin: string;
  initials: string;
  children?: RegionOption[];
}

export function toRegionOptions(nodes: readonly CnDivisionTreeNode[]): RegionOption[] {
  return nodes.map((node) => ({
    value: node.name,
    label: node.localName ?? node.name,
    pinyin: node.pinyin ?? '',
    initials: node.initials ?? '',
    ...(node.children?.length ? { children: toRegionOptions(node.children) } : {}),
  }));
}

/**
 * Whether a place matches what was typed, in any language: its shown or official name contains it, or
 * its pinyin or initials start with it ("guangzhou", "gz" and "广州" all find 广州市; spaces, apostrophes
 * and case are ignored, and ü may be typed v).
 */
export function regionMatches(option: RegionOption, input: string): boolean {
  const text = input.trim();
  if (!text) return false;
  if (option.label.includes(text) || option.value.includes(text)) return true;
  const latin = text.toLowerCase().replace(/[\s']/g, '').replace(/ü/g, 'v');
  if (!/^[a-z]+$/.test(latin)) return false;
  return option.pinyin.startsWith(latin) || option.initials.startsWith(latin);
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
 * by name, pinyin or initials (type "南山", "nanshan" or "ns" to find 广东省 / 深圳市 / 南山区); names show
 * in Traditional Chinese in zh-TW while the value stays the official name. Cities without a district
 * level end at the city.
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
  const options = useMemo(() => (data ? toRegionOptions(data) : []), [data]);

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
      classNames={{ popup: { root: 'region-cascader-popup' } }}
      showSearch={{
        filter: (input, path) => path.some((option) => regionMatches(option, input)),
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
