import { Flex, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import { BILLS_PATH, orderListPathFor } from '../../../lib/app-paths';

/**
 * What a ledger row relates to: an order (linking to My orders filtered by its reference), a recharge or a
 * bill (linking to the bill list filtered by its number). A row may name several (a bill's order charge).
 */
export function RelatedNumber({ row, showBill = true }: { row: LedgerRow; showBill?: boolean }) {
  const { t } = useTranslation();
  const parts = [];
  if (row.customerOrderNo)
    parts.push(
      <span key="order">
        <Typography.Text type="secondary">{t('consumptionFlow.related.order')} </Typography.Text>
        <Link to={orderListPathFor(row.customerOrderNo)} data-testid="ledger-order-link">
          {row.customerOrderNo}
        </Link>
      </span>,
    );
  if (row.rechargeNo)
    parts.push(
      <span key="recharge">
        <Typography.Text type="secondary">{t('consumptionFlow.related.recharge')} </Typography.Text>
        <Typography.Text copyable={{ text: row.rechargeNo }}>{row.rechargeNo}</Typography.Text>
      </span>,
    );
  if (row.billNo && showBill)
    parts.push(
      <span key="bill">
        <Typography.Text type="secondary">{t('consumptionFlow.related.bill')} </Typography.Text>
        <Link to={`${BILLS_PATH}?billNo=${encodeURIComponent(row.billNo)}`}>{row.billNo}</Link>
      </span>,
    );
  if (parts.length === 0 && row.referenceNo) parts.push(<span key="reference">{row.referenceNo}</span>);
  if (parts.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={0} style={{ whiteSpace: 'nowrap' }}>
      {parts}
    </Flex>
  );
}
