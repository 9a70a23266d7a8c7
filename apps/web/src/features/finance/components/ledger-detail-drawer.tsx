import { Card, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import type { LedgerDetail } from '@portal/contracts/consumption-flow';
import type { RechargeChannel, RechargeStatus } from '@portal/contracts/recharge';
import { ListLoadError } from '../../../components/list-load-error';
import { BILLS_PATH, orderListPathFor } from '../../../lib/app-paths';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLedgerEntry } from '../api/get-ledger-entry';
import { LedgerTypeTag } from './ledger-type-tag';
import { MoneyText } from './money-text';

interface LedgerDetailDrawerProps {
  entryId: string | null;
  onClose: () => void;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;

/** One ledger row in full (`ConsumptionFlow/Get`): amounts, held part, who made it and what it relates to. */
export function LedgerDetailDrawer({ entryId, onClose }: LedgerDetailDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const detail = useLedgerEntry(entryId);
  return (
    <Drawer
      open={entryId !== null}
      onClose={onClose}
      title={detail.data ? t('consumptionFlow.detail.title') : t('consumptionFlow.detail.loading')}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
      data-testid="ledger-detail"
    >
      {detail.isError ? (
        <ListLoadError
          error={detail.error}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      ) : !detail.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <LedgerDetailBody entry={detail.data} />
      )}
    </Drawer>
  );
}

function LedgerDetailBody({ entry }: { entry: LedgerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number, signed = false) => (
    <MoneyText amount={amount} currencyCode={entry.currencyCode} signed={signed} />
  );
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <LedgerTypeTag type={entry.entryType} />
        <MoneyText
          amount={entry.amount}
          currencyCode={entry.currencyCode}
          signed
          strong
          testId="ledger-detail-amount"
        />
        <Typography.Text type="secondary">{formatDateTime(entry.createdAt, language)}</Typography.Text>
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={1}
        data-testid="ledger-detail-facts"
        items={[
          {
            key: 'entryNo',
            label: t('consumptionFlow.detail.entryNo'),
            children: `${entry.currencyCode} #${entry.entryNo}`,
          },
          { key: 'amount', label: t('consumptionFlow.column.amount'), children: money(entry.amount, true) },
          {
            key: 'balanceAfter',
            label: t('consumptionFlow.column.balanceAfter'),
            children: money(entry.balanceAfter),
          },
          {
            key: 'heldChange',
            label: t('consumptionFlow.detail.heldChange'),
            children: money(entry.heldChange, true),
          },
          {
            key: 'heldAfter',
            label: t('consumptionFlow.detail.heldAfter'),
            children: money(entry.heldAfter),
          },
          {
            key: 'createdBy',
            label: t('consumptionFlow.detail.createdBy'),
            children: entry.createdByName ?? t('consumptionFlow.detail.system'),
          },
          {
            key: 'referenceNo',
            label: t('consumptionFlow.detail.referenceNo'),
            children: entry.referenceNo ?? dash,
          },
          { key: 'remark', label: t('consumptionFlow.column.remark'), children: entry.remark ?? dash },
        ]}
      />
      {entry.order ? (
        <Card size="small" title={t('consumptionFlow.detail.order')} data-testid="ledger-detail-order">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'number',
                label: t('consumptionFlow.related.order'),
                children: (
                  <Link
                    to={orderListPathFor(entry.order.customerOrderNo)}
                    data-testid="ledger-detail-order-link"
                  >
                    {entry.order.customerOrderNo}
                  </Link>
                ),
              },
              ...(entry.order.waybillNo
                ? [
                    {
                      key: 'waybill',
                      label: t('consumptionFlow.detail.waybillNo'),
                      children: entry.order.waybillNo,
                    },
                  ]
                : []),
              {
                key: 'status',
                label: t('consumptionFlow.detail.orderStatus'),
                children: t(`orderStatus.${entry.order.status}`, { defaultValue: entry.order.status }),
              },
              {
                key: 'product',
                label: t('consumptionFlow.detail.product'),
                children: entry.order.productCode,
              },
              {
                key: 'destination',
                label: t('consumptionFlow.detail.destination'),
                children: entry.order.consigneeCountryCode,
              },
            ]}
          />
        </Card>
      ) : null}
      {entry.recharge ? (
        <Card size="small" title={t('consumptionFlow.detail.recharge')} data-testid="ledger-detail-recharge">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'number',
                label: t('consumptionFlow.related.recharge'),
                children: <Typography.Text copyable>{entry.recharge.rechargeNo}</Typography.Text>,
              },
              {
                key: 'channel',
                label: t('consumptionFlow.detail.channel'),
                children: t(`recharge.channel.${entry.recharge.channel as RechargeChannel}`, {
                  defaultValue: entry.recharge.channel,
                }),
              },
              {
                key: 'status',
                label: t('consumptionFlow.detail.rechargeStatus'),
                children: t(`recharge.status.${entry.recharge.status as RechargeStatus}`, {
                  defaultValue: entry.recharge.status,
                }),
              },
            ]}
          />
        </Card>
      ) : null}
      {entry.bill ? (
        <Card size="small" title={t('consumptionFlow.detail.bill')} data-testid="ledger-detail-bill">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'number',
                label: t('consumptionFlow.related.bill'),
                children: (
                  <Link to={`${BILLS_PATH}?billNo=${encodeURIComponent(entry.bill.billNo)}`}>
                    {entry.bill.billNo}
                  </Link>
                ),
              },
              { key: 'period', label: t('consumptionFlow.detail.period'), children: entry.bill.periodLabel },
            ]}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
