import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Address } from '@portal/contracts/address';
import { ApiCode, type FieldError } from '@portal/contracts/envelope';
import { createOrderCreateSchema, ORDER_FIELD_MAX, type OrderCreated } from '@portal/contracts/order';
import type { OrderDetail } from '@portal/contracts/order-list';
import { CUSTOMS_TERMS } from '@portal/contracts/product';
import { InsufficientBalanceSchema, type InsufficientBalance } from '@portal/contracts/wallet';
import { ListLoadError } from '../../../components/list-load-error';
import { SmartPaste, type SmartPasteFields } from '../../../components/smart-paste';
import { CREATE_ORDER_PATH } from '../../../lib/app-paths';
import { isApiError } from '../../../lib/http/api-error';
import { importWithTimeout } from '../../../lib/lazy-page';
import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useCnDivisionIndex } from '../../../lib/reference/api/get-cn-division-tree';
import { useCountries } from '../../../lib/reference/api/get-country';
import { pastedAddressValues } from '../../../lib/smart-paste-form';
import { useConfirmDiscard } from '../../../lib/use-confirm-discard';
import { useCreateOrder } from '../api/create-order';
import { useOrderDetail } from '../api/get-order';
import { useUpdateOrder } from '../api/update-order';
import { useCurrencies } from '../api/query-currencies';
import { useProducts } from '../api/query-products';
import { useQuote } from '../api/query-quote';
import { AddressPicker } from '../../../components/address-picker';
import { PartyFields } from '../components/party-fields';
import { CustomsHints } from '../components/customs-hints';
import { InsufficientBalanceAlert } from '../components/insufficient-balance';
import { ItemsFields } from '../components/items-fields';
import { ParcelsFields } from '../components/parcels-fields';
import { QuotePanel } from '../components/quote-panel';
import { customsHintsOf } from '../lib/customs-hints';
import {
  CHINA,
  declaredCurrencyOf,
  declaredTotalOf,
  emptyOrderValues,
  formPathOf,
  generateCustomerOrderNo,
  newIdempotencyKey,
  orderBodyOf,
  orderFormErrorsOf,
  orderFormValuesOf,
  partyValuesOf,
  pathKey,
  quoteKeyOf,
  quoteRequestOf,
  type FieldPath,
  type OrderFormValues,
} from '../lib/order-form-model';
import { useDebouncedQuoteRequest } from '../lib/use-debounced-quote';
import './create-order-page.css';

// The result (antd Result, the submit step) shows after saving: it loads then, not with the form.
const OrderResult = lazy(() =>
  importWithTimeout(() => import('../components/order-result')).then((m) => ({ default: m.OrderResult })),
);

const FORM_NAME = 'order';

/** The order a form starts from: a draft to edit (`?edit=<id>`) or any order to copy (`?copy=<id>`). */
interface FormSource {
  mode: 'edit' | 'copy';
  order: OrderDetail;
}

/**
 * `/user/orders/create`: a new order, or with `?edit=<id>` a draft loaded and saved again with
 * `CustomerOrder/Update`, or with `?copy=<id>` a new order prefilled from any order. The form is keyed
 * by what it starts from, so moving between them starts a fresh form.
 */
export default function CreateOrderPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const copyId = searchParams.get('copy');
  const sourceId = editId ?? copyId;
  const mode = editId ? 'edit' : 'copy';
  const detail = useOrderDetail(sourceId);
  if (!sourceId) return <CreateOrderForm key="new" source={null} />;
  if (detail.isError)
    return (
      <Card data-testid="create-order-page">
        <Typography.Title level={5}>{t('orderList.edit.loadFailed')}</Typography.Title>
        <ListLoadError
          error={detail.error}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      </Card>
    );
  if (!detail.data)
    return (
      <Card data-testid="create-order-page">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  return <CreateOrderForm key={`${mode}:${sourceId}`} source={{ mode, order: detail.data }} />;
}

