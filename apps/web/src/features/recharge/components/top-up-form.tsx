import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Radio, Select, Typography, Upload } from 'antd';
import { AlipayOutlined, BankOutlined, PaperClipOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_RECHARGE_MINOR,
  MIN_RECHARGE_MINOR,
  RECHARGE_CHANNELS,
  RECHARGE_PRESETS_MINOR,
  TRANSFER_VOUCHER_MAX_BYTES,
  type RechargeChannel,
  type RechargeCreated,
} from '@portal/contracts/recharge';
import { formatFileSize } from '../../../lib/file-size';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { useLanguage } from '../../../lib/i18n/use-language';
import { currencyDigits, formatMoney, minorToMajorText } from '../../../lib/money';
import { createRecharge, uploadTransferVoucher, type Payer } from '../api/create-recharge';
import { rechargeKeys } from '../api/recharge-keys';
import { rechargeAmountOf, VOUCHER_ACCEPT, voucherProblem } from '../lib/recharge-amount';
import { PaymentStep } from './payment-step';
import './top-up-form.css';

interface TopUpValues {
  amountText: string;
  currencyCode: string;
  channel: RechargeChannel;
  remark?: string;
}

const CHANNEL_ICONS: Record<RechargeChannel, React.ReactNode> = {
  alipay: <AlipayOutlined style={{ color: '#1677ff' }} />,
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  bank_transfer: <BankOutlined />,
};

export interface TopUpFormProps {
  payer: Payer;
  /** Currencies the customer may top up in (its wallets'); the first is preselected. */
  currencies: readonly string[];
  /** Shown above the form on the public page: whom the money goes to. */
  header?: React.ReactNode;
  /** A bank transfer was submitted and the user closed its confirmation (the records page closes its drawer). */
  onDone?: () => void;
}

/**
 * The one top-up form, used by the records page (signed in) and the public /topUp page: an amount (a
 * preset or typed, converted to minor units on the text), the currency, and Alipay, WeChat Pay or a bank
 * transfer with its voucher. Creating the recharge hands over to the payment step.
 */
