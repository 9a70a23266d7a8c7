import { useEffect, useState } from 'react';
import { Button, Card, Collapse, Flex, Input, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MAX_PASTED_NUMBERS, splitNumbers } from '@portal/contracts/order-list';
import { ListLoadError } from '../../../components/list-load-error';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { useTracking } from '../api/query-tracking';
import { recognisedNumbers } from '../lib/order-list-search';
import { NotFoundNumbers } from './not-found-numbers';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { TrackingTimeline } from './tracking-timeline';

interface TrackingModalProps {
  open: boolean;
  /** The numbers to track at once (a row's number); empty opens the box to paste into. */
  initialNumbers: readonly string[];
  onClose: () => void;
}

/** Tracking for one or many reference, waybill or last-mile numbers (`CustomerOrder/QueryTracking`). */
export function TrackingModal({ open, initialNumbers, onClose }: TrackingModalProps) {
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();
  const [text, setText] = useState('');
  const [numbers, setNumbers] = useState<string[]>([]);
  const tracking = useTracking(numbers);
  const recognised = recognisedNumbers(text);

  const initialKey = initialNumbers.join('\n');
  useEffect(() => {
    if (!open) return;
    setText(initialKey);
    setNumbers(splitNumbers(initialKey));
  }, [open, initialKey]);

  const track = () => {
    if (recognised.isTooMany || recognised.count === 0) return;
    setNumbers(splitNumbers(text));
  };

  const results = tracking.data?.list ?? [];
  return (
    <Modal
      open={open}
      title={t('orderList.tracking.title')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      data-testid="tracking-modal"
    >
      <Flex vertical gap={12}>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              track();
            }
          }}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('orderList.filter.numbersPlaceholder', { max: MAX_PASTED_NUMBERS })}
          aria-label={t('orderList.tracking.numbers')}
          status={recognised.isTooMany ? 'error' : undefined}
          data-testid="tracking-numbers"
        />
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type={recognised.isTooMany ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {recognised.isTooMany
              ? t('orderList.filter.tooManyNumbers', { count: recognised.count, max: MAX_PASTED_NUMBERS })
              : t('orderList.filter.numbersRecognised', { count: recognised.count, max: MAX_PASTED_NUMBERS })}
          </Typography.Text>
          <Button
            type="primary"
            onClick={track}
            disabled={recognised.isTooMany || recognised.count === 0}
            loading={tracking.isFetching}
            data-testid="tracking-submit"
          >
            {t('orderList.tracking.submit')}
          </Button>
        </Flex>
        {tracking.isError ? (
          <ListLoadError
            error={tracking.error}
            onRetry={() => void tracking.refetch()}
            isRetrying={tracking.isFetching}
          />
        ) : tracking.isPending && numbers.length > 0 ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            <NotFoundNumbers numbers={tracking.data?.notFoundNumbers ?? []} />
            <Collapse
              defaultActiveKey={results.length <= 3 ? results.map((item) => item.number) : []}
              items={results.map((item) => ({
                key: item.number,
                label: (
                  <Flex gap={8} wrap align="center">
                    <Typography.Text strong>{item.number}</Typography.Text>
                    <OrderStatusTag order={item} />
                    <Typography.Text type="secondary">
                      {nameOf(item.consigneeCountryCode)}
                      {item.waybillNo && item.waybillNo !== item.number ? ` · ${item.waybillNo}` : ''}
                      {item.lastMileNo ? ` · ${item.lastMileCarrier ?? ''} ${item.lastMileNo}`.trimEnd() : ''}
                    </Typography.Text>
                  </Flex>
                ),
                children: (
                  <Card size="small" variant="borderless">
                    <TrackingTimeline events={item.events} />
                  </Card>
                ),
              }))}
              data-testid="tracking-results"
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