/**
 * The order form (permission order:create). The form on the left, the live quote, the customs
 * hints and the actions on the right (below on a phone). Fields are checked with the contracts' Create
 * schema when they lose the focus and on save; the server's field errors land on the same fields. One
 * Idempotency-Key per form: a double click, or a retry after a lost answer, creates one order; a new key
 * after a success or a reset. Leaving with unsaved changes asks first (reload, close, the reset button).
 */
function CreateOrderForm({ source }: { source: FormSource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const [form] = Form.useForm<OrderFormValues>();
  const [initialValues] = useState(() =>
    source ? orderFormValuesOf(source.order, source.mode) : emptyOrderValues(),
  );
  const editing = source?.mode === 'edit' ? source.order : null;
  /** A draft that moved on (submitted or cancelled elsewhere) can no longer be saved here. */
  const isStale = editing !== null && editing.status !== 'draft';
  const values = Form.useWatch((all: OrderFormValues) => all, { form, preserve: true }) as
    OrderFormValues | undefined;
  const idempotencyKey = useRef(newIdempotencyKey());
  const isSending = useRef(false);
  const [sending, setSending] = useState<'draft' | 'submit' | null>(null);
  const [result, setResult] = useState<OrderCreated | null>(null);
  const [shortfall, setShortfall] = useState<InsufficientBalance | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const createOrder = useCreateOrder();
  const updateOrder = useUpdateOrder();
  const { requestClose, contextHolder } = useConfirmDiscard(() => result === null && form.isFieldsTouched());

  const divisions = useCnDivisionIndex();
  const { data: countries } = useCountries();
  const { data: currencies } = useCurrencies();
  const { data: products } = useProducts();
  const schema = useMemo(
    () =>
      createOrderCreateSchema({
        countryCodes: countries ? new Set(countries.map((country) => country.code)) : undefined,
        cnDivisions: divisions,
      }),
    [countries, divisions],
  );

  // The live quote: only the inputs that change a price, settled for 400 ms; a newer request aborts an older one.
  const request = useMemo(() => (values?.parcels ? quoteRequestOf(values) : null), [values]);
  const settledRequest = useDebouncedQuoteRequest(request);
  const quote = useQuote(settledRequest);
  const quoteError =
    quote.isError && isApiError(quote.error)
      ? quote.error.message
      : quote.isError
        ? t('http.unknownError')
        : null;

  const selectedProduct = values?.productCode ?? null;
  const chosenProduct = products?.find((product) => product.productCode === selectedProduct) ?? null;
  const hints = values?.items ? customsHintsOf(values, chosenProduct) : [];
  const currencyCode = values ? declaredCurrencyOf(values) : initialValues.declaredCurrency;
  const declared = values?.items ? declaredTotalOf(values) : null;
  const consigneeCountry = values?.consignee?.countryCode ?? null;
  const shipperMode = values?.shipperMode ?? 'book';

  const check = useCallback(
    (path: FieldPath): Rule => ({
      validator: () => {
        const messages = orderFormErrorsOf(schema, form.getFieldsValue(true), language).get(pathKey(path));
        return messages ? Promise.reject(messages) : Promise.resolve();
      },
    }),
    [schema, form, language],
  );

  /** The default sender preselected; with an empty book the sender is typed instead. */
  const onFirstSenders = useCallback(
    (addresses: readonly Address[]) => {
      const first = addresses[0];
      if (!first) form.setFieldValue('shipperMode', 'typed');
      else if (first.isDefault && !form.getFieldValue('shipperAddressId'))
        form.setFieldValue('shipperAddressId', first.id);
    },
    [form],
  );

  const pickConsignee = (id: string | null, address: Address | null) => {
    form.setFieldValue('consigneeAddressId', id);
    if (address) {
      form.setFieldsValue({ consignee: partyValuesOf(address), saveConsignee: false });
      void form.validateFields([['consignee']], { recursive: true }).catch(() => undefined);
    }
  };

  /**
   * Smart paste into a party: the fields it found replace those, the rest stay; they are checked at once
   * so problems show. A pasted consignee is no longer the address-book entry picked before.
   */
  const pasteInto = (party: 'consignee' | 'shipper') => (fields: SmartPasteFields) => {
    const current = (form.getFieldValue(party) ?? {}) as OrderFormValues['consignee'];
    const { values: pasted, skipped } = pastedAddressValues(fields, current.countryCode ?? CHINA);
    form.setFieldsValue({ [party]: { ...current, ...pasted } } as Partial<OrderFormValues>);
    if (party === 'consignee') form.setFieldValue('consigneeAddressId', null);
    const names = Object.keys(pasted).map((name) => [party, name] as [typeof party, 'name']);
    if (names.length > 0) void form.validateFields(names).catch(() => undefined);
    return skipped;
  };

  const showServerErrors = (errors: FieldError[], fallback: string) => {
    const byPath = new Map<string, { path: FieldPath; messages: string[] }>();
    const unplaced: string[] = [];
    for (const error of errors) {
      const path = formPathOf(error.field, form.getFieldsValue(true) as OrderFormValues);
      if (!path || path[0] === 'productCode') {
        unplaced.push(error.message);
        continue;
      }
      const entry = byPath.get(pathKey(path)) ?? { path, messages: [] };
      entry.messages.push(error.message);
      byPath.set(pathKey(path), entry);
    }
    form.setFields(
      [...byPath.values()].map(({ path, messages }) => ({ name: path, errors: messages })) as Parameters<
        typeof form.setFields
      >[0],
    );
    const first = [...byPath.values()][0];
    if (first) form.scrollToField(first.path, { block: 'center' });
    setFormError(unplaced.length > 0 ? unplaced.join('; ') : byPath.size === 0 ? fallback : null);
  };

  const send = async (submit: boolean) => {
    if (isSending.current) return;
    setFormError(null);
    setShortfall(null);
    try {
      await form.validateFields();
    } catch {
      setFormError(t('order.form.checkFields'));
      return;
    }
    const all = form.getFieldsValue(true) as OrderFormValues;
    if (!all.productCode) {
      setFormError(t('order.form.chooseProduct'));
      document.querySelector('[data-testid=quote-panel]')?.scrollIntoView({ block: 'center' });
      return;
    }
    isSending.current = true;
    setSending(submit ? 'submit' : 'draft');
    try {
      const body = orderBodyOf(all, submit);
      const created = editing
        ? await updateOrder.mutateAsync({ ...body, id: editing.id })
        : await createOrder.mutateAsync({ body, idempotencyKey: idempotencyKey.current });
      idempotencyKey.current = newIdempotencyKey();
      setResult(created);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const insufficient = InsufficientBalanceSchema.safeParse(error.data);
      if (error.code === ApiCode.BadRequest) showServerErrors(fieldErrorsOf(error.data), error.message);
      else if (insufficient.success) setShortfall(insufficient.data);
      else if (!error.isHandled) setFormError(error.message);
    } finally {
      isSending.current = false;
      setSending(null);
    }
  };

  const reset = () => {
    form.resetFields();
    idempotencyKey.current = newIdempotencyKey();
    setResult(null);
    setShortfall(null);
    setFormError(null);
  };

  if (result) {
    return (
      <Card data-testid="create-order-page">
        <Suspense fallback={<Skeleton active />}>
          <OrderResult
            order={result}
            onCreateAnother={source ? () => void navigate(CREATE_ORDER_PATH) : reset}
            onSubmitted={setResult}
          />
        </Suspense>
      </Card>
    );
  }

  return (
    <div className="create-order-page" data-testid="create-order-page">
      {contextHolder}
      {source ? (
        <Alert
          type={isStale ? 'warning' : 'info'}
          showIcon
          title={
            isStale
              ? t('orderList.edit.notDraft', { number: source.order.customerOrderNo })
              : t(source.mode === 'edit' ? 'orderList.edit.editing' : 'orderList.edit.copying', {
                  number: source.order.customerOrderNo,
                })
          }
          style={{ marginBottom: 16 }}
          data-testid="order-form-source"
        />
      ) : null}
      <Form<OrderFormValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        initialValues={initialValues}
        validateTrigger="onBlur"
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={(changed: Partial<OrderFormValues>) => {
          if (changed.consignee && 'countryCode' in changed.consignee) {
            const visited = (['postalCode', 'phone'] as const)
              .map((name) => ['consignee', name] as ['consignee', 'postalCode' | 'phone'])
              .filter((name) => form.isFieldTouched(name));
            if (visited.length > 0) void form.validateFields(visited).catch(() => undefined);
          }
        }}
      >
        <Form.Item name="productCode" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="consigneeAddressId" hidden>
          <Input />
        </Form.Item>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Flex vertical gap={16}>
              <Card
                title={t('order.form.shipperSection')}
                size="small"
                extra={
                  <Form.Item name="shipperMode" className="order-inline-item">
                    <Radio.Group
                      optionType="button"
                      size="small"
                      options={[
                        { value: 'book', label: t('order.form.shipperFromBook') },
                        { value: 'typed', label: t('order.form.shipperTyped') },
                      ]}
                    />
                  </Form.Item>
                }
              >
                <Form.Item
                  name="shipperAddressId"
                  label={t('order.form.shipper')}
                  rules={shipperMode === 'book' ? [check(['shipperAddressId'])] : []}
                  required
                  hidden={shipperMode !== 'book'}
                  extra={
                    <span>
                      {t('order.form.shipperHint')}{' '}
                      <Link to="/user/orders/address" style={{ textDecoration: 'underline' }}>
                        {t('order.form.manageAddresses')}
                      </Link>
                    </span>
                  }
                >
                  <AddressPicker
                    addressType="sender"
                    placeholder={t('order.form.shipperPlaceholder')}
                    onFirstList={onFirstSenders}
                  />
                </Form.Item>
                {shipperMode === 'typed' ? (
                  <>
                    <div className="order-smart-paste">
                      <SmartPaste onParsed={pasteInto('shipper')} testId="shipper-smart-paste" />
                    </div>
                    <PartyFields party="shipper" countryCode={values?.shipper?.countryCode} check={check} />
                  </>
                ) : null}
              </Card>

              <Card title={t('order.form.consigneeSection')} size="small">
                <Form.Item label={t('order.form.consigneeFromBook')} htmlFor="order_consigneePicker">
                  <AddressPicker
                    addressType="receiver"
                    value={values?.consigneeAddressId ?? null}
                    onChange={pickConsignee}
                    allowClear
                    placeholder={t('order.form.consigneePlaceholder')}
                    id="order_consigneePicker"
                  />
                </Form.Item>
                <div className="order-smart-paste">
                  <SmartPaste onParsed={pasteInto('consignee')} testId="consignee-smart-paste" />
                </div>
                <PartyFields party="consignee" countryCode={consigneeCountry} check={check} />
                {values?.consigneeAddressId ? null : (
                  <Form.Item name="saveConsignee" valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Checkbox data-testid="order-save-consignee">{t('order.form.saveConsignee')}</Checkbox>
                  </Form.Item>
                )}
              </Card>

              <Card title={t('order.form.parcelsSection')} size="small">
                <ParcelsFields check={check} />
              </Card>

              <Card
                title={t('order.form.itemsSection')}
                size="small"
                extra={
                  <Form.Item
                    name="declaredCurrency"
                    label={t('order.form.declaredCurrency')}
                    rules={[check(['declaredCurrency'])]}
                    className="order-inline-item"
                    layout="horizontal"
                  >
                    <Select
                      showSearch
                      style={{ width: 110 }}
                      options={(currencies ?? [{ currencyCode: currencyCode }]).map((c) => ({
                        value: c.currencyCode,
                        label: c.currencyCode,
                      }))}
                    />
                  </Form.Item>
                }
              >
                <Flex vertical gap={12}>
                  <ItemsFields check={check} currencyCode={currencyCode} />
                  {declared ? (
                    <Typography.Text strong data-testid="order-declared-total">
                      {t('order.form.declaredTotal', {
                        amount: formatMoney(declared.amount, declared.currencyCode, language),
                      })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Card>

              <Card title={t('order.form.customsSection')} size="small">
                <Row gutter={16}>
                  <Col span={24}>
                    <Form.Item
                      name="customsTerms"
                      label={t('order.form.customsTerms')}
                      rules={[check(['customsTerms'])]}
                    >
                      <Radio.Group
                        optionType="button"
                        options={[
                          { value: null, label: t('order.form.customsTermsNone') },
                          ...CUSTOMS_TERMS.map((terms) => ({
                            value: terms,
                            label: t(`order.customsTerms.${terms}`),
                          })),
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6}>
                    <Form.Item name="hasBattery" label={t('order.form.hasBattery')} valuePropName="checked">
                      <Switch data-testid="order-has-battery" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6}>
                    <Form.Item name="signature" label={t('order.form.signature')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="iossNumber"
                      label={t('order.form.iossNumber')}
                      rules={[check(['iossNumber'])]}
                    >
                      <Input
                        maxLength={ORDER_FIELD_MAX.iossNumber}
                        autoComplete="off"
                        placeholder="IM0000000000"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="eoriNumber"
                      label={t('order.form.eoriNumber')}
                      rules={[check(['eoriNumber'])]}
                    >
                      <Input maxLength={ORDER_FIELD_MAX.eoriNumber} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="insuranceValue"
                      label={t('order.form.insuranceValue', { currency: currencyCode })}
                      rules={[check(['insuranceValue'])]}
                      extra={t('order.form.insuranceHint')}
                    >
                      <Input maxLength={12} inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>

              <Card title={t('order.form.otherSection')} size="small">
                <Form.Item
                  label={t('order.form.customerOrderNo')}
                  htmlFor="order_customerOrderNo"
                  extra={t('order.form.customerOrderNoHint')}
                >
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="customerOrderNo" noStyle rules={[check(['customerOrderNo'])]}>
                      <Input
                        maxLength={ORDER_FIELD_MAX.customerOrderNo}
                        autoComplete="off"
                        id="order_customerOrderNo"
                      />
                    </Form.Item>
                    <Button
                      onClick={() => {
                        form.setFieldValue('customerOrderNo', generateCustomerOrderNo());
                        void form.validateFields(['customerOrderNo']).catch(() => undefined);
                      }}
                      data-testid="order-generate-reference"
                    >
                      {t('order.form.generate')}
                    </Button>
                  </Space.Compact>
                </Form.Item>
                <Form.Item
                  name="remark"
                  label={t('order.form.remark')}
                  rules={[check(['remark'])]}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea
                    maxLength={ORDER_FIELD_MAX.remark}
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    showCount
                  />
                </Form.Item>
              </Card>
            </Flex>
          </Col>

          <Col xs={24} xl={9}>
            <div className="order-side">
              <QuotePanel
                isIncomplete={request === null}
                answer={request === null ? undefined : quote.data}
                isFetching={
                  request !== null && (quote.isFetching || quoteKeyOf(settledRequest) !== quoteKeyOf(request))
                }
                error={quoteError}
                onRetry={() => void quote.refetch()}
                selected={selectedProduct}
                onSelect={(code) => {
                  form.setFieldValue('productCode', code);
                  setFormError(null);
                }}
              />
              <CustomsHints hints={hints} />
              <Card size="small" className="order-actions" data-testid="order-actions">
                <Flex vertical gap={12}>
                  {shortfall ? <InsufficientBalanceAlert shortfall={shortfall} /> : null}
                  {formError ? (
                    <Alert type="error" showIcon title={formError} data-testid="order-form-error" />
                  ) : null}
                  <Flex gap={8} wrap justify="end">
                    <Button onClick={() => requestClose(reset)} disabled={sending !== null}>
                      {t('order.form.reset')}
                    </Button>
                    <Button
                      onClick={() => void send(false)}
                      loading={sending === 'draft'}
                      disabled={sending === 'submit' || isStale}
                      data-testid="order-save-draft"
                    >
                      {t(editing ? 'orderList.edit.saveChanges' : 'order.form.saveDraft')}
                    </Button>
                    <Button
                      type="primary"
                      onClick={() => void send(true)}
                      loading={sending === 'submit'}
                      disabled={sending === 'draft' || isStale}
                      data-testid="order-submit"
                    >
                      {t('order.form.submit')}
                    </Button>
                  </Flex>
                </Flex>
              </Card>
            </div>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
