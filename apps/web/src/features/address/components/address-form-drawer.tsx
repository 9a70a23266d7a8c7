import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Typography,
} from 'antd';
import type { InputRef } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  ADDRESS_TYPES,
  addressTextMax,
  createAddressSchemas,
  type Address,
  type AddressType,
} from '@portal/contracts/address';
import { ApiCode, type FieldError } from '@portal/contracts/envelope';
import { POSTAL_CODE_FORMATS } from '@portal/contracts/reference';
import { isApiError } from '../../../lib/http/api-error';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCnDivisionIndex } from '../../../lib/reference/api/get-cn-division-tree';
import { useCountries } from '../../../lib/reference/api/get-country';
import { ChinaRegionCascader } from '../../../components/reference/china-region-cascader';
import { CountrySelect } from '../../../components/reference/country-select';
import { SmartPaste, type SmartPasteFields } from '../../../components/smart-paste';
import { pastedAddressValues } from '../../../lib/smart-paste-form';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useConfirmDiscard } from '../../../lib/use-confirm-discard';
import { useInsertCustomerAddress } from '../api/insert-customer-address';
import { useUpdateCustomerAddress } from '../api/update-customer-address';
import {
  CHINA,
  emptyFormValues,
  formErrorsOf,
  formFieldOf,
  formValuesOf,
  inputOf,
  type AddressFormValues,
} from '../lib/address-form-model';

const FORM_ID = 'address-form';

export interface AddressFormDrawerProps {
  open: boolean;
  /** The address being edited, or null to create one. */
  address: Address | null;
  /** Type preselected for a new address (the list's current tab). */
  defaultType: AddressType;
  onClose: () => void;
}

/**
 * Create or edit one address in a drawer: every field of PRODUCT.md "Address". China picks
 * province → city → district from the division tree; other countries take free text, with the postal
 * code checked where the country's format is known. Fields are checked with the contracts' address
 * schema, the one the server applies, whose field errors land on the matching fields too; a field is
 * checked when it loses the focus and on save, not while it is being typed. Inputs stop at the server's
 * length limits. Enter saves, Esc closes (asking first when something changed), the name field has the
 * focus on open.
 */
