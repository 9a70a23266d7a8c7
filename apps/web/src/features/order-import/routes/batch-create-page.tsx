import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Address } from '@portal/contracts/address';
import type { OrderImportSummary, OrderImportTotal } from '@portal/contracts/order-import';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useConfirmDiscard } from '../../../lib/use-confirm-discard';
import { useDiscardOrderImport } from '../api/discard-order-import';
import { useDownloadOrderImportErrorReport } from '../api/download-order-import-error-report';
import { useOrderImport } from '../api/get-order-import';
import { usePreviewOrderImport } from '../api/preview-order-import';
import { CommitPanel } from '../components/commit-panel';
import { ImportGrid } from '../components/import-grid';
import { ImportResult } from '../components/import-result';
import { ImportSettings } from '../components/import-settings';
import { ImportStart, type ImportChoices, type UploadPhase } from '../components/import-start';
import { ImportTotals } from '../components/import-totals';
import { MappingStep } from '../components/mapping-step';
import { lastImport } from '../lib/last-import';
import { isUnfinished } from '../lib/order-import-model';
import './batch-create-page.css';

/**
 * `/user/orders/batchCreate` (authority order:create): batch create orders from an Excel sheet. Start
 * (product, sender, template, upload) → the mapping step for a sheet that is not the template → the grid
 * (fix cells, exclude orders, totals against the balance) → commit with its progress → the result. The
 * import lives on the server; its id is kept for this tab, so a reload or a visit elsewhere loses nothing
 * (coming back offers to continue), and leaving with an unfinished import asks first.
 */
