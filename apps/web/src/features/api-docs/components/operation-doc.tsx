import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import {
  deref,
  fieldRows,
  jsonMedia,
  mediaExample,
  typeLabel,
  type ApiOperation,
  type OpenApiDocument,
  type Parameter,
} from '../lib/openapi-model';
import { API_TEST_PATH } from '../../../lib/app-paths';
import { CodeBlock } from './code-block';
import { MethodTag } from './method-tag';
import { SchemaTable } from './schema-table';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One operation of the document: what it is, what it takes, what it answers, with examples. */
export function OperationDoc({ doc, operation }: { doc: OpenApiDocument; operation: ApiOperation }) {
  const { t } = useTranslation();
  const requestMedia = jsonMedia(operation.requestBody?.content);
  const requestExample = mediaExample(doc, requestMedia);
  return (
    <Card
      id={operation.id}
      className="api-operation"
      size="small"
      data-testid={`api-operation-${operation.id}`}
      title={
        <div className="api-operation-line">
          <MethodTag method={operation.method} />
          <Typography.Text code>{operation.path}</Typography.Text>
        </div>
      }
      extra={<Link to={`${API_TEST_PATH}?op=${encodeURIComponent(operation.id)}`}>{t('apiDocs.tryIt')}</Link>}
      style={{ marginBottom: 16 }}
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {operation.summary}
      </Typography.Title>
      {operation.description ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
          {operation.description}
        </Typography.Paragraph>
      ) : null}
      {operation.isSecured ? <Tag variant="filled">{t('apiDocs.needsToken')}</Tag> : null}

      {operation.parameters.length > 0 ? (
        <>
          <h4 className="api-section-title">{t('apiDocs.parameters')}</h4>
          <ParameterTable doc={doc} parameters={operation.parameters} />
        </>
      ) : null}

      {operation.requestBody ? (
        <>
          <h4 className="api-section-title">{t('apiDocs.requestBody')}</h4>
          {operation.requestBody.description ? (
            <Typography.Paragraph>{operation.requestBody.description}</Typography.Paragraph>
          ) : null}
          <SchemaTable
            rows={fieldRows(doc, requestMedia?.schema)}
            testId={`api-request-fields-${operation.id}`}
          />
          {requestExample !== undefined ? (
            <CodeBlock text={json(requestExample)} label={t('apiDocs.requestExample')} />
          ) : null}
        </>
      ) : null}

      <h4 className="api-section-title">{t('apiDocs.responses')}</h4>
      {Object.entries(operation.responses).map(([status, input]) => {
        const response = deref(doc, input as never) as typeof input;
        const media = jsonMedia(response.content);
        const rows = fieldRows(doc, media?.schema);
        const example = mediaExample(doc, media);
        const otherType = !media && response.content ? Object.keys(response.content)[0] : undefined;
        return (
          <section key={status} data-testid={`api-response-${operation.id}-${status}`}>
            <Space wrap style={{ margin: '4px 0' }}>
              <Tag color={status.startsWith('2') ? 'success' : status.startsWith('4') ? 'warning' : 'error'}>
                {status}
              </Tag>
              <span>{response.description}</span>
              {otherType ? <Typography.Text code>{otherType}</Typography.Text> : null}
            </Space>
            <SchemaTable rows={rows} />
            {example !== undefined && media ? (
              <CodeBlock text={json(example)} label={t('apiDocs.responseExample', { status })} />
            ) : null}
          </section>
        );
      })}
    </Card>
  );
}

function ParameterTable({ doc, parameters }: { doc: OpenApiDocument; parameters: Parameter[] }) {
  const { t } = useTranslation();
  return (
    <Table<Parameter>
      size="small"
      bordered
      pagination={false}
      rowKey={(p) => `${p.in}:${p.name}`}
      dataSource={parameters}
      scroll={{ x: 600 }}
      columns={[
        {
          title: t('apiDocs.field'),
          dataIndex: 'name',
          width: 200,
          render: (name: string, p) => (
            <span className="api-field-name">
              <Typography.Text code>{name}</Typography.Text>
              {p.required ? (
                <Tag color="red" variant="filled" className="api-required">
                  {t('apiDocs.required')}
                </Tag>
              ) : null}
            </span>
          ),
        },
        {
          title: t('apiDocs.location'),
          dataIndex: 'in',
          width: 90,
          render: (where: string) => t(`apiDocs.in.${where as 'path'}`),
        },
        {
          title: t('apiDocs.type'),
          key: 'type',
          width: 140,
          render: (_, p) => <Typography.Text type="secondary">{typeLabel(doc, p.schema)}</Typography.Text>,
        },
        {
          title: t('apiDocs.description'),
          key: 'description',
          render: (_, p) => p.description ?? deref(doc, p.schema).description ?? '',
        },
      ]}
    />
  );
}
