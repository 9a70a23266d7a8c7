import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { RECHARGE_CHANNELS, RECHARGE_STATUSES } from '@portal/contracts/recharge';
import type { RechargeFilterValues } from '../lib/recharge-filter';

// Folded fields stay mounted, so their values survive folding.
const HIDDEN = { display: 'none' } as const;

export interface RechargeFiltersProps {
  /** Phones: all but the number fold away behind "More filters". */
  isCollapsible?: boolean;
  currencies: readonly string[];
  onSearch: (values: RechargeFilterValues) => void;
  onReset: () => void;
  isSearching: boolean;
}

/** Status, channel, currency, number and created range; applied with "Search". */
export function RechargeFilters({
  isCollapsible = false,
  currencies,
  onSearch,
  onReset,
  isSearching,
}: RechargeFiltersProps) {
  const { t } = useTranslation();
  const [isExpanded, setIsExpanded] = useState(false);
  const showsAll = !isCollapsible || isExpanded;
  const [form] = Form.useForm<RechargeFilterValues>();
  const any = t('recharge.records.filter.any');

  return (
    <Form<RechargeFilterValues>
      form={form}
      layout="vertical"
      name="rechargeFilter"
      onFinish={onSearch}
      data-testid="recharge-filters"
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item name="rechargeNo" label={t('recharge.records.filter.number')}>
            <Input
              allowClear
              maxLength={40}
              placeholder={t('recharge.records.filter.numberPlaceholder')}
              data-testid="recharge-filter-number"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="created" label={t('recharge.records.filter.created')}>
            <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8} xl={4} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="status" label={t('recharge.records.filter.status')}>
            <Select
              allowClear
              placeholder={any}
              options={RECHARGE_STATUSES.map((value) => ({ value, label: t(`recharge.status.${value}`) }))}
              data-testid="recharge-filter-status"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8} xl={4} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="channel" label={t('recharge.records.filter.channel')}>
            <Select
              allowClear
              placeholder={any}
              options={RECHARGE_CHANNELS.map((value) => ({ value, label: t(`recharge.channel.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={4} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="currencyCode" label={t('recharge.records.filter.currency')}>
            <Select
              allowClear
              placeholder={any}
              options={currencies.map((code) => ({ value: code, label: code }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row justify="end" gutter={8} style={{ marginBottom: 16 }}>
        {isCollapsible ? (
          <Col flex="auto">
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              icon={isExpanded ? <UpOutlined /> : <DownOutlined />}
              onClick={() => setIsExpanded(!isExpanded)}
              aria-expanded={isExpanded}
            >
              {t(isExpanded ? 'recharge.records.filter.fewer' : 'recharge.records.filter.more')}
            </Button>
          </Col>
        ) : null}
        <Col>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
            data-testid="recharge-reset"
          >
            {t('recharge.records.filter.reset')}
          </Button>
        </Col>
        <Col>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={isSearching}
            data-testid="recharge-search"
          >
            {t('recharge.records.filter.search')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
