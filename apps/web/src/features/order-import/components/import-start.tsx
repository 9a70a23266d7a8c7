import { useCallback, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Progress, Row, Space, Typography, Upload } from 'antd';
import { FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import { AddressType, type Address } from '@portal/contracts/address';
import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_MAX_ROWS } from '@portal/contracts/order-import';
import { ProductSelect } from '../../../components/reference/product-select';
import { ADDRESS_BOOK_PATH } from '../../../lib/app-paths';
import { formatFileSize } from '../../../lib/file-size';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { AddressPicker } from '../../../components/address-picker';
import { useDownloadOrderImportTemplate } from '../api/download-order-import-template';
import { fileRefusalOf, XLSX_MIME } from '../lib/order-import-model';

/** Where the upload is: sending the file (with its progress), the server checking rows, or refused. */
export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'checking' }
  | { kind: 'refused'; message: string };

export interface ImportChoices {
  productCode?: string;
  shipperAddressId?: string;
}

interface ImportStartProps {
  choices: ImportChoices;
  onChoices: (choices: ImportChoices) => void;
  file: File | null;
  onFile: (file: File) => void;
  phase: UploadPhase;
  onUpload: () => void;
  /** The book has no sender: the link to add one shows. */
  hasNoSenders: boolean;
  onFirstSenders: (senders: readonly Address[]) => void;
  /** An unfinished import of this tab, offered above the form. */
  resume?: ReactNode;
}

/**
 * The first step: the product and the sender every row without its own gets, the template in the interface
 * language, and the file (dragged or picked; .xlsx only and within the size, checked before it is sent).
 * The choices and the chosen file stay through a refusal, so "try again" is one click.
 */
export function ImportStart({
  choices,
  onChoices,
  file,
  onFile,
  phase,
  onUpload,
  hasNoSenders,
  onFirstSenders,
  resume,
}: ImportStartProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const template = useDownloadOrderImportTemplate();
  const isBusy = phase.kind === 'uploading' || phase.kind === 'checking';
  const canUpload = Boolean(file && choices.productCode && choices.shipperAddressId) && !isBusy;

  const downloadTemplate = async () => {
    try {
      const fileName = await template.mutateAsync();
      uiEffects.showSuccess(t('orderImport.start.templateSaved', { fileName }));
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  const accept = useCallback(
    (picked: File) => {
      const refusal = fileRefusalOf(picked);
      if (refusal === 'notXlsx') uiEffects.showError(t('orderImport.start.notXlsx'));
      else if (refusal === 'tooLarge')
        uiEffects.showError(
          t('orderImport.start.tooLarge', {
            size: formatFileSize(picked.size),
            max: formatFileSize(ORDER_IMPORT_MAX_BYTES),
          }),
        );
      else onFile(picked);
    },
    [onFile, t],
  );

  return (
    <Flex vertical gap={16}>
      {resume}
      <Card size="small" title={t('orderImport.start.title')}>
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('orderImport.start.product')}
                required
                htmlFor="order-import-product"
                extra={t('orderImport.start.productHint')}
              >
                <ProductSelect
                  id="order-import-product"
                  value={choices.productCode}
                  onChange={(productCode) => onChoices({ ...choices, productCode })}
                  placeholder={t('orderImport.start.productPlaceholder')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('orderImport.start.sender')}
                required
                htmlFor="order-import-sender"
                extra={
                  hasNoSenders ? (
                    <Typography.Text type="warning" data-testid="order-import-no-senders">
                      {t('orderImport.start.noSendersHint')}{' '}
                      <Link to={ADDRESS_BOOK_PATH} style={{ textDecoration: 'underline' }}>
                        {t('orderImport.start.addSender')}
                      </Link>
                    </Typography.Text>
                  ) : (
                    t('orderImport.start.senderHint')
                  )
                }
              >
                <AddressPicker
                  addressType={AddressType.Sender}
                  id="order-import-sender"
                  value={choices.shipperAddressId}
                  onChange={(shipperAddressId) =>
                    onChoices({ ...choices, shipperAddressId: shipperAddressId ?? undefined })
                  }
                  onFirstList={onFirstSenders}
                  placeholder={t('orderImport.start.senderPlaceholder')}
                  data-testid="order-import-sender"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          <Button
            icon={<FileExcelOutlined />}
            loading={template.isPending}
            onClick={() => void downloadTemplate()}
            data-testid="order-import-template"
          >
            {t('orderImport.start.downloadTemplate')}
          </Button>
          <Typography.Text type="secondary">{t('orderImport.start.templateHint')}</Typography.Text>
        </Flex>
        <Upload.Dragger
          accept={`.xlsx,${XLSX_MIME}`}
          multiple={false}
          showUploadList={false}
          disabled={isBusy}
          beforeUpload={(picked) => {
            accept(picked);
            // The file is sent by the preview call (with progress), never by Upload's own request.
            return Upload.LIST_IGNORE;
          }}
          data-testid="order-import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {t(isMobile ? 'orderImport.start.tapHint' : 'orderImport.start.dragHint')}
          </p>
          <p className="ant-upload-hint">
            {t('orderImport.start.limitHint', {
              size: formatFileSize(ORDER_IMPORT_MAX_BYTES),
              rows: ORDER_IMPORT_MAX_ROWS.toLocaleString(language),
            })}
          </p>
        </Upload.Dragger>
        {file ? (
          <Flex gap={8} wrap align="center" style={{ marginTop: 12 }} data-testid="order-import-file">
            <FileExcelOutlined />
            <Typography.Text strong>{file.name}</Typography.Text>
            <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
          </Flex>
        ) : null}
        {phase.kind === 'uploading' ? (
          <div style={{ marginTop: 12 }} data-testid="order-import-uploading">
            <Typography.Text>{t('orderImport.start.uploading')}</Typography.Text>
            <Progress percent={phase.percent} status="active" />
          </div>
        ) : null}
        {phase.kind === 'checking' ? (
          <div style={{ marginTop: 12 }} data-testid="order-import-checking">
            <Typography.Text>{t('orderImport.start.checking')}</Typography.Text>
            <Progress percent={100} status="active" showInfo={false} />
          </div>
        ) : null}
        {phase.kind === 'refused' ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={t('orderImport.start.refusedTitle')}
            description={phase.message}
            data-testid="order-import-refused"
          />
        ) : null}
        <Space style={{ marginTop: 16 }} wrap>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={!canUpload}
            loading={isBusy}
            onClick={onUpload}
            data-testid="order-import-start"
          >
            {phase.kind === 'refused' ? t('orderImport.start.tryAgain') : t('orderImport.start.check')}
          </Button>
          {!choices.productCode || !choices.shipperAddressId ? (
            <Typography.Text type="secondary">{t('orderImport.start.chooseFirst')}</Typography.Text>
          ) : null}
        </Space>
      </Card>
    </Flex>
  );
}
