import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Input, Popconfirm, Skeleton, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { AddressType, type Address, type AddressFilter, type AddressQuery } from '@portal/contracts/address';
import { Permission } from '@portal/contracts/permissions';
import { Access } from '../../../components/access';
import { ListLoadError } from '../../../components/list-load-error';
import { useAccess } from '../../../lib/access/use-access';
import { isApiError } from '../../../lib/http/api-error';
import { listPagination } from '../../../lib/list-pagination';
import { readPageSize } from '../../../lib/page-size';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { CountrySelect } from '../../../components/reference/country-select';
import { useDeleteCustomerAddress } from '../api/delete-customer-address';
import { useCustomerAddresses } from '../api/query-customer-address';
import { useSetDefaultCustomerAddress } from '../api/set-default-customer-address';
import { AddressExportButton } from '../components/address-export-button';
import { AddressFormDrawer } from '../components/address-form-drawer';
import { AddressImportModal } from '../components/address-import-modal';
import { AddressCardList } from '../components/address-card-list';
import { AddressTable, type AddressListProps } from '../components/address-table';
import { useDebouncedValue } from '../lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

type Editing = { address: Address | null } | null;

/**
 * `/user/orders/address`: the sender and receiver address books. The tab lives in the URL (so the
 * multi-tab bar returns to it); search, country filter and page live in the page, and a new filter starts
 * again at page 1. Edit controls are removed for users without `address:edit`.
 */
