import { useState } from 'react';
import { Button, Card, Col, Form, Row } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AddressType } from '@portal/contracts/address';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { ProductSelect } from '../../../components/reference/product-select';
import { AddressPicker } from '../../../components/address-picker';
import { useChangeOrderImportSettings } from '../api/change-order-import-settings';

/** The product and the sender of an import in the grid; changing them checks and prices every order again. */
export function ImportSettings({ summary, disabled }: { summary: OrderImportSummary; disabled: boolean }) {
  const { t } = useTranslation();
  const [productCode, setProductCode] = useState<string | undefined>(summary.productCode);
  const [shipperAddressId, setShipperAddressId] = useState<string | undefined>(
    summary.shipperAddressId ?? undefined,
  );
  const change = useChangeOrderImportSettings();
  const isChanged =
    productCode !== summary.productCode || shipperAddressId !== (summary.shipperAddressId ?? undefined);
  return (
    <Card size="small" title={t('orderImport.settings.title')} data-testid="order-import-settings">
      <Form layout="vertical" component="div">
        <Row gutter={16} align="bottom">
          <Col xs={24} md={10}>
            <Form.Item
              label={t('orderImport.start.product')}
              htmlFor="order-import-settings-product"
              style={{ marginBottom: 8 }}
            >
              <ProductSelect
                id="order-import-settings-product"
                value={productCode}
                onChange={setProductCode}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              label={t('orderImport.start.sender')}
              htmlFor="order-import-settings-sender"
              style={{ marginBottom: 8 }}
            >
              <AddressPicker
                addressType={AddressType.Sender}
                id="order-import-settings-sender"
                value={shipperAddressId}
                onChange={(id) => setShipperAddressId(id ?? undefined)}
                placeholder={t('orderImport.start.senderPlaceholder')}
                disabled={disabled}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item style={{ marginBottom: 8 }}>
              <Button
                icon={<ReloadOutlined />}
                disabled={disabled || !isChanged || !productCode || !shipperAddressId}
                loading={change.isPending}
                onClick={() =>
                  productCode && shipperAddressId
                    ? change.mutate({ id: summary.id, productCode, shipperAddressId })
                    : undefined
                }
                data-testid="order-import-recheck"
              >
                {t('orderImport.settings.recheck')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
