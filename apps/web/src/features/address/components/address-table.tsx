import type { ReactNode } from 'react';
import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Address } from '@portal/contracts/address';
import { useRegionNameInScript } from '../../../lib/reference/api/get-cn-division-tree';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { formatDateTime } from '../../../lib/format-date';
import { regionOf, streetOf } from '../lib/address-text';
import { AddressRowActions } from './address-row-actions';

export interface AddressListProps {
  addresses: Address[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  /** Edit controls (actions, row selection) only for users with `address:edit`. */
  canEdit: boolean;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => Promise<unknown>;
  onSetDefault: (address: Address) => Promise<unknown>;
  emptyText: ReactNode;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;

/** Names, phone numbers and country names never break inside a word: the column grows instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function DefaultTag() {
  const { t } = useTranslation();
  return (
    <Tag
      color="processing"
      variant="filled"
      data-testid="address-default-tag"
      style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
    >
      {t('address.defaultTag')}
    </Tag>
  );
}

/**
 * The address list on wide screens. Name with company and phone with email share a column, so contact,
 * region, street and postal code fit without scrolling; email, tax id and update time follow.
 */
export function AddressTable(props: AddressListProps) {
  const { addresses, isLoading, pagination, canEdit, selectedIds, onSelect, emptyText } = props;
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();
  const regionName = useRegionNameInScript();

  const columns: TableColumnsType<Address> = [
    {
      title: t('address.column.name'),
      key: 'name',
      width: 210,
      // Not pinned: at laptop width the key columns show side by side, none slides under a pinned one.
      render: (_, address) => (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center" wrap={false}>
            <Typography.Text strong style={NO_WRAP}>
              {address.name}
            </Typography.Text>
            {address.isDefault ? <DefaultTag /> : null}
          </Flex>
          {address.company ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: address.company }}
              style={{ maxWidth: 190 }}
            >
              {address.company}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('address.column.phone'),
      dataIndex: 'phone',
      width: 150,
      render: (phone: string) => <span style={NO_WRAP}>{phone}</span>,
    },
    {
      title: t('address.column.country'),
      key: 'country',
      width: 120,
      ellipsis: { showTitle: false },
      render: (_, address) => (
        <Tooltip title={`${nameOf(address.countryCode)} (${address.countryCode})`}>
          <span style={NO_WRAP}>{nameOf(address.countryCode)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('address.column.region'),
      key: 'region',
      width: 210,
      render: (_, address) => regionOf(address, regionName) || dash,
    },
    {
      title: t('address.column.street'),
      key: 'street',
      width: 240,
      ellipsis: { showTitle: false },
      render: (_, address) => {
        const street = streetOf(address);
        return (
          <Tooltip title={street} placement="topLeft">
            <span>{street}</span>
          </Tooltip>
        );
      },
    },
    {
      title: t('address.column.postalCode'),
      dataIndex: 'postalCode',
      width: 100,
      render: (v: string | null) => v || dash,
    },
    {
      title: t('address.column.email'),
      dataIndex: 'email',
      width: 200,
      ellipsis: true,
      render: (v: string | null) => v || dash,
    },
    {
      title: t('address.column.taxId'),
      dataIndex: 'taxId',
      width: 140,
      ellipsis: true,
      render: (v: string | null) => v || dash,
    },
    {
      title: t('address.column.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
  ];

  if (canEdit) {
    columns.push({
      title: t('address.column.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, address) => (
        <AddressRowActions
          address={address}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
          onSetDefault={props.onSetDefault}
        />
      ),
    });
  }

  return (
    <Table<Address>
      rowKey="id"
      columns={columns}
      dataSource={addresses}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      rowSelection={
        canEdit
          ? {
              selectedRowKeys: selectedIds,
              onChange: (keys) => onSelect(keys.map(String)),
              preserveSelectedRowKeys: false,
            }
          : undefined
      }
      data-testid="address-table"
    />
  );
}
