import { useState } from 'react';
import { Button, Card, Drawer, Empty, Flex, Skeleton, Statistic, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Permission } from '@portal/contracts/permissions';
import { Access } from '../../../components/access';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { useAccess } from '../../../lib/access/use-access';
import { OPEN_TOP_UP_PARAM } from '../../../lib/app-paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useListPaging } from '../../../lib/list-pagination';
import { formatMoney } from '../../../lib/money';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { useRecharges } from '../api/query-recharges';
import { RechargeCardList } from '../components/recharge-card-list';
import { RechargeFilters } from '../components/recharge-filters';
import { RechargeTable } from '../components/recharge-table';
import { TopUpForm } from '../components/top-up-form';
import { toRechargeFilter, type RechargeFilter } from '../lib/recharge-filter';

/**
 * `/user/settlement/topUpOnline` (finance:view): the recharge records with filters, the paid totals per
 * currency and the export; "Top up" (finance:topup) opens the shared top-up form in a drawer.
 */
export default function RechargeRecordsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const { can } = useAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  const isTopUpOpen = searchParams.get(OPEN_TOP_UP_PARAM) === '1' && can(Permission.FinanceTopUp);
  const [filter, setFilter] = useState<RechargeFilter>({});
  const paging = useListPaging();
  const { page, pageSize, setPage } = paging;
  const list = useRecharges({ ...filter, pageIndex: page, pageSize });
  const wallets = useWalletBalance();
  const currencies =
    wallets.data && wallets.data.length > 0 ? wallets.data.map((w) => w.currencyCode) : ['CNY'];
  const hasFilters = Object.values(filter).some((value) => value !== null && value !== undefined);

  const setTopUpOpen = (isOpen: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (isOpen) next.set(OPEN_TOP_UP_PARAM, '1');
        else next.delete(OPEN_TOP_UP_PARAM);
        return next;
      },
      { replace: true },
    );
  const search = (next: RechargeFilter) => {
    setFilter(next);
    setPage(1);
  };

  const content = (() => {
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="recharge-skeleton" />;
    const List = isMobile ? RechargeCardList : RechargeTable;
    return (
      <List
        items={list.data.list}
        isLoading={list.isFetching && list.isPlaceholderData}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} align="center">
                <Typography.Text strong>
                  {hasFilters ? t('recharge.records.noMatch') : t('recharge.records.empty')}
                </Typography.Text>
                {hasFilters ? null : (
                  <Typography.Text type="secondary" style={{ maxWidth: 440, textWrap: 'balance' }}>
                    {t('recharge.records.emptyHint')}
                  </Typography.Text>
                )}
              </Flex>
            }
            data-testid="recharge-empty"
          />
        }
        pagination={paging.paginationOf(list.data.total)}
      />
    );
  })();

  const paidTotals = list.data?.paidTotals ?? [];
  return (
    <Card data-testid="recharge-records-page">
      <RechargeFilters
        isCollapsible={isMobile}
        currencies={currencies}
        onSearch={(values) => search(toRechargeFilter(values))}
        onReset={() => search({})}
        isSearching={list.isFetching}
      />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Flex gap={24} wrap align="center" style={{ flex: '1 1 240px' }} data-testid="recharge-paid-totals">
          {list.data ? (
            paidTotals.length > 0 ? (
              paidTotals.map((total) => (
                <Statistic
                  key={total.currencyCode}
                  title={`${t('recharge.records.paidTotal')} (${total.currencyCode})`}
                  value={formatMoney(total.amount, total.currencyCode, language)}
                  styles={{ content: { fontSize: 20 } }}
                  data-testid={`recharge-paid-total-${total.currencyCode}`}
                />
              ))
            ) : (
              <Typography.Text type="secondary">{t('recharge.records.noPaid')}</Typography.Text>
            )
          ) : null}
        </Flex>
        <Flex gap={8} align="center">
          <ExportButton
            kind="recharges"
            source={() => ({ rechargeFilter: filter })}
            isCompact={isMobile}
            testId="recharge-export"
          />
          <Access permission={Permission.FinanceTopUp}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTopUpOpen(true)}
              data-testid="recharge-top-up"
            >
              {t('recharge.topUp')}
            </Button>
          </Access>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('recharge.records.hint')}
      </Typography.Paragraph>
      {content}
      <Drawer
        open={isTopUpOpen}
        title={t('recharge.form.title')}
        size={isMobile ? '100%' : 520}
        destroyOnHidden
        onClose={() => setTopUpOpen(false)}
        data-testid="top-up-drawer"
      >
        <TopUpForm payer={{ kind: 'signedIn' }} currencies={currencies} onDone={() => setTopUpOpen(false)} />
      </Drawer>
    </Card>
  );
}
