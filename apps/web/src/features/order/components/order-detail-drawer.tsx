import type { ReactNode } from 'react';
import { Card, Descriptions, Drawer, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { EstimatedCharge, OrderParty } from '@portal/contracts/order';
import type { OrderDetail } from '@portal/contracts/order-list';
import type { LedgerEntry } from '@portal/contracts/wallet';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useOrderDetail } from '../api/get-order';
import { formatKg, partyAddressOf } from '../lib/order-text';
import { OrderRowActions, type OrderActionHandlers } from './order-row-actions';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { TrackingTimeline } from './tracking-timeline';

interface OrderDetailDrawerProps extends Omit<OrderActionHandlers, 'onDetail'> {
  orderId: string | null;
  isPrinting: boolean;
  onClose: () => void;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      {children}
    </Card>
  );
}

/**
 * One order in full: numbers and status, its actions, the journey's times, both addresses, parcels,
 * declared items, the four weights, the estimated and final charge with their lines, the ledger rows it
 * caused and the tracking timeline (newest first).
 */
export function OrderDetailDrawer(props: OrderDetailDrawerProps) {
  const { orderId, isPrinting, onClose } = props;
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const detail = useOrderDetail(orderId);
  const order = detail.data;

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      title={
        order ? t('orderList.detail.title', { number: order.customerOrderNo }) : t('orderList.detail.loading')
      }
      size={isMobile ? '100%' : 820}
      destroyOnHidden
      data-testid="order-detail"
    >
      {detail.isError ? (
        <ListLoadError
          error={detail.error}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      ) : !order ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <OrderDetailBody order={order} isPrinting={isPrinting} handlers={props} />
      )}
    </Drawer>
  );
}

