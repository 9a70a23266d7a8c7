import { Flex, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { CustomerLevel } from '@portal/contracts/product';
import { ListLoadError } from '../../../components/list-load-error';
import { useCustomerLevels } from '../api/query-customer-levels';

/** The customer levels with their benefit (the discount on every product's rate), the customer's marked. */
export function LevelBenefits() {
  const { t } = useTranslation();
  const levels = useCustomerLevels();
  if (levels.isError)
    return (
      <ListLoadError
        error={levels.error}
        onRetry={() => void levels.refetch()}
        isRetrying={levels.isFetching}
      />
    );
  if (levels.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Table<CustomerLevel>
      data-testid="customer-levels"
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={levels.data}
      locale={{ emptyText: t('common.empty') }}
      rowClassName={(level) => (level.isCurrent ? 'ant-table-row-selected' : '')}
      columns={[
        {
          key: 'name',
          title: t('customerInfo.levelName'),
          render: (_, level) => (
            <Flex gap={8} align="center" wrap>
              {level.name}
              {level.isCurrent ? <Tag color="blue">{t('customerInfo.currentLevel')}</Tag> : null}
            </Flex>
          ),
        },
        {
          key: 'benefit',
          title: t('customerInfo.levelBenefit'),
          render: (_, level) =>
            level.discountPercent > 0
              ? t('customerInfo.discount', { percent: level.discountPercent })
              : t('customerInfo.noDiscount'),
        },
      ]}
    />
  );
}
