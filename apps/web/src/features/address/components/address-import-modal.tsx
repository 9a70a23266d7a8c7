import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  Progress,
  Result,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_ROWS,
  type AddressImportDuplicate,
  type AddressImportError,
} from '@portal/contracts/address';
import { isApiError } from '../../../lib/http/api-error';
import { formatFileSize } from '../../../lib/file-size';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { uiEffects } from '../../../lib/ui-effects';
import { useDownloadAddressImportTemplate } from '../api/download-address-import-template';
import { useImportCustomerAddress, type ImportOutcome } from '../api/import-customer-address';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'review'; file: File; rows: number; duplicates: AddressImportDuplicate[]; duplicateCount: number }
  | { kind: 'done'; outcome: ImportOutcome }
  | { kind: 'failed'; message: string };

export interface AddressImportModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Import from Excel: download the template (headers in the interface language), upload a filled .xlsx
 * (type and size checked before anything is sent), watch the upload, then see either how many rows were
 * imported or every problem by row and column — a file with any bad row imports nothing. The file is
 * first sent as a preview: rows identical to an address already in the book or to another row are
 * listed, and skipped unless the user ticks "import them too"; without duplicates it imports at once.
 */
export function AddressImportModal({ open, onClose }: AddressImportModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // A phone has nothing to drag from: it only picks a file.
  const isMobile = useIsMobile();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const template = useDownloadAddressImportTemplate();
  const importer = useImportCustomerAddress();

  const close = () => {
    if (state.kind === 'uploading') return;
    setState({ kind: 'idle' });
    onClose();
  };

  const downloadTemplate = async () => {
    try {
      const fileName = await template.mutateAsync();
      uiEffects.showSuccess(t('address.importDialog.templateSaved', { fileName }));
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  const send = async (file: File, options: { preview: boolean; keepDuplicates?: boolean }) => {
    setState({ kind: 'uploading', fileName: file.name, percent: 0 });
    try {
      return await importer.mutateAsync({
        file,
        ...options,
        onProgress: (percent) =>
          setState((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setState({ kind: 'failed', message: error.message });
      return undefined;
    }
  };

  const commit = async (file: File, keepDuplicates: boolean) => {
    const outcome = await send(file, { preview: false, keepDuplicates });
    if (outcome) setState({ kind: 'done', outcome });
  };

  const start = async (file: File) => {
    const outcome = await send(file, { preview: true });
    if (!outcome) return;
    if (outcome.kind !== 'preview') setState({ kind: 'done', outcome });
    else if (outcome.duplicateCount === 0) await commit(file, false);
    else
      setState({
        kind: 'review',
        file,
        rows: outcome.rows,
        duplicates: outcome.duplicates,
        duplicateCount: outcome.duplicateCount,
      });
  };

  /** Checked here so a wrong or oversized file never leaves the browser. */
  const accept = (file: File): boolean => {
    const isXlsx = file.name.toLowerCase().endsWith('.xlsx') && (!file.type || file.type === XLSX_MIME);
    if (!isXlsx) {
      uiEffects.showError(t('address.importDialog.notXlsx'));
      return false;
    }
    if (file.size > ADDRESS_IMPORT_MAX_BYTES) {
      uiEffects.showError(
        t('address.importDialog.tooLarge', {
          size: formatFileSize(file.size),
          max: formatFileSize(ADDRESS_IMPORT_MAX_BYTES),
        }),
      );
      return false;
    }
    return true;
  };

  const uploader = (
    <Upload.Dragger
      accept={`.xlsx,${XLSX_MIME}`}
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => {
        if (accept(file)) void start(file);
        // The file is sent by the import call (with progress), never by Upload's own request.
        return Upload.LIST_IGNORE;
      }}
      data-testid="address-import-upload"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {t(isMobile ? 'address.importDialog.tapHint' : 'address.importDialog.dragHint')}
      </p>
      <p className="ant-upload-hint">
        {t('address.importDialog.limitHint', {
          size: formatFileSize(ADDRESS_IMPORT_MAX_BYTES),
          // In the interface language, not the browser's (a German browser would write 10.000).
          rows: ADDRESS_IMPORT_MAX_ROWS.toLocaleString(language),
        })}
      </p>
    </Upload.Dragger>
  );

  const body = (() => {
    switch (state.kind) {
      case 'uploading':
        return (
          <div data-testid="address-import-progress" style={{ padding: '24px 0' }}>
            <Typography.Paragraph>
              {t('address.importDialog.uploading', { fileName: state.fileName })}
            </Typography.Paragraph>
            <Progress percent={state.percent} status="active" />
          </div>
        );
      case 'failed':
        return <RefusedFile message={state.message} uploader={uploader} />;
      case 'review':
        return (
          <DuplicateReview
            rows={state.rows}
            duplicates={state.duplicates}
            duplicateCount={state.duplicateCount}
            onImport={(keep) => void commit(state.file, keep)}
          />
        );
      case 'done':
        return <ImportOutcomeView outcome={state.outcome} uploader={uploader} />;
      default:
        return uploader;
    }
  })();

  return (
    <Modal
      open={open}
      title={t('address.importDialog.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      mask={{ closable: state.kind !== 'uploading' }}
      keyboard={state.kind !== 'uploading'}
      footer={
        <Button onClick={close} disabled={state.kind === 'uploading'}>
          {t('address.importDialog.close')}
        </Button>
      }
      data-testid="address-import-modal"
    >
      <Steps
        orientation="vertical"
        size="small"
        current={state.kind === 'idle' ? 0 : 1}
        items={[
          {
            title: t('address.importDialog.stepTemplate'),
            content: (
              <Space orientation="vertical" size="small" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('address.importDialog.templateHint')}</Typography.Text>
                <Button
                  icon={<FileExcelOutlined />}
                  loading={template.isPending}
                  onClick={() => void downloadTemplate()}
                  data-testid="address-template-download"
                >
                  {t('address.importDialog.downloadTemplate')}
                </Button>
              </Space>
            ),
          },
          {
            title: t('address.importDialog.stepUpload'),
            content: <div style={{ paddingTop: 8 }}>{body}</div>,
          },
        ]}
      />
    </Modal>
  );
}

/** The file was refused as a whole (not an xlsx, too large, failed upload): say why and offer another. */
function RefusedFile({ message, uploader }: { message: string; uploader: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="error" showIcon title={t('address.importDialog.refusedTitle')} description={message} />
      {uploader}
    </Space>
  );
}

/** The preview found duplicate rows: list them; they are skipped unless the user keeps them. */
function DuplicateReview({
  rows,
  duplicates,
  duplicateCount,
  onImport,
}: {
  rows: number;
  duplicates: AddressImportDuplicate[];
  duplicateCount: number;
  onImport: (keepDuplicates: boolean) => void;
}) {
  const { t } = useTranslation();
  const [keep, setKeep] = useState(false);
  return (
    <Space
      orientation="vertical"
      style={{ width: '100%' }}
      size="middle"
      data-testid="address-import-duplicates"
    >
      <Alert
        type="warning"
        showIcon
        title={t('address.importDialog.duplicatesTitle', { count: duplicateCount, rows })}
        description={
          <>
            {t('address.importDialog.duplicatesHint')}
            {duplicateCount > duplicates.length ? (
              <div>
                {t('address.importDialog.moreDuplicates', {
                  shown: duplicates.length,
                  count: duplicateCount,
                })}
              </div>
            ) : null}
          </>
        }
      />
      <Table<AddressImportDuplicate>
        size="small"
        rowKey="row"
        dataSource={duplicates}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: t('address.importDialog.row'), dataIndex: 'row', width: 72 },
          { title: t('address.importDialog.name'), dataIndex: 'name', width: 140 },
          { title: t('address.importDialog.addressLine'), dataIndex: 'addressLine1' },
          {
            title: t('address.importDialog.duplicateOf'),
            dataIndex: 'sameAsRow',
            width: 160,
            render: (sameAsRow: number | null) =>
              sameAsRow === null
                ? t('address.importDialog.duplicateOfExisting')
                : t('address.importDialog.duplicateOfRow', { row: sameAsRow }),
          },
        ]}
      />
      <Space wrap>
        <Checkbox
          checked={keep}
          onChange={(event) => setKeep(event.target.checked)}
          data-testid="address-import-keep-duplicates"
        >
          {t('address.importDialog.keepDuplicates')}
        </Checkbox>
        <Button type="primary" onClick={() => onImport(keep)} data-testid="address-import-confirm">
          {t('address.importDialog.confirmImport')}
        </Button>
      </Space>
    </Space>
  );
}

function ImportOutcomeView({ outcome, uploader }: { outcome: ImportOutcome; uploader: ReactNode }) {
  const { t } = useTranslation();
  if (outcome.kind === 'imported') {
    return (
      <Result
        status="success"
        title={t('address.importDialog.imported', { count: outcome.imported })}
        subTitle={
          outcome.skipped > 0
            ? `${t('address.importDialog.skipped', { count: outcome.skipped })} · ${t('address.importDialog.importedHint')}`
            : t('address.importDialog.importedHint')
        }
        style={{ padding: '16px 0' }}
        data-testid="address-import-success"
      />
    );
  }
  if (outcome.kind === 'refused') return <RefusedFile message={outcome.message} uploader={uploader} />;
  // A preview is never shown as an outcome (the dialog turns it into the review step).
  if (outcome.kind === 'preview') return uploader;
  const isTruncated = outcome.errorCount > outcome.errors.length;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="address-import-errors">
      <Alert
        type="error"
        showIcon
        title={t('address.importDialog.failedTitle', { count: outcome.errorCount })}
        description={
          <>
            {t('address.importDialog.failedHint')}
            {isTruncated ? (
              <div>
                {t('address.importDialog.moreErrors', {
                  shown: outcome.errors.length,
                  count: outcome.errorCount,
                })}
              </div>
            ) : null}
          </>
        }
      />
      <Table<AddressImportError>
        size="small"
        rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
        dataSource={outcome.errors}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
        // On a phone the table scrolls inside the dialog instead of squeezing the message to a sliver.
        scroll={{ x: 480 }}
        columns={[
          { title: t('address.importDialog.row'), dataIndex: 'row', width: 72 },
          { title: t('address.importDialog.column'), dataIndex: 'column', width: 140 },
          { title: t('address.importDialog.message'), dataIndex: 'message', minWidth: 240 },
        ]}
      />
      {uploader}
    </Space>
  );
}
