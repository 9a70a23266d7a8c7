import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Progress, Radio, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useCommitOrderImport } from '../api/commit-order-import';
import {
  CommitAttempts,
  commitBlockOf,
  insufficientCurrencies,
  isDefinitiveRefusal,
} from '../lib/order-import-model';

/**
 * The commit: drafts or submitted orders (submit refused with its reason while a currency is short), a
 * confirmation naming what will be created and held, one Idempotency-Key per attempt (kept when the same
 * attempt is retried after no answer), then the progress the page polls. A failed commit (`commitError`)
 * shows here and the grid is editable again.
 */
export function CommitPanel({ summary }: { summary: OrderImportSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [modal, contextHolder] = Modal.useModal();
  const [submit, setSubmit] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const attempts = useRef(new CommitAttempts());
  const isSending = useRef(false);
  const commit = useCommitOrderImport();
  const block = commitBlockOf(summary, submit);
  const submitBlock = commitBlockOf(summary, true);

  if (summary.status === 'committing') {
    return (
      <Card size="small" data-testid="order-import-committing">
        <Typography.Paragraph>
          {t(summary.submit ? 'orderImport.commit.submitting' : 'orderImport.commit.saving', {
            count: summary.validOrderCount,
          })}
        </Typography.Paragraph>
        <Progress percent={summary.progress} status="active" data-testid="order-import-progress" />
      </Card>
    );
  }

  const send = async () => {
    if (isSending.current) return;
    isSending.current = true;
    setError(null);
    const idempotencyKey = attempts.current.keyFor(summary.id, submit);
    try {
      await commit.mutateAsync({ id: summary.id, submit, idempotencyKey });
      attempts.current.settle();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      if (isDefinitiveRefusal(caught.code)) attempts.current.settle();
      setError(caught.message);
    } finally {
      isSending.current = false;
    }
  };

  const confirm = () => {
    const held = summary.totals
      .map((total) => formatMoney(total.amount, total.currencyCode, language))
      .join(' + ');
    void modal.confirm({
      title: t(submit ? 'orderImport.commit.confirmSubmitTitle' : 'orderImport.commit.confirmDraftTitle', {
        count: summary.validOrderCount,
      }),
      content: (
        <Flex vertical gap={4} data-testid="order-import-confirm">
          <span>
            {t(submit ? 'orderImport.commit.confirmSubmit' : 'orderImport.commit.confirmDraft', {
              count: summary.validOrderCount,
              held: held || '0',
            })}
          </span>
          {summary.invalidOrderCount + summary.excludedOrderCount > 0 ? (
            <Typography.Text type="secondary">
              {t('orderImport.commit.leftOut', {
                invalid: summary.invalidOrderCount,
                excluded: summary.excludedOrderCount,
              })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
      okText: t('orderImport.commit.confirmOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'order-import-confirm-ok' },
      onOk: send,
    });
  };

  const blockText =
    block === 'insufficient'
      ? t('orderImport.commit.insufficient', { currencies: insufficientCurrencies(summary).join(', ') })
      : block === 'noValidOrders'
        ? t('orderImport.commit.noValidOrders')
        : null;

  return (
    <Card size="small" title={t('orderImport.commit.title')} data-testid="order-import-commit">
      {contextHolder}
      <Flex vertical gap={12}>
        {summary.commitError ? (
          <Alert
            type="error"
            showIcon
            title={t('orderImport.commit.failedTitle')}
            description={summary.commitError}
            data-testid="order-import-commit-error"
          />
        ) : null}
        <Radio.Group
          value={submit}
          onChange={(event) => setSubmit(event.target.value as boolean)}
          options={[
            {
              value: true,
              disabled: submitBlock === 'insufficient',
              label: (
                <span data-testid="order-import-mode-submit">
                  {t('orderImport.commit.submit')}
                  {submitBlock === 'insufficient' ? (
                    <Typography.Text type="danger" style={{ marginInlineStart: 6, fontSize: 12 }}>
                      ({t('orderImport.commit.submitDisabled')})
                    </Typography.Text>
                  ) : null}
                </span>
              ),
            },
            {
              value: false,
              label: <span data-testid="order-import-mode-draft">{t('orderImport.commit.draft')}</span>,
            },
          ]}
        />
        {blockText ? (
          <Typography.Text type="danger" data-testid="order-import-commit-block">
            {blockText}
          </Typography.Text>
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} data-testid="order-import-commit-refused" />
        ) : null}
        <div>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={block !== null}
            loading={commit.isPending}
            onClick={confirm}
            data-testid="order-import-commit-button"
          >
            {t(submit ? 'orderImport.commit.submitButton' : 'orderImport.commit.draftButton', {
              count: summary.validOrderCount,
            })}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
