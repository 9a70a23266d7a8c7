import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificationState } from '@portal/contracts/customer-info';

const COLOR: Record<CertificationState, string> = {
  none: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

export function CertificationStateTag({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[state]} data-testid="certification-state">
      {t(`customerInfo.state.${state}`)}
    </Tag>
  );
}
