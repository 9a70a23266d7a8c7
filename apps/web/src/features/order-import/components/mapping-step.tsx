import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  ORDER_IMPORT_CELL_MAX,
  ORDER_IMPORT_MAPPING_NAME_MAX,
  ORDER_SHEET_COLUMNS,
  type OrderImportSummary,
  type OrderSheetColumn,
  type OrderSheetDefaults,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useApplyOrderImportMapping } from '../api/apply-order-import-mapping';
import { useDeleteOrderImportMapping } from '../api/delete-order-import-mapping';
import { useOrderImportMappings } from '../api/query-order-import-mappings';
import {
  defaultsToSend,
  mappingOfSaved,
  missingRequiredFields,
  NO_DEFAULT_FIELDS,
  sampleValuesOf,
  withColumn,
} from '../lib/order-import-model';

/** How many sample values show beside a field. */
const SAMPLES_SHOWN = 3;

/**
 * The mapping step (status `mapping`): a sheet whose header row is not the template's. Every template
 * field gets a select of the sheet's headers (the server's guess preselected, sample values beside it),
 * required fields marked and the missing ones named; a saved mapping fills the selects at once (and can
 * be deleted); "save as" keeps this one for the next sheet with these headers.
 */
export function MappingStep({ summary, onDiscard }: { summary: OrderImportSummary; onDiscard: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [mapping, setMapping] = useState<OrderSheetMapping>(summary.mapping);
  const [defaults, setDefaults] = useState<OrderSheetDefaults>(summary.defaults);
  const [savedId, setSavedId] = useState<string | undefined>();
  const [saveAs, setSaveAs] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = useOrderImportMappings();
  const apply = useApplyOrderImportMapping();
  const remove = useDeleteOrderImportMapping();
  const missing = missingRequiredFields(mapping, defaultsToSend(defaults, mapping));

  const headerOptions = useMemo(
    () =>
      summary.headers.map((header, index) => ({
        value: index,
        label: header.trim() || t('orderImport.mapping.unnamedColumn', { column: index + 1 }),
      })),
    [summary.headers, t],
  );

  const chooseSaved = (id: string | undefined) => {
    setSavedId(id);
    const chosen = saved.data?.find((item) => item.id === id);
    if (chosen) {
      setMapping(mappingOfSaved(chosen.columns, summary.headers));
      setDefaults(chosen.defaults);
    }
  };

  const submit = async () => {
    setError(null);
    try {
      await apply.mutateAsync({
        id: summary.id,
        mapping,
        defaults: defaultsToSend(defaults, mapping),
        ...(saveAs.trim() ? { saveAs: saveAs.trim() } : {}),
      });
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      setError(caught.message);
    }
  };

  return (
    <Card
      size="small"
      title={t('orderImport.mapping.title', { fileName: summary.fileName })}
      data-testid="order-import-mapping"
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('orderImport.mapping.hint')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <Typography.Text>{t('orderImport.mapping.saved')}</Typography.Text>
          <Select
            aria-label={t('orderImport.mapping.saved')}
            style={{ minWidth: 220 }}
            value={savedId}
            allowClear
            loading={saved.isPending}
            placeholder={
              saved.data?.length === 0
                ? t('orderImport.mapping.noSaved')
                : t('orderImport.mapping.chooseSaved')
            }
            options={(saved.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            onChange={chooseSaved}
            data-testid="order-import-saved-mapping"
          />
          {savedId ? (
            <Popconfirm
              title={t('orderImport.mapping.deleteConfirm')}
              okText={t('orderImport.mapping.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await remove.mutateAsync(savedId);
                setSavedId(undefined);
              }}
            >
              <Button
                icon={<DeleteOutlined />}
                danger
                loading={remove.isPending}
                data-testid="order-import-delete-mapping"
              >
                {t('orderImport.mapping.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
        <Table<OrderSheetColumn>
          size="small"
          rowKey="field"
          dataSource={ORDER_SHEET_COLUMNS as OrderSheetColumn[]}
          pagination={false}
          scroll={{ x: 820, y: 460 }}
          columns={[
            {
              title: t('orderImport.mapping.field'),
              key: 'field',
              width: 220,
              render: (_, column) => (
                <span>
                  {column.header[language]}
                  {column.required ? (
                    <Typography.Text type="danger" aria-label={t('orderImport.mapping.required')}>
                      {' *'}
                    </Typography.Text>
                  ) : null}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                    {t(`orderImport.part.${column.part}`)}
                  </Typography.Text>
                </span>
              ),
            },
            {
              title: t('orderImport.mapping.column'),
              key: 'column',
              width: 220,
              render: (_, column) => (
                <Select
                  aria-label={column.header[language]}
                  style={{ width: '100%' }}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  value={mapping[column.field]}
                  placeholder={t('orderImport.mapping.noColumn')}
                  options={headerOptions}
                  onChange={(index?: number) =>
                    setMapping((current) => withColumn(current, column.field, index))
                  }
                  data-testid={`order-import-map-${column.field}`}
                />
              ),
            },
            {
              title: t('orderImport.mapping.defaultValue'),
              key: 'default',
              width: 180,
              // Only a field without a column takes a default (the server refuses both).
              render: (_, column) =>
                NO_DEFAULT_FIELDS.has(column.field) || mapping[column.field] !== undefined ? null : (
                  <Input
                    size="small"
                    value={defaults[column.field] ?? ''}
                    maxLength={ORDER_IMPORT_CELL_MAX}
                    placeholder={t('orderImport.mapping.defaultPlaceholder')}
                    aria-label={t('orderImport.mapping.defaultLabel', { field: column.header[language] })}
                    onChange={(event) =>
                      setDefaults((current) => ({ ...current, [column.field]: event.target.value }))
                    }
                    data-testid={`order-import-default-${column.field}`}
                  />
                ),
            },
            {
              title: t('orderImport.mapping.samples'),
              key: 'samples',
              render: (_, column) => (
                <Flex gap={4} wrap>
                  {sampleValuesOf(summary.sampleRows, mapping[column.field])
                    .slice(0, SAMPLES_SHOWN)
                    .map((text, at) => (
                      <Tag key={at} style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {text}
                      </Tag>
                    ))}
                </Flex>
              ),
            },
          ]}
        />
        {missing.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={t('orderImport.mapping.missing', {
              fields: missing
                .map((field) => ORDER_SHEET_COLUMNS.find((c) => c.field === field)?.header[language])
                .join(t('orderImport.listSeparator')),
            })}
            data-testid="order-import-mapping-missing"
          />
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} data-testid="order-import-mapping-error" />
        ) : null}
        <Flex gap={8} wrap align="center">
          <Input
            style={{ maxWidth: 360 }}
            value={saveAs}
            maxLength={ORDER_IMPORT_MAPPING_NAME_MAX}
            onChange={(event) => setSaveAs(event.target.value)}
            placeholder={t('orderImport.mapping.saveAsPlaceholder')}
            aria-label={t('orderImport.mapping.saveAs')}
            data-testid="order-import-save-as"
          />
          <Button
            type="primary"
            disabled={missing.length > 0}
            loading={apply.isPending}
            onClick={() => void submit()}
            data-testid="order-import-apply-mapping"
          >
            {t('orderImport.mapping.apply')}
          </Button>
          <Button onClick={onDiscard} disabled={apply.isPending}>
            {t('orderImport.discard')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
