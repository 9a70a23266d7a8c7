import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { BalanceThreshold } from '@portal/contracts/notification';
import { ListLoadError } from '../../../components/list-load-error';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { currencyDigits, formatMoney, majorTextToMinor, minorToMajorText } from '../../../lib/money';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { useBalanceThresholds, useSaveBalanceThreshold } from '../api/balance-threshold';

interface ThresholdForm {
  currencyCode: string;
  amount: string;
}

/**
 * The user's low-balance warnings (finance:view): per currency an amount; when the balance falls below
 * it the server sends one notification, and again only after the balance has been back at or above it.
 */
export function BalanceWarningPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<ThresholdForm>();
  const thresholds = useBalanceThresholds();
  const balances = useWalletBalance();
  const save = useSaveBalanceThreshold();
  const [removing, setRemoving] = useState<string | null>(null);
  const currencyCode = Form.useWatch('currencyCode', form) ?? 'CNY';

  const currencies = [
    ...new Set([
      'CNY',
      ...(balances.data ?? []).map((b) => b.currencyCode),
      ...(thresholds.data ?? []).map((x) => x.currencyCode),
    ]),
  ];
  const balanceOf = (code: string) => balances.data?.find((b) => b.currencyCode === code)?.balance;

  const submit = async (values: ThresholdForm) => {
    const amount = majorTextToMinor(values.amount, values.currencyCode);
    if (amount === null) return;
    await save.mutateAsync({ currencyCode: values.currencyCode, thresholdAmount: amount });
  };
  const remove = async (code: string) => {
    setRemoving(code);
    try {
      await save.mutateAsync({ currencyCode: code, thresholdAmount: null });
    } finally {
      setRemoving(null);
    }
  };

  if (thresholds.isError)
    return (
      <ListLoadError
        error={thresholds.error}
        onRetry={() => void thresholds.refetch()}
        isRetrying={thresholds.isFetching}
      />
    );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="balance-warning-panel">
      <Alert type="info" showIcon title={t('messages.threshold.intro')} />
      <Form<ThresholdForm>
        form={form}
        layout="inline"
        initialValues={{ currencyCode: 'CNY', amount: '' }}
        onFinish={(values) => void submit(values)}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="currencyCode" label={t('messages.threshold.currency')}>
          <Select
            style={{ width: 120 }}
            options={currencies.map((code) => ({ value: code, label: code }))}
            data-testid="threshold-currency"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('messages.threshold.amount')}
          rules={[
            {
              validator: (_, value: string) =>
                majorTextToMinor(value ?? '', currencyCode) === null
                  ? Promise.reject(
                      new Error(
                        t('messages.threshold.amountInvalid', { digits: currencyDigits(currencyCode) }),
                      ),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <Input inputMode="decimal" style={{ width: 160 }} maxLength={16} data-testid="threshold-amount" />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending && removing === null}
            data-testid="threshold-save"
          >
            {t('messages.threshold.save')}
          </Button>
        </Form.Item>
      </Form>
      <Table<BalanceThreshold>
        rowKey="currencyCode"
        size="small"
        loading={thresholds.isPending}
        dataSource={thresholds.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('messages.threshold.none') }}
        columns={[
          { title: t('messages.threshold.currency'), dataIndex: 'currencyCode' },
          {
            title: t('messages.threshold.amount'),
            render: (_, row) => formatMoney(row.thresholdAmount, row.currencyCode, language),
          },
          {
            title: t('messages.threshold.state'),
            render: (_, row) => {
              const balance = balanceOf(row.currencyCode);
              return (
                <Flex gap={8} align="center" wrap>
                  <Tag color={row.isBelow ? 'warning' : 'success'}>
                    {row.isBelow ? t('messages.threshold.below') : t('messages.threshold.above')}
                  </Tag>
                  {balance !== undefined ? (
                    <Typography.Text type="secondary">
                      {formatMoney(balance, row.currencyCode, language)}
                    </Typography.Text>
                  ) : null}
                </Flex>
              );
            },
          },
          {
            title: t('messages.threshold.action'),
            render: (_, row) => (
              <Flex gap={4}>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    form.setFieldsValue({
                      currencyCode: row.currencyCode,
                      amount: minorToMajorText(row.thresholdAmount, row.currencyCode),
                    })
                  }
                >
                  {t('messages.threshold.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  loading={removing === row.currencyCode}
                  onClick={() => void remove(row.currencyCode)}
                >
                  {t('messages.threshold.remove')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
