import { Button, Col, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MAX_PARCELS_PER_SHIPMENT } from '@portal/contracts/product';
import { emptyParcel, type FieldPath } from '../lib/order-form-model';

/** Weight inputs take at most 7 characters (the source's weight length constant, PRODUCT.md). */
export const WEIGHT_INPUT_MAX_LENGTH = 7;
/** 999.9 cm: five characters. */
const LENGTH_INPUT_MAX_LENGTH = 5;

export interface ParcelsFieldsProps {
  check: (path: FieldPath) => Rule;
}

/** The boxes: weight in kg and length × width × height in cm, one row each; add and remove. */
export function ParcelsFields({ check }: ParcelsFieldsProps) {
  const { t } = useTranslation();
  return (
    <Form.List name="parcels">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const path = (name: string): FieldPath => ['parcels', field.name, name];
            return (
              <Row
                key={field.key}
                gutter={12}
                align="top"
                className="order-parcel-row"
                data-testid="order-parcel"
              >
                <Col xs={24} sm={2}>
                  <Typography.Text type="secondary" className="order-row-number">
                    #{index + 1}
                  </Typography.Text>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'weight']}
                    label={t('order.form.weightKg')}
                    rules={[check(path('weight'))]}
                    required
                  >
                    <Input maxLength={WEIGHT_INPUT_MAX_LENGTH} inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'length']}
                    label={t('order.form.lengthCm')}
                    rules={[check(path('length'))]}
                    required
                  >
                    <Input maxLength={LENGTH_INPUT_MAX_LENGTH} inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'width']}
                    label={t('order.form.widthCm')}
                    rules={[check(path('width'))]}
                    required
                  >
                    <Input maxLength={LENGTH_INPUT_MAX_LENGTH} inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'height']}
                    label={t('order.form.heightCm')}
                    rules={[check(path('height'))]}
                    required
                  >
                    <Input maxLength={LENGTH_INPUT_MAX_LENGTH} inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={2} className="order-row-remove">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={t('order.form.removeParcel', { index: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </Col>
              </Row>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add(emptyParcel())}
            disabled={fields.length >= MAX_PARCELS_PER_SHIPMENT}
            block
            data-testid="order-add-parcel"
          >
            {t('order.form.addParcel')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
