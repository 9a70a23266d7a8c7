import { Card, Checkbox, Flex, Spin, Typography, theme } from 'antd';
import type { Address } from '@portal/contracts/address';
import { CardListPager } from '../../../components/card-list-pager';
import { useRegionNameInScript } from '../../../lib/reference/api/get-cn-division-tree';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { regionOf, streetOf } from '../lib/address-text';
import { AddressRowActions } from './address-row-actions';
import { DefaultTag, type AddressListProps } from './address-table';

/** The address list on phones: one card per address, everything readable without sideways scrolling. */
export function AddressCardList(props: AddressListProps) {
  const { addresses, isLoading, pagination, canEdit, selectedIds, onSelect, emptyText } = props;
  const { nameOf } = useCountryNames();
  const regionName = useRegionNameInScript();
  const { token } = theme.useToken();

  const toggle = (id: string, isChecked: boolean) =>
    onSelect(isChecked ? [...selectedIds, id] : selectedIds.filter((selected) => selected !== id));

  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={12} data-testid="address-cards">
        {addresses.length === 0 ? emptyText : null}
        {addresses.map((address: Address) => (
          <Card
            key={address.id}
            size="small"
            styles={{ body: { padding: 12 } }}
            style={{ borderColor: address.isDefault ? token.colorPrimaryBorder : undefined }}
            data-testid="address-card"
          >
            <Flex gap={8} align="flex-start">
              {canEdit ? (
                <Checkbox
                  checked={selectedIds.includes(address.id)}
                  onChange={(event) => toggle(address.id, event.target.checked)}
                  aria-label={address.name}
                />
              ) : null}
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{address.name}</Typography.Text>
                  <Typography.Text>{address.phone}</Typography.Text>
                  {address.isDefault ? <DefaultTag /> : null}
                </Flex>
                {address.company ? (
                  <Typography.Text type="secondary">{address.company}</Typography.Text>
                ) : null}
                <Typography.Text>
                  {[nameOf(address.countryCode), regionOf(address, regionName)].filter(Boolean).join(' · ')}
                </Typography.Text>
                <Typography.Text>
                  {streetOf(address)}
                  {address.postalCode ? ` (${address.postalCode})` : ''}
                </Typography.Text>
                {address.email || address.taxId ? (
                  <Typography.Text type="secondary">
                    {[address.email, address.taxId].filter(Boolean).join(' · ')}
                  </Typography.Text>
                ) : null}
                {canEdit ? (
                  <div style={{ marginInlineStart: -8, marginTop: 4 }}>
                    <AddressRowActions
                      address={address}
                      onEdit={props.onEdit}
                      onDelete={props.onDelete}
                      onSetDefault={props.onSetDefault}
                    />
                  </div>
                ) : null}
              </Flex>
            </Flex>
          </Card>
        ))}
        <CardListPager pagination={pagination} />
      </Flex>
    </Spin>
  );
}
