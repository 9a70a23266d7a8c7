import { Select } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { LABEL_SIZES, type LabelSize } from '@portal/contracts/order-list';

interface LabelSizeSelectProps {
  value: LabelSize;
  onChange: (size: LabelSize) => void;
}

/** The label size every print uses: 100×100 mm, 100×150 mm or A4 sheets; remembered by the caller. */
export function LabelSizeSelect({ value, onChange }: LabelSizeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<LabelSize>
      value={value}
      onChange={onChange}
      aria-label={t('orderList.label.size')}
      options={LABEL_SIZES.map((size) => ({ value: size, label: t(`orderList.label.sizes.${size}`) }))}
      style={{ width: 150 }}
      data-testid="order-label-size"
    />
  );
}
