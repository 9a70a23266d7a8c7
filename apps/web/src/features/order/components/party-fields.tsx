import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { addressTextMax } from '@portal/contracts/address';
import { POSTAL_CODE_FORMATS } from '@portal/contracts/reference';
import { ChinaRegionCascader } from '../../../components/reference/china-region-cascader';
import { CountrySelect } from '../../../components/reference/country-select';
import type { FieldPath } from '../lib/order-form-model';
import { CHINA } from '../lib/order-form-model';

export interface PartyFieldsProps {
  party: 'consignee' | 'shipper';
  countryCode: string | null | undefined;
  /** The schema rule of one field (checked against the whole form, as the server does). */
  check: (path: FieldPath) => Rule;
}

const half = { xs: 24, sm: 12 } as const;

/** A party's typed fields (consignee or sender): the address book's fields, China with the region cascader. */
export function PartyFields({ party, countryCode, check }: PartyFieldsProps) {
  const { t } = useTranslation();
  const isChina = countryCode === CHINA;
  const postalFormat = countryCode ? POSTAL_CODE_FORMATS[countryCode] : undefined;
  const field = (name: string) => [party, name];
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item
          name={field('name')}
          label={t('address.form.name')}
          rules={[check(field('name'))]}
          required
        >
          <Input maxLength={addressTextMax('name')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('phone')}
          label={t('address.form.phone')}
          rules={[check(field('phone'))]}
          required
        >
          <Input maxLength={addressTextMax('phone')} inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('countryCode')}
          label={t('address.form.country')}
          rules={[check(field('countryCode'))]}
          required
        >
          <CountrySelect placeholder={t('order.form.countryPlaceholder')} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('postalCode')}
          label={t('address.form.postalCode')}
          rules={[check(field('postalCode'))]}
          extra={postalFormat ? t('address.form.postalCodeExample', { example: postalFormat.example }) : null}
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
          <Form.Item
            name={field('region')}
            label={t('address.form.region')}
            rules={[check(field('region'))]}
            required
          >
            <ChinaRegionCascader />
          </Form.Item>
        </Col>
      ) : (
        <>
          <Col xs={24} sm={8}>
            <Form.Item
              name={field('province')}
              label={t('address.form.province')}
              rules={[check(field('province'))]}
            >
              <Input maxLength={addressTextMax('province')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name={field('city')}
              label={t('address.form.city')}
              rules={[check(field('city'))]}
              required
            >
              <Input maxLength={addressTextMax('city')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name={field('district')}
              label={t('address.form.district')}
              rules={[check(field('district'))]}
            >
              <Input maxLength={addressTextMax('district')} autoComplete="off" />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={24}>
        <Form.Item
          name={field('addressLine1')}
          label={t('address.form.addressLine1')}
          rules={[check(field('addressLine1'))]}
          required
        >
          <Input maxLength={addressTextMax('addressLine1')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('addressLine2')}
          label={t('address.form.addressLine2')}
          rules={[check(field('addressLine2'))]}
        >
          <Input maxLength={addressTextMax('addressLine2')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('houseNumber')}
          label={t('address.form.houseNumber')}
          rules={[check(field('houseNumber'))]}
        >
          <Input maxLength={addressTextMax('houseNumber')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={field('company')}
          label={t('address.form.company')}
          rules={[check(field('company'))]}
        >
          <Input maxLength={addressTextMax('company')} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={field('email')} label={t('address.form.email')} rules={[check(field('email'))]}>
          <Input maxLength={addressTextMax('email')} inputMode="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={field('taxId')} label={t('address.form.taxId')} rules={[check(field('taxId'))]}>
          <Input
            maxLength={addressTextMax('taxId')}
            autoComplete="off"
            placeholder={t('address.form.taxIdPlaceholder')}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
