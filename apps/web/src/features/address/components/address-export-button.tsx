import { Button, Dropdown } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { AddressExportFormat, AddressFilter } from '@portal/contracts/address';
import { isApiError } from '../../../lib/http/api-error';
import { uiEffects } from '../../../lib/ui-effects';
import { useExportCustomerAddress } from '../api/export-customer-address';

export interface AddressExportButtonProps {
  /** The list's current filters; the export contains every address they match, not just this page. */
  filter: AddressFilter;
  isCompact?: boolean;
}

/** Export to Excel or CSV; the browser saves the file under the server's file name. */
export function AddressExportButton({ filter, isCompact = false }: AddressExportButtonProps) {
  const { t } = useTranslation();
  const exporter = useExportCustomerAddress();

  const run = async (format: AddressExportFormat) => {
    try {
      const fileName = await exporter.mutateAsync({ filter, format });
      uiEffects.showSuccess(t('address.exported', { fileName }));
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={exporter.isPending}
      menu={{
        items: [
          { key: 'xlsx', label: t('address.exportXlsx'), 'data-testid': 'address-export-xlsx' },
          { key: 'csv', label: t('address.exportCsv'), 'data-testid': 'address-export-csv' },
        ],
        onClick: ({ key }) => void run(key as AddressExportFormat),
      }}
    >
      <Button
        icon={<DownloadOutlined />}
        loading={exporter.isPending}
        title={t('address.exportHint')}
        aria-label={t('address.exportButton')}
        data-testid="address-export"
      >
        {isCompact ? null : (
          <>
            {t('address.exportButton')} <DownOutlined />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
