import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Address } from '@portal/contracts/address';

export interface AddressRowActionsProps {
  address: Address;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => Promise<unknown>;
  onSetDefault: (address: Address) => Promise<unknown>;
}

/** Edit, set as default (when it is not already) and delete with a confirmation. */
export function AddressRowActions({ address, onEdit, onDelete, onSetDefault }: AddressRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={() => onEdit(address)} data-testid="address-edit">
        {t('address.edit')}
      </Button>
      {address.isDefault ? null : (
        <Button
          type="link"
          size="small"
          onClick={() => void onSetDefault(address)}
          data-testid="address-set-default"
        >
          {t('address.setDefault')}
        </Button>
      )}
      <Popconfirm
        title={t('address.deleteConfirm', { name: address.name })}
        okText={t('address.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onDelete(address)}
      >
        {/* The icon tells deleting apart from editing even when the theme colour is itself red. */}
        <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="address-delete">
          {t('address.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