export default function AddressBookPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { can } = useAccess();
  const canEdit = can(Permission.AddressEdit);
  const [searchParams, setSearchParams] = useSearchParams();
  const type = searchParams.get('type') === AddressType.Receiver ? AddressType.Receiver : AddressType.Sender;

  const [searchText, setSearchText] = useState('');
  const keyword = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [countryCode, setCountryCode] = useState<string | undefined>(undefined);
  const [pageSize, setPageSize] = useState(readPageSize);
  const filterKey = `${type}|${keyword}|${countryCode ?? ''}|${pageSize}`;
  // A page number belongs to the filters it was chosen under; new filters start at page 1.
  const [pageState, setPageState] = useState({ filterKey, page: 1 });
  const page = pageState.filterKey === filterKey ? pageState.page : 1;
  const [selection, setSelection] = useState({ key: '', ids: [] as string[] });
  const selectionKey = `${filterKey}|${page}`;
  const selectedIds = selection.key === selectionKey ? selection.ids : [];

  const [editing, setEditing] = useState<Editing>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

  const filter = useMemo<AddressFilter>(
    () => ({ addressType: type, keyword: keyword || undefined, countryCode }),
    [type, keyword, countryCode],
  );
  const query: AddressQuery = { ...filter, pageIndex: page, pageSize };
  const list = useCustomerAddresses(query);
  const remove = useDeleteCustomerAddress();
  const setDefault = useSetDefaultCustomerAddress();

  const total = list.data?.total ?? 0;
  const hasFilters = Boolean(keyword || countryCode);

  // After deleting the last rows of the last page, show the page that now is the last.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && list.data.total > 0 && page > 1) {
      setPageState({ filterKey, page: Math.max(1, Math.ceil(list.data.total / pageSize)) });
    }
  }, [list.data, page, pageSize, filterKey]);

  const switchType = (next: string) => {
    setSearchParams(next === AddressType.Receiver ? { type: next } : {}, { replace: true });
  };
  const clearFilters = () => {
    setSearchText('');
    setCountryCode(undefined);
  };

  // Failures were already shown by the request layer; the list stays as it was.
  const deleteAddresses = async (ids: string[]) => {
    try {
      const result = await remove.mutateAsync(ids);
      uiEffects.showSuccess(t('address.deleted', { count: result.deleted }));
      setSelection({ key: selectionKey, ids: selectedIds.filter((id) => !ids.includes(id)) });
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
  const makeDefault = async (address: Address) => {
    try {
      await setDefault.mutateAsync(address.id);
      uiEffects.showSuccess(t('address.defaultSet'));
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  const addButton = (
    <Access permission={Permission.AddressEdit}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing({ address: null })}
        data-testid="address-add"
      >
        {t('address.add')}
      </Button>
    </Access>
  );
  const importButton = (label: string) => (
    <Access permission={Permission.AddressEdit}>
      <Button icon={<UploadOutlined />} onClick={() => setIsImportOpen(true)} data-testid="address-import">
        {label}
      </Button>
    </Access>
  );

  const toolbar = (
    <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap style={{ flex: isMobile ? '1 1 100%' : '0 1 auto' }}>
        <Input.Search
          allowClear
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => setSearchText(value)}
          placeholder={t('address.searchPlaceholder')}
          style={{ width: isMobile ? '100%' : 300 }}
          aria-label={t('address.searchPlaceholder')}
          data-testid="address-search"
        />
        <div style={{ width: isMobile ? '100%' : 200 }}>
          <CountrySelect
            value={countryCode}
            onChange={(code) => setCountryCode(code || undefined)}
            allowClear
            placeholder={t('address.countryFilter')}
            aria-label={t('address.countryFilter')}
          />
        </div>
      </Flex>
      <Flex gap={8} wrap>
        {selectedIds.length > 0 ? (
          <Access permission={Permission.AddressEdit}>
            <Popconfirm
              title={t('address.batchDeleteConfirm', { count: selectedIds.length })}
              okText={t('address.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteAddresses(selectedIds)}
            >
              <Button danger icon={<DeleteOutlined />} data-testid="address-batch-delete">
                {t('address.batchDelete')} ({selectedIds.length})
              </Button>
            </Popconfirm>
          </Access>
        ) : null}
        {addButton}
        {importButton(t('address.importButton'))}
        <AddressExportButton filter={filter} isCompact={isMobile} />
      </Flex>
    </Flex>
  );

  const emptyBook = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '32px 0' }}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>
            {t(type === AddressType.Sender ? 'address.emptySender' : 'address.emptyReceiver')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ maxWidth: 440, textWrap: 'balance' }}>
            {t('address.emptyHint')}
          </Typography.Text>
        </Flex>
      }
      data-testid="address-empty"
    >
      <Flex gap={8} justify="center" wrap>
        {addButton}
        {importButton(t('address.emptyImport'))}
      </Flex>
    </Empty>
  );

  const noMatch = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('address.noMatch')}>
      <Button onClick={clearFilters}>{t('address.clearFilters')}</Button>
    </Empty>
  );

  const listProps: AddressListProps = {
    addresses: list.data?.items ?? [],
    isLoading: list.isFetching && list.isPlaceholderData,
    canEdit,
    selectedIds,
    onSelect: (ids) => setSelection({ key: selectionKey, ids }),
    onEdit: (address) => setEditing({ address }),
    onDelete: (address) => deleteAddresses([address.id]),
    onSetDefault: makeDefault,
    emptyText: noMatch,
    pagination: listPagination({
      page,
      pageSize,
      total,
      showTotal: isMobile ? undefined : (count) => t('common.total', { total: count }),
      onPage: (nextPage) => setPageState({ filterKey, page: nextPage }),
      // A new size is a new filter key (page 1 again).
      onPageSize: setPageSize,
    }),
  };

  const content = (() => {
    // A failed load is never shown as an empty address book.
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="address-skeleton" />;
    if (total === 0 && !hasFilters && !list.isPlaceholderData) return emptyBook;
    return isMobile ? <AddressCardList {...listProps} /> : <AddressTable {...listProps} />;
  })();

  return (
    <Card styles={{ body: { paddingTop: 8 } }} data-testid="address-book">
      <Tabs
        activeKey={type}
        onChange={switchType}
        items={[
          { key: AddressType.Sender, label: t('address.tabSender') },
          { key: AddressType.Receiver, label: t('address.tabReceiver') },
        ]}
      />
      {toolbar}
      {content}
      <AddressFormDrawer
        open={editing !== null}
        address={editing?.address ?? null}
        defaultType={type}
        onClose={() => setEditing(null)}
      />
      <AddressImportModal open={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </Card>
  );
}
