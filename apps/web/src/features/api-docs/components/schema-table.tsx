import { Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { FieldRow, Limit } from '../lib/openapi-model';

/** A limit in words of the interface language. */
export function limitText(limit: Limit, t: TFunction): string {
  const { min, max } = limit;
  switch (limit.kind) {
    case 'length':
      if (min !== undefined && max !== undefined)
        return min === max
          ? t('apiDocs.limit.lengthExact', { n: min })
          : t('apiDocs.limit.lengthBetween', { min, max });
      return min !== undefined
        ? t('apiDocs.limit.lengthMin', { min })
        : t('apiDocs.limit.lengthMax', { max });
    case 'items':
      if (min !== undefined && max !== undefined) return t('apiDocs.limit.itemsBetween', { min, max });
      return min !== undefined ? t('apiDocs.limit.itemsMin', { min }) : t('apiDocs.limit.itemsMax', { max });
    case 'range': {
      const parts: string[] = [];
      if (min !== undefined) parts.push(`${limit.exclusiveMin ? '>' : '≥'} ${min}`);
      if (max !== undefined) parts.push(`${limit.exclusiveMax ? '<' : '≤'} ${max}`);
      return parts.join(', ');
    }
    case 'pattern':
      return t('apiDocs.limit.pattern', { pattern: limit.pattern });
  }
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The fields of a schema as a nested table: name (required marked), type, limits and allowed values,
 * description. Objects inside objects and arrays of objects open as child rows, all open at first.
 */
export function SchemaTable({ rows, testId }: { rows: FieldRow[]; testId?: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Table<FieldRow>
      className="api-schema-table"
      data-testid={testId}
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      dataSource={rows}
      scroll={{ x: 720 }}
      expandable={{ defaultExpandAllRows: true, indentSize: 16 }}
      columns={[
        {
          title: t('apiDocs.field'),
          dataIndex: 'name',
          width: 250,
          render: (_, row) => (
            <span className="api-field-name">
              <Typography.Text code>{row.name}</Typography.Text>
              {row.isRequired ? (
                <Tag color="red" variant="filled" className="api-required">
                  {t('apiDocs.required')}
                </Tag>
              ) : null}
            </span>
          ),
        },
        {
          title: t('apiDocs.type'),
          dataIndex: 'type',
          width: 160,
          render: (type: string) => <Typography.Text type="secondary">{type}</Typography.Text>,
        },
        {
          title: t('apiDocs.constraints'),
          key: 'constraints',
          width: 220,
          render: (_, row) => (
            <div className="api-constraints">
              {row.limits.map((limit, i) => (
                <div key={i}>{limitText(limit, t)}</div>
              ))}
              {row.enumValues.length > 0 ? (
                <div>
                  {t('apiDocs.allowedValues')}{' '}
                  {row.enumValues.map((value) => (
                    <Tag key={valueText(value)} variant="filled">
                      {valueText(value)}
                    </Tag>
                  ))}
                </div>
              ) : null}
              {row.defaultValue !== undefined ? (
                <div>{t('apiDocs.defaultValue', { value: valueText(row.defaultValue) })}</div>
              ) : null}
            </div>
          ),
        },
        { title: t('apiDocs.description'), dataIndex: 'description', render: (text?: string) => text ?? '' },
      ]}
    />
  );
}
