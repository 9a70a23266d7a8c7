import { Button, Dropdown } from 'antd';
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import {
  EXPORT_KIND_FORMATS,
  EXPORT_KIND_PERMISSION,
  type ExportFormat,
  type ExportKind,
  type ExportTaskCreateInput,
} from '@portal/contracts/export-task';
import { useExportTask } from '../lib/export-task/use-export-task';
import { Access } from './access';

export interface ExportButtonProps {
  kind: ExportKind;
  /** What to export, read when the user picks a format: the list's filters (the kind's own) or the selected ids. */
  source: () => Pick<
    ExportTaskCreateInput,
    'filter' | 'ids' | 'ledgerFilter' | 'rechargeFilter' | 'billFilter'
  >;
  /** Formats to offer, when fewer than the kind has. */
  formats?: readonly ExportFormat[];
  /** The button's text when "Export" says too little (the order list names what it exports). */
  label?: string;
  /** Icon only (phones). */
  isCompact?: boolean;
  testId?: string;
}

/**
 * "Export" with the formats the kind offers. The file is written by a background task: the button only
 * creates it, and the message links to file management where it can be downloaded. Removed for users
 * without the kind's permission (EXPORT_KIND_PERMISSION: `order:export` for orders, `finance:view` for the
 * consumption flow and recharges, `finance:bill` for bills).
 */
export function ExportButton({
  kind,
  source,
  label,
  formats,
  isCompact = false,
  testId = 'export',
}: ExportButtonProps) {
  const { t } = useTranslation();
  const exporter = useExportTask();
  const run = (format: ExportFormat) => void exporter.start({ kind, format, ...source() });

  return (
    <Access permission={EXPORT_KIND_PERMISSION[kind]}>
      <Dropdown
        trigger={['click']}
        disabled={exporter.isPending}
        menu={{
          items: (formats ?? EXPORT_KIND_FORMATS[kind]).map((format) => ({
            key: format,
            label: t(`exportTask.formatOption.${format}`),
            'data-testid': `${testId}-${format}`,
          })),
          onClick: ({ key }) => run(key as ExportFormat),
        }}
      >
        <Button
          icon={<ExportOutlined />}
          loading={exporter.isPending}
          // The hint speaks of the filters; a label of its own says what is exported.
          title={label ? undefined : t('exportTask.buttonHint')}
          aria-label={label ?? t('exportTask.button')}
          data-testid={testId}
        >
          {isCompact ? null : (
            <>
              {label ?? t('exportTask.button')} <DownOutlined />
            </>
          )}
        </Button>
      </Dropdown>
    </Access>
  );
}