function OrderDetailBody({
  order,
  isPrinting,
  handlers,
}: {
  order: OrderDetail;
  isPrinting: boolean;
  handlers: Omit<OrderActionHandlers, 'onDetail'>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { nameOf } = useCountryNames();
  const time = (value: string | null) => (value ? formatDateTime(value, language) : dash);
  const weight = (value: number | null) => formatKg(value, language) ?? dash;

  const party = (value: OrderParty) => (
    <Flex vertical gap={2}>
      <Typography.Text strong>
        {value.name}
        {value.company ? ` · ${value.company}` : ''}
      </Typography.Text>
      <Typography.Text>
        {value.phone}
        {value.email ? ` · ${value.email}` : ''}
      </Typography.Text>
      <Typography.Text>
        {nameOf(value.countryCode)} · {partyAddressOf(value)}
      </Typography.Text>
      {value.taxId ? <Typography.Text type="secondary">{value.taxId}</Typography.Text> : null}
    </Flex>
  );

  const charge = (title: string, value: EstimatedCharge | null, testId: string) => (
    <Flex vertical gap={4} style={{ flex: '1 1 260px' }} data-testid={testId}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {value ? (
        <>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {formatMoney(value.totalAmount, value.currencyCode, language)}
          </Typography.Text>
          {value.breakdown.map((line) => (
            <Flex key={line.code} justify="space-between" gap={12}>
              <span>
                {line.label}
                {line.detail ? <Typography.Text type="secondary"> ({line.detail})</Typography.Text> : null}
              </span>
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount, value.currencyCode, language)}
              </span>
            </Flex>
          ))}
        </>
      ) : (
        <Typography.Text type="secondary">{t('orderList.detail.noFinalCharge')}</Typography.Text>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <Flex gap={8} align="center" wrap>
          <OrderStatusTag order={order} />
          <Typography.Text copyable={{ text: order.customerOrderNo }} strong>
            {order.customerOrderNo}
          </Typography.Text>
          {order.waybillNo ? (
            <Typography.Text copyable={{ text: order.waybillNo }} data-testid="order-detail-waybill">
              {order.waybillNo}
            </Typography.Text>
          ) : null}
          {order.lastMileNo ? (
            <Typography.Text copyable={{ text: order.lastMileNo }}>
              {order.lastMileCarrier ? `${order.lastMileCarrier} ` : ''}
              {order.lastMileNo}
            </Typography.Text>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{order.productName}</Typography.Text>
        <OrderRowActions order={order} layout="buttons" isPrinting={isPrinting} {...handlers} />
      </Flex>

      <Section title={t('orderList.detail.journey')} testId="order-detail-journey">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'created', label: t('orderList.time.created'), children: time(order.createdAt) },
            { key: 'submitted', label: t('orderList.time.submitted'), children: time(order.submittedAt) },
            { key: 'received', label: t('orderList.time.received'), children: time(order.receivedAt) },
            { key: 'handedOver', label: t('orderList.time.handedOver'), children: time(order.handedOverAt) },
            { key: 'delivered', label: t('orderList.time.delivered'), children: time(order.deliveredAt) },
            ...(order.returnedAt
              ? [{ key: 'returned', label: t('orderList.time.returned'), children: time(order.returnedAt) }]
              : []),
            ...(order.cancelledAt
              ? [
                  {
                    key: 'cancelled',
                    label: t('orderList.time.cancelled'),
                    children: time(order.cancelledAt),
                  },
                ]
              : []),
          ]}
        />
      </Section>

      <Section title={t('orderList.detail.tracking')} testId="order-detail-tracking">
        <TrackingTimeline events={order.trackingEvents} />
      </Section>

      <Section title={t('orderList.detail.addresses')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          layout="vertical"
          items={[
            { key: 'shipper', label: t('orderList.detail.shipper'), children: party(order.shipper) },
            { key: 'consignee', label: t('orderList.detail.consignee'), children: party(order.consignee) },
          ]}
        />
      </Section>

      <Section title={t('orderList.detail.weights')} testId="order-detail-weights">
        <Descriptions
          size="small"
          column={{ xs: 2, sm: 4 }}
          layout="vertical"
          items={[
            {
              key: 'forecast',
              label: t('orderList.weight.forecast'),
              children: weight(order.forecastWeight),
            },
            { key: 'actual', label: t('orderList.weight.actual'), children: weight(order.actualWeight) },
            {
              key: 'volumetric',
              label: t('orderList.weight.volumetric'),
              children: weight(order.volumetricWeight),
            },
            {
              key: 'chargeable',
              label: t('orderList.weight.chargeable'),
              children: weight(order.chargeableWeight),
            },
          ]}
        />
        <Table
          size="small"
          rowKey={(_, index) => String(index)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={order.parcels}
          columns={[
            { title: '#', key: 'index', width: 48, render: (_, __, index) => index + 1 },
            {
              title: t('orderList.detail.parcelWeight'),
              key: 'weight',
              render: (_, p) => formatKg(p.weight, language),
            },
            {
              title: t('orderList.detail.parcelSize'),
              key: 'size',
              render: (_, p) => `${p.length} × ${p.width} × ${p.height} cm`,
            },
          ]}
          style={{ marginTop: 8 }}
          data-testid="order-detail-parcels"
        />
      </Section>

      <Section title={t('orderList.detail.items')}>
        <Table
          size="small"
          rowKey={(_, index) => String(index)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={order.items}
          columns={[
            {
              title: t('orderList.detail.itemName'),
              key: 'name',
              render: (_, item) => (
                <Flex vertical>
                  <span>{item.nameCn}</span>
                  <Typography.Text type="secondary">{item.nameEn}</Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('orderList.detail.hsCode'),
              dataIndex: 'hsCode',
              render: (v: string | null) => v || dash,
            },
            { title: t('orderList.detail.quantity'), dataIndex: 'quantity', align: 'right' },
            {
              title: t('orderList.detail.unitPrice'),
              key: 'price',
              align: 'right',
              render: (_, item) => formatMoney(item.unitPrice, item.currencyCode, language),
            },
          ]}
        />
        <Typography.Text style={{ display: 'block', marginTop: 8 }}>
          {t('orderList.detail.declared', {
            amount: formatMoney(order.declaredValue, order.declaredCurrencyCode, language),
          })}
        </Typography.Text>
      </Section>

      <Section title={t('orderList.detail.charges')} testId="order-detail-charges">
        <Flex gap={24} wrap>
          {charge(t('orderList.detail.estimatedCharge'), order.estimatedCharge, 'order-detail-estimate')}
          {charge(t('orderList.detail.finalCharge'), order.finalCharge, 'order-detail-final')}
        </Flex>
      </Section>

      <Section title={t('orderList.detail.ledger')} testId="order-detail-ledger">
        <Table<LedgerEntry>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={order.ledgerEntries}
          locale={{ emptyText: t('orderList.detail.noLedger') }}
          columns={[
            {
              title: t('orderList.detail.ledgerTime'),
              dataIndex: 'createdAt',
              render: (v: string) => formatDateTime(v, language),
            },
            {
              title: t('orderList.detail.ledgerType'),
              dataIndex: 'entryType',
              render: (type: LedgerEntry['entryType']) => <Tag>{t(`orderList.ledgerType.${type}`)}</Tag>,
            },
            {
              title: t('orderList.detail.ledgerAmount'),
              key: 'amount',
              align: 'right',
              render: (_, entry) => (
                <Typography.Text
                  type={entry.amount < 0 ? undefined : 'success'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {entry.amount > 0 ? '+' : ''}
                  {formatMoney(entry.amount, entry.currencyCode, language)}
                </Typography.Text>
              ),
            },
            {
              title: t('orderList.detail.ledgerBalance'),
              key: 'balance',
              align: 'right',
              render: (_, entry) => formatMoney(entry.balanceAfter, entry.currencyCode, language),
            },
            {
              title: t('orderList.detail.ledgerRemark'),
              dataIndex: 'remark',
              render: (v: string | null) => v || dash,
            },
          ]}
        />
      </Section>
    </Flex>
  );
}