export default function BatchCreatePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [modal, modalHolder] = Modal.useModal();
  const [importId, setImportId] = useState<string | null>(null);
  const [candidateId, setCandidateId] = useState<string | null>(() => lastImport.read());
  const [choices, setChoices] = useState<ImportChoices>({});
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [hasNoSenders, setHasNoSenders] = useState(false);

  const candidate = useOrderImport(importId === null ? candidateId : null);
  const current = useOrderImport(importId);
  const summary = current.data;
  // The charges of the orders committed: once they are orders the import's totals (valid rows) are empty.
  const committedTotals = useRef<{ id: string; totals: OrderImportTotal[] } | null>(null);
  if (summary && summary.status !== 'committed' && summary.totals.length > 0)
    committedTotals.current = { id: summary.id, totals: summary.totals };
  const preview = usePreviewOrderImport();
  const discard = useDiscardOrderImport();
  const errorReport = useDownloadOrderImportErrorReport();
  const { contextHolder: leaveHolder } = useConfirmDiscard(() =>
    summary ? isUnfinished(summary) : phase.kind === 'uploading' || phase.kind === 'checking',
  );

  // A kept import that is gone (expired, discarded elsewhere, another user's) or finished is not offered.
  useEffect(() => {
    if (candidate.isError || (candidate.data && !isUnfinished(candidate.data))) {
      lastImport.forget();
      setCandidateId(null);
    }
  }, [candidate.isError, candidate.data]);

  useEffect(() => {
    if (summary && !isUnfinished(summary)) lastImport.forget();
  }, [summary]);

  const onFirstSenders = useCallback((senders: readonly Address[]) => {
    setHasNoSenders(senders.length === 0);
    const preferred = senders.find((sender) => sender.isDefault);
    if (preferred)
      setChoices((now) => (now.shipperAddressId ? now : { ...now, shipperAddressId: preferred.id }));
  }, []);

  const upload = async (picked: File | null = file) => {
    const { productCode, shipperAddressId } = choices;
    if (!picked || !productCode || !shipperAddressId) return;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await preview.mutateAsync({
        file: picked,
        productCode,
        shipperAddressId,
        onProgress: (percent) =>
          setPhase(percent < 100 ? { kind: 'uploading', percent } : { kind: 'checking' }),
      });
      lastImport.remember(answer.id);
      setCandidateId(null);
      setImportId(answer.id);
      setPhase({ kind: 'idle' });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setPhase({ kind: 'refused', message: error.message });
    }
  };

  const startOver = () => {
    lastImport.forget();
    setImportId(null);
    setCandidateId(null);
    setFile(null);
    setPhase({ kind: 'idle' });
  };

  const askDiscard = (id: string) =>
    void modal.confirm({
      title: t('orderImport.discardTitle'),
      content: t('orderImport.discardContent'),
      okText: t('orderImport.discard'),
      okButtonProps: { danger: true, 'data-testid': 'order-import-discard-ok' },
      cancelText: t('common.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        await discard.mutateAsync(id);
        startOver();
      },
    });

  const downloadErrors = (id: string) =>
    void errorReport.mutateAsync(id).catch((error: unknown) => {
      if (!isApiError(error)) throw error;
    });

  const resume =
    candidate.data && isUnfinished(candidate.data) ? (
      <Alert
        type="info"
        showIcon
        data-testid="order-import-resume"
        title={t('orderImport.resume.title', {
          fileName: candidate.data.fileName,
          time: formatDateTime(candidate.data.createdAt, language),
        })}
        description={t('orderImport.resume.hint', { rows: candidate.data.rowCount.toLocaleString(language) })}
        action={
          <Space orientation="vertical">
            <Button
              type="primary"
              size="small"
              onClick={() => setImportId(candidate.data.id)}
              data-testid="order-import-continue"
            >
              {t('orderImport.resume.continue')}
            </Button>
            <Button size="small" danger onClick={() => askDiscard(candidate.data.id)}>
              {t('orderImport.discard')}
            </Button>
          </Space>
        }
      />
    ) : null;

  const body = (() => {
    if (importId === null)
      return (
        <ImportStart
          choices={choices}
          onChoices={setChoices}
          file={file}
          onFile={(picked) => {
            setFile(picked);
            setPhase({ kind: 'idle' });
            void upload(picked);
          }}
          phase={phase}
          onUpload={() => void upload()}
          hasNoSenders={hasNoSenders}
          onFirstSenders={onFirstSenders}
          resume={resume}
        />
      );
    if (current.isError)
      return (
        <Card>
          <ListLoadError
            error={current.error}
            onRetry={() => void current.refetch()}
            isRetrying={current.isFetching}
          />
          <Flex justify="center">
            <Button onClick={startOver}>{t('orderImport.result.another')}</Button>
          </Flex>
        </Card>
      );
    if (!summary)
      return (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      );
    if (summary.status === 'mapping')
      return <MappingStep summary={summary} onDiscard={() => askDiscard(summary.id)} />;
    if (summary.status === 'committed')
      return (
        <Card>
          <ImportResult
            summary={summary}
            heldTotals={
              committedTotals.current?.id === summary.id ? committedTotals.current.totals : summary.totals
            }
            onDownloadErrors={() => downloadErrors(summary.id)}
            isDownloadingErrors={errorReport.isPending}
            onAnother={startOver}
          />
        </Card>
      );
    return (
      <ReadyImport
        summary={summary}
        onDiscard={() => askDiscard(summary.id)}
        onDownloadErrors={() => downloadErrors(summary.id)}
        isDownloadingErrors={errorReport.isPending}
      />
    );
  })();

  return (
    <div
      className="batch-create-page"
      data-testid="batch-create-page"
      data-status={summary?.status ?? 'start'}
    >
      {modalHolder}
      {leaveHolder}
      {body}
    </div>
  );
}

function ReadyImport({
  summary,
  onDiscard,
  onDownloadErrors,
  isDownloadingErrors,
}: {
  summary: OrderImportSummary;
  onDiscard: () => void;
  onDownloadErrors: () => void;
  isDownloadingErrors: boolean;
}) {
  const { t } = useTranslation();
  const isReady = summary.status === 'ready';
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="order-import-file-name">
          {summary.fileName}
          {summary.mappingName ? (
            <Typography.Text
              type="secondary"
              style={{ fontWeight: 'normal', marginInlineStart: 8, fontSize: 13 }}
            >
              {t('orderImport.mappingUsed', { name: summary.mappingName })}
            </Typography.Text>
          ) : null}
        </Typography.Title>
        <Button
          icon={<DeleteOutlined />}
          danger
          disabled={!isReady}
          onClick={onDiscard}
          data-testid="order-import-discard"
        >
          {t('orderImport.discard')}
        </Button>
      </Flex>
      <ImportSettings
        key={`${summary.productCode}:${summary.shipperAddressId ?? ''}`}
        summary={summary}
        disabled={!isReady}
      />
      <ImportTotals summary={summary} />
      <CommitPanel summary={summary} />
      <Card size="small">
        <ImportGrid
          summary={summary}
          editable={isReady}
          onDownloadErrors={onDownloadErrors}
          isDownloadingErrors={isDownloadingErrors}
        />
      </Card>
    </Flex>
  );
}