export function TopUpForm({ payer, currencies, header, onDone }: TopUpFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TopUpValues>();
  const [voucher, setVoucher] = useState<File | null>(null);
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<RechargeCreated | null>(null);
  // One key per content of the form: a retried click sends the same, a change or a success a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const currencyCode = Form.useWatch('currencyCode', form) ?? currencies[0] ?? 'CNY';
  const channel = Form.useWatch('channel', form) ?? 'alipay';
  const amountText = Form.useWatch('amountText', form) ?? '';
  const parsed = rechargeAmountOf(amountText, currencyCode);
  const money = (minor: number) => formatMoney(minor, currencyCode, language);
  const sizeText = formatFileSize(TRANSFER_VOUCHER_MAX_BYTES);

  if (created)
    return (
      <PaymentStep
        created={created}
        onBack={() => setCreated(null)}
        onDone={() => {
          setCreated(null);
          form.resetFields();
          setVoucher(null);
          onDone?.();
        }}
      />
    );

  const amountMessage = (problem: 'required' | 'notAmount' | 'range') => {
    if (problem === 'required') return t('recharge.form.amountRequired');
    if (problem === 'notAmount')
      return t('recharge.form.amountInvalid', { digits: currencyDigits(currencyCode) });
    return t('recharge.form.amountRange', { min: money(MIN_RECHARGE_MINOR), max: money(MAX_RECHARGE_MINOR) });
  };

  const pickVoucher = (file: File) => {
    const problem = voucherProblem(file);
    if (problem === 'type') setVoucherError(t('recharge.form.voucherType'));
    else if (problem === 'size') setVoucherError(t('recharge.form.voucherSize', { size: sizeText }));
    else if (problem === 'empty') setVoucherError(t('recharge.form.voucherEmpty'));
    else setVoucherError(null);
    setVoucher(problem ? null : file);
  };

  const submit = async (values: TopUpValues) => {
    const amount = rechargeAmountOf(values.amountText, values.currencyCode);
    if (!('minor' in amount)) return;
    if (values.channel === 'bank_transfer' && !voucher) {
      setVoucherError(t('recharge.form.voucherRequired'));
      return;
    }
    setFormError(null);
    setIsSubmitting(true);
    try {
      const answer =
        values.channel === 'bank_transfer' && voucher
          ? await uploadTransferVoucher(payer, {
              amount: amount.minor,
              currencyCode: values.currencyCode,
              remark: values.remark ?? '',
              file: voucher,
              onProgress: setUploadPercent,
            })
          : await createRecharge(
              payer,
              {
                amount: amount.minor,
                currencyCode: values.currencyCode,
                channel: values.channel === 'wechat' ? 'wechat' : 'alipay',
              },
              idempotencyKey,
            );
      if (payer.kind === 'signedIn') void queryClient.invalidateQueries({ queryKey: rechargeKeys.all });
      setCreated(answer);
      setIdempotencyKey(crypto.randomUUID());
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = fieldErrorsOf(error.data);
      const voucherField = fields.find((field) => field.field === 'file');
      if (voucherField) setVoucherError(voucherField.message);
      const amountField = fields.find((field) => field.field === 'amount');
      if (amountField) form.setFields([{ name: 'amountText', errors: [amountField.message] }]);
      if (!voucherField && !amountField && !error.isHandled) setFormError(error.message);
    } finally {
      setIsSubmitting(false);
      setUploadPercent(null);
    }
  };

  return (
    <Form<TopUpValues>
      form={form}
      layout="vertical"
      name="topUp"
      validateTrigger="onBlur"
      initialValues={{ currencyCode: currencies[0] ?? 'CNY', channel: 'alipay', amountText: '' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => {
        setIdempotencyKey(crypto.randomUUID());
        if (formError) setFormError(null);
      }}
      data-testid="top-up-form"
    >
      {header}
      <Form.Item label={t('recharge.form.amount')} required style={{ marginBottom: 8 }}>
        <Radio.Group
          className="top-up-presets"
          value={'minor' in parsed ? parsed.minor : null}
          onChange={(event) => {
            form.setFieldValue('amountText', minorToMajorText(Number(event.target.value), currencyCode));
            void form.validateFields(['amountText']);
          }}
          optionType="button"
          options={RECHARGE_PRESETS_MINOR.map((minor) => ({
            value: minor,
            label: money(minor),
          }))}
          data-testid="top-up-presets"
        />
      </Form.Item>
      <Form.Item
        name="amountText"
        rules={[
          {
            validator: (_, value?: string) => {
              const result = rechargeAmountOf(value, form.getFieldValue('currencyCode') ?? currencyCode);
              return 'problem' in result
                ? Promise.reject(new Error(amountMessage(result.problem)))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          inputMode="decimal"
          maxLength={16}
          suffix={<Typography.Text type="secondary">{currencyCode}</Typography.Text>}
          placeholder={t('recharge.form.amountPlaceholder')}
          aria-label={t('recharge.form.amount')}
          data-testid="top-up-amount"
        />
      </Form.Item>
      {currencies.length > 1 ? (
        <Form.Item name="currencyCode" label={t('recharge.form.currency')}>
          <Select
            options={currencies.map((code) => ({ value: code, label: code }))}
            onChange={() => void form.validateFields(['amountText']).catch(() => undefined)}
            data-testid="top-up-currency"
          />
        </Form.Item>
      ) : (
        <Form.Item name="currencyCode" hidden>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="channel" label={t('recharge.form.channel')}>
        <Radio.Group className="top-up-channels" data-testid="top-up-channel">
          {RECHARGE_CHANNELS.map((value) => (
            <Radio.Button key={value} value={value} data-testid={`top-up-channel-${value}`}>
              <Flex align="center" justify="center" gap={6} className="top-up-channel-label">
                {CHANNEL_ICONS[value]}
                {t(`recharge.channel.${value}`)}
              </Flex>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {channel === 'bank_transfer' ? (
        <>
          <Alert
            type="info"
            showIcon
            title={t('recharge.form.transferNotice')}
            style={{ marginBottom: 16 }}
          />
          <Form.Item
            label={t('recharge.form.voucher')}
            required
            validateStatus={voucherError ? 'error' : undefined}
            help={voucherError ?? undefined}
            extra={
              // Secondary text, which the theme keeps at 4.5:1; antd's extra text is the fainter description grey.
              <Typography.Text type="secondary">
                {t('recharge.form.voucherHint', { size: sizeText })}
              </Typography.Text>
            }
          >
            <Upload
              accept={VOUCHER_ACCEPT}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                pickVoucher(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="top-up-voucher">
                {t('recharge.form.voucherPick')}
              </Button>
            </Upload>
            {voucher ? (
              <Typography.Text style={{ marginInlineStart: 12 }} data-testid="top-up-voucher-name">
                {voucher.name} ({formatFileSize(voucher.size)})
              </Typography.Text>
            ) : null}
          </Form.Item>
          <Form.Item name="remark" label={t('recharge.form.remark')}>
            <Input maxLength={200} placeholder={t('recharge.form.remarkPlaceholder')} />
          </Form.Item>
        </>
      ) : null}
      {formError ? (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 16 }}
          data-testid="top-up-error"
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        data-testid="top-up-submit"
      >
        {uploadPercent !== null
          ? t('recharge.form.uploading', { percent: uploadPercent })
          : channel === 'bank_transfer'
            ? t('recharge.form.submitTransfer')
            : t('recharge.form.submitOnline', {
                amount: 'minor' in parsed ? money(parsed.minor) : '',
              }).trim()}
      </Button>
    </Form>
  );
}
