import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MAX_ITEMS_PER_ORDER, ORDER_FIELD_MAX } from '@portal/contracts/order';
import { CountrySelect } from '../../../components/reference/country-select';
import { emptyItem, type FieldPath } from '../lib/order-form-model';
import { WEIGHT_INPUT_MAX_LENGTH } from './parcels-fields';

export interface ItemsFieldsProps {
  check: (path: FieldPath) => Rule;
  /** The declared currency's code, shown beside the unit price. */
  currencyCode: string;
}

/** 100000 pieces: six characters; money as typed major units with up to 12 characters. */
const QUANTITY_MAX_LENGTH = 6;
const PRICE_MAX_LENGTH = 12;
const HS_CODE_MAX_LENGTH = 13;

/**
 * The declared items, one compact block each: names, HS code, SKU, quantity, unit price (in the
 * declared currency), unit weight, origin, material and purpose.
 */
export function ItemsFields({ check, currencyCode }: ItemsFieldsProps) {
  const { t } = useTranslation();
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const path = (name: string): FieldPath => ['items', field.name, name];
            const item = (
              name: string,
              label: string,
              input: React.ReactNode,
              span: object,
              required = false,
            ) => (
              <Col {...span}>
                <Form.Item
                  name={[field.name, name]}
                  label={label}
                  rules={[check(path(name))]}
                  required={required}
                >
                  {input}
                </Form.Item>
              </Col>
            );
            return (
              <Card
                key={field.key}
                size="small"
                className="order-item-card"
                title={t('order.form.itemTitle', { index: index + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={t('order.form.removeItem', { index: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                }
                data-testid="order-item"
              >
                <Row gutter={12}>
                  {item(
                    'nameCn',
                    t('order.form.nameCn'),
                    <Input maxLength={ORDER_FIELD_MAX.nameCn} autoComplete="off" />,
                    { xs: 24, sm: 12 },
                    true,
                  )}
                  {item(
                    'nameEn',
                    t('order.form.nameEn'),
                    <Input maxLength={ORDER_FIELD_MAX.nameEn} autoComplete="off" />,
                    { xs: 24, sm: 12 },
                    true,
                  )}
                  {item(
                    'quantity',
                    t('order.form.quantity'),
                    <Input maxLength={QUANTITY_MAX_LENGTH} inputMode="numeric" autoComplete="off" />,
                    { xs: 12, sm: 6 },
                    true,
                  )}
                  {item(
                    'unitPrice',
                    t('order.form.unitPrice', { currency: currencyCode }),
                    <Input
                      maxLength={PRICE_MAX_LENGTH}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="12.50"
                    />,
                    { xs: 12, sm: 6 },
                    true,
                  )}
                  {item(
                    'unitWeight',
                    t('order.form.unitWeight'),
                    <Input maxLength={WEIGHT_INPUT_MAX_LENGTH} inputMode="decimal" autoComplete="off" />,
                    { xs: 12, sm: 6 },
                  )}
                  {item(
                    'hsCode',
                    t('order.form.hsCode'),
                    <Input
                      maxLength={HS_CODE_MAX_LENGTH}
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="6109100000"
                    />,
                    { xs: 12, sm: 6 },
                  )}
                  {item('sku', 'SKU', <Input maxLength={ORDER_FIELD_MAX.sku} autoComplete="off" />, {
                    xs: 12,
                    sm: 6,
                  })}
                  {item('originCountryCode', t('order.form.originCountry'), <CountrySelect allowClear />, {
                    xs: 12,
                    sm: 6,
                  })}
                  {item(
                    'material',
                    t('order.form.material'),
                    <Input maxLength={ORDER_FIELD_MAX.material} autoComplete="off" />,
                    { xs: 12, sm: 6 },
                  )}
                  {item(
                    'purpose',
                    t('order.form.purpose'),
                    <Input maxLength={ORDER_FIELD_MAX.purpose} autoComplete="off" />,
                    { xs: 12, sm: 6 },
                  )}
                </Row>
              </Card>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add(emptyItem())}
            disabled={fields.length >= MAX_ITEMS_PER_ORDER}
            block
            data-testid="order-add-item"
          >
            {t('order.form.addItem')}
          </Button>
          <Typography.Text type="secondary" className="order-items-hint">
            {t('order.form.itemsHint')}
          </Typography.Text>
        </>
      )}
    </Form.List>
  );
}