export function AddressFormDrawer({ open, address, defaultType, onClose }: AddressFormDrawerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<AddressFormValues>();
  const nameRef = useRef<InputRef>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The body the form opened with; closing asks first once the body to send differs from it.
  const openedWith = useRef('');
  const { requestClose, contextHolder } = useConfirmDiscard(
    () => JSON.stringify(inputOf(form.getFieldsValue(true))) !== openedWith.current,
  );
  const close = () => requestClose(onClose);
  const divisions = useCnDivisionIndex();
  const { data: countries } = useCountries();
  const insert = useInsertCustomerAddress();
  const update = useUpdateCustomerAddress();
  const isSaving = insert.isPending || update.isPending;

  const countryCode = Form.useWatch('countryCode', form) ?? CHINA;
  const isChina = countryCode === CHINA;
  const postalFormat = POSTAL_CODE_FORMATS[countryCode];

  // Rebuilt only when the reference data arrive; until then the schema checks formats and presence only.
  const schema = useMemo(
    () =>
      createAddressSchemas({
        countryCodes: countries ? new Set(countries.map((country) => country.code)) : undefined,
        cnDivisions: divisions,
      }).input,
    [countries, divisions],
  );

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    form.resetFields();
    const values = address ? formValuesOf(address) : emptyFormValues(defaultType);
    form.setFieldsValue(values);
    openedWith.current = JSON.stringify(inputOf(values));
  }, [open, address, defaultType, form]);

  /** The schema's problems for one field, checked against the whole form (rules span fields). */
  const check = (field: keyof AddressFormValues): Rule => ({
    validator: () => {
      const messages = formErrorsOf(schema, form.getFieldsValue(true), language).get(field);
      return messages ? Promise.reject(messages) : Promise.resolve();
    },
  });

  const showServerErrors = (errors: FieldError[], fallback: string) => {
    const country: string = form.getFieldValue('countryCode') ?? CHINA;
    const byField = new Map<keyof AddressFormValues, string[]>();
    const unplaced: string[] = [];
    for (const error of errors) {
      const field = formFieldOf(error.field, country);
      if (field) byField.set(field, [...(byField.get(field) ?? []), error.message]);
      else unplaced.push(error.message);
    }
    form.setFields([...byField].map(([name, messages]) => ({ name, errors: messages })));
    const first = [...byField.keys()][0];
    if (first) form.scrollToField(first, { block: 'center' });
    setFormError(unplaced.length > 0 ? unplaced.join('; ') : byField.size === 0 ? fallback : null);
  };

  /** Smart paste: sets the fields it found, leaves the rest, and checks them at once so problems show. */
  const applyPaste = (fields: SmartPasteFields) => {
    const { values, skipped } = pastedAddressValues(fields, form.getFieldValue('countryCode') ?? CHINA);
    form.setFieldsValue(values);
    const names = Object.keys(values) as (keyof AddressFormValues)[];
    if (names.length > 0) void form.validateFields(names).catch(() => undefined);
    return skipped;
  };

  const submit = async (values: AddressFormValues) => {
    setFormError(null);
    const body = inputOf(values);
    try {
      if (address) await update.mutateAsync({ ...body, id: address.id });
      else await insert.mutateAsync(body);
      uiEffects.showSuccess(t(address ? 'address.form.updated' : 'address.form.created'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.code === ApiCode.BadRequest) showServerErrors(fieldErrorsOf(error.data), error.message);
      else if (!error.isHandled) setFormError(error.message);
    }
  };

  const half = { xs: 24, sm: 12 } as const;

  return (
    <>
      {contextHolder}
      <Drawer
        open={open}
        onClose={close}
        title={t(address ? 'address.form.editTitle' : 'address.form.createTitle')}
        size={isMobile ? '100%' : 720}
        destroyOnHidden
        afterOpenChange={(isOpen) => {
          if (isOpen) nameRef.current?.focus();
        }}
        footer={
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">
              {isMobile ? null : t('address.form.keyboardHint')}
            </Typography.Text>
            <Flex gap={8}>
              <Button onClick={close} data-testid="address-cancel">
                {t('address.form.cancel')}
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                form={FORM_ID}
                loading={isSaving}
                data-testid="address-save"
              >
                {t('address.form.save')}
              </Button>
            </Flex>
          </Flex>
        }
        data-testid="address-form-drawer"
      >
        <SmartPaste onParsed={applyPaste} testId="address-smart-paste" />
        <Form<AddressFormValues>
          id={FORM_ID}
          form={form}
          name="address"
          layout="vertical"
          requiredMark
          validateTrigger="onBlur"
          onFinish={(values) => void submit(values)}
          onFinishFailed={() => setFormError(t('address.form.checkFields'))}
          onValuesChange={(changed: Partial<AddressFormValues>) => {
            // A new country changes what the postal code and phone must look like (once they were visited).
            if ('countryCode' in changed) {
              const visited = (['postalCode', 'phone'] as const).filter((name) => form.isFieldTouched(name));
              if (visited.length > 0) void form.validateFields([...visited]).catch(() => undefined);
            }
          }}
          scrollToFirstError={{ block: 'center' }}
          disabled={isSaving}
        >
          {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
            {t('address.form.sectionContact')}
          </Divider>
          <Form.Item
            name="addressType"
            label={t('address.form.addressType')}
            rules={[check('addressType')]}
            required
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={ADDRESS_TYPES.map((type) => ({
                value: type,
                label: t(type === 'sender' ? 'address.typeSender' : 'address.typeReceiver'),
              }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="name" label={t('address.form.name')} rules={[check('name')]} required>
                <Input
                  maxLength={addressTextMax('name')}
                  ref={nameRef}
                  placeholder={t('address.form.namePlaceholder')}
                  autoComplete="off"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="phone" label={t('address.form.phone')} rules={[check('phone')]} required>
                <Input
                  maxLength={addressTextMax('phone')}
                  placeholder={t(
                    isChina ? 'address.form.phonePlaceholderCn' : 'address.form.phonePlaceholder',
                  )}
                  inputMode="tel"
                  autoComplete="off"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="company" label={t('address.form.company')} rules={[check('company')]}>
                <Input maxLength={addressTextMax('company')} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="email" label={t('address.form.email')} rules={[check('email')]}>
                <Input maxLength={addressTextMax('email')} inputMode="email" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>

          <Divider titlePlacement="start" plain>
            {t('address.form.sectionRegion')}
          </Divider>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="countryCode"
                label={t('address.form.country')}
                rules={[check('countryCode')]}
                required
              >
                <CountrySelect />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="postalCode"
                label={t('address.form.postalCode')}
                rules={[check('postalCode')]}
                extra={
                  postalFormat ? t('address.form.postalCodeExample', { example: postalFormat.example }) : null
                }
                required={!isChina && Boolean(postalFormat)}
              >
                <Input
                  maxLength={addressTextMax('postalCode')}
                  autoComplete="off"
                  placeholder={postalFormat?.example}
                />
              </Form.Item>
            </Col>
            {isChina ? (
              <Col span={24}>
                <Form.Item name="region" label={t('address.form.region')} rules={[check('region')]} required>
                  <ChinaRegionCascader />
                </Form.Item>
              </Col>
            ) : (
              <>
                <Col {...half}>
                  <Form.Item name="province" label={t('address.form.province')} rules={[check('province')]}>
                    <Input maxLength={addressTextMax('province')} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="city" label={t('address.form.city')} rules={[check('city')]} required>
                    <Input maxLength={addressTextMax('city')} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="district" label={t('address.form.district')} rules={[check('district')]}>
                    <Input maxLength={addressTextMax('district')} autoComplete="off" />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>

          <Divider titlePlacement="start" plain>
            {t('address.form.sectionStreet')}
          </Divider>
          <Form.Item
            name="addressLine1"
            label={t('address.form.addressLine1')}
            rules={[check('addressLine1')]}
            required
          >
            <Input
              maxLength={addressTextMax('addressLine1')}
              placeholder={t('address.form.addressLine1Placeholder')}
              autoComplete="off"
            />
          </Form.Item>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="addressLine2"
                label={t('address.form.addressLine2')}
                rules={[check('addressLine2')]}
              >
                <Input maxLength={addressTextMax('addressLine2')} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="addressLine3"
                label={t('address.form.addressLine3')}
                rules={[check('addressLine3')]}
              >
                <Input maxLength={addressTextMax('addressLine3')} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="houseNumber"
                label={t('address.form.houseNumber')}
                rules={[check('houseNumber')]}
              >
                <Input maxLength={addressTextMax('houseNumber')} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="taxId" label={t('address.form.taxId')} rules={[check('taxId')]}>
                <Input
                  maxLength={addressTextMax('taxId')}
                  placeholder={t('address.form.taxIdPlaceholder')}
                  autoComplete="off"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('address.form.isDefault')}</Checkbox>
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
}
