import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MAX_NUMBER_LENGTH, MAX_PASTED_NUMBERS, splitNumbers } from '@portal/contracts/order-list';
import { CountrySelect } from '../../../components/reference/country-select';
import { ProductSelect } from '../../../components/reference/product-select';
import { numbersProblem, type EndDataFilterValues } from '../lib/end-data-filter';

// Folded fields stay mounted, so their values survive folding.
const HIDDEN = { display: 'none' } as const;

export interface EndDataFiltersProps {
  /** Phones: date, country and product fold away behind "More filters"; the numbers box stays. */
  isCollapsible?: boolean;
  onSearch: (values: EndDataFilterValues) => void;
  onReset: () => void;
  isSearching: boolean;
}

/** Created range, country, product and a box for pasted numbers; applied with "Search". */
export function EndDataFilters({
  isCollapsible = false,
  onSearch,
  onReset,
  isSearching,
}: EndDataFiltersProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const showsAll = !isCollapsible || isExpanded;
  const { t } = useTranslation();
  const [form] = Form.useForm<EndDataFilterValues>();
  const numbersText = Form.useWatch('numbersText', form) ?? '';
  const numberCount = splitNumbers(numbersText).length;

  return (
    <Form<EndDataFilterValues>
      form={form}
      layout="vertical"
      name="endDataFilter"
      onFinish={onSearch}
      data-testid="end-data-filters"
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="created" label={t('endData.filter.created')}>
            <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="countryCode" label={t('endData.filter.country')}>
            <CountrySelect allowClear placeholder={t('endData.filter.anyCountry')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6} style={showsAll ? undefined : HIDDEN}>
          <Form.Item name="productCode" label={t('endData.filter.product')}>
            <ProductSelect allowClear placeholder={t('endData.filter.anyProduct')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="numbersText"
            label={t('endData.filter.numbers')}
            extra={
              numberCount > 0 ? (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                  data-testid="end-data-number-count"
                >
                  {t('endData.filter.numberCount', { count: numberCount, max: MAX_PASTED_NUMBERS })}
                </Typography.Text>
              ) : null
            }
            rules={[
              {
                validator: (_, value?: string) => {
                  const problem = numbersProblem(value ?? '');
                  if (problem === 'tooMany')
                    return Promise.reject(
                      new Error(t('endData.filter.tooMany', { max: MAX_PASTED_NUMBERS })),
                    );
                  if (problem === 'tooLong')
                    return Promise.reject(new Error(t('endData.filter.tooLong', { max: MAX_NUMBER_LENGTH })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder={t('endData.filter.numbersPlaceholder')}
              data-testid="end-data-numbers"
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
              {t(isExpanded ? 'endData.filter.fewer' : 'endData.filter.more')}
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
            data-testid="end-data-reset"
          >
            {t('endData.filter.reset')}
          </Button>
        </Col>
        <Col>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={isSearching}
            data-testid="end-data-search"
          >
            {t('endData.filter.search')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
