import { Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { CertificationState } from '@portal/contracts/customer-info';

const COLOR: Record<CertificationState, string> = {
  none: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

/** `isAwaitingDocuments`: pending since registration, nothing submitted yet (not "under review"). */
export function CertificationStateTag({
  state,
  isAwaitingDocuments = false,
}: {
  state: CertificationState;
  isAwaitingDocuments?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={isAwaitingDocuments ? 'warning' : COLOR[state]} data-testid="certification-state">
      {isAwaitingDocuments ? t('customerInfo.state.awaitingDocuments') : t(`customerInfo.state.${state}`)}
    </Tag>
  );
}
