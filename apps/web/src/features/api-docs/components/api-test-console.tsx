import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { API_TOKENS_TAB_PATH } from '../../../lib/app-paths';
import { useStored } from '../../../lib/use-stored';
import {
  buildApiRequest,
  curlOf,
  parseBodyText,
  sendApiRequest,
  type ApiResponseView,
  type BuildResult,
} from '../lib/api-request';
import {
  enumValuesOf,
  groupOperations,
  isCreateOperation,
  jsonMedia,
  mediaExample,
  parameterExample,
  parameterHint,
  type ApiOperation,
  type OpenApiDocument,
} from '../lib/openapi-model';
import { CodeBlock } from './code-block';
import { MethodTag } from './method-tag';

/** The address the open API answers at: the document's server path on this portal's origin. */
export function baseUrlOf(doc: OpenApiDocument, origin: string): string {
  const server = doc.servers?.[0]?.url ?? '';
  const path = server ? new URL(server, origin).pathname : '';
  return `${origin}${path.replace(/\/+$/, '')}`;
}

interface FormState {
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  bodyText: string;
  idempotencyKey: string;
}

function initialState(doc: OpenApiDocument, operation: ApiOperation, all: ApiOperation[]): FormState {
  const values = (where: 'path' | 'query') =>
    Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === where)
        .map((p) => [p.name, where === 'path' || p.required ? parameterExample(doc, p) : '']),
    );
  const example = operation.requestBody
    ? mediaExample(doc, jsonMedia(operation.requestBody.content))
    : undefined;
  return {
    pathValues: values('path'),
    queryValues: values('query'),
    bodyText: example === undefined ? '' : JSON.stringify(example, null, 2),
    idempotencyKey: isCreateOperation(operation, all) ? crypto.randomUUID() : '',
  };
}

type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'answered'; response: ApiResponseView }
  | { kind: 'failed'; reason: string };

/**
 * The online API test: pick an operation, fill its parameters and body (the example to start from),
 * paste a token, send. The token lives in this component's state only: never stored, gone with the tab.
 */
export function ApiTestConsole({
  doc,
  origin = window.location.origin,
}: {
  doc: OpenApiDocument;
  origin?: string;
}) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const operations = useMemo(
    () => groupOperations(doc, t('apiDocs.untagged')).flatMap((g) => g.operations),
    [doc, t],
  );
  const requestedId = searchParams.get('op');
  const operation = operations.find((op) => op.id === requestedId) ?? operations[0];
  const isSignedIn = useStored('authorization') !== null;
  const [token, setToken] = useState('');
  const [formFor, setFormFor] = useState<string | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [sendState, setSendState] = useState<SendState>({ kind: 'idle' });
  const [showJsonError, setShowJsonError] = useState(false);
  const sending = useRef(false);

  // A new operation starts from its examples (kept while the user edits the same one).
  let state = form;
  if (operation && formFor !== operation.id) {
    state = initialState(doc, operation, operations);
    setFormFor(operation.id);
    setForm(state);
    setSendState({ kind: 'idle' });
    setShowJsonError(false);
  }
  if (!operation || !state) return <Alert type="info" showIcon title={t('apiDocs.noOperations')} />;

  const update = (patch: Partial<FormState>) => setForm({ ...state, ...patch });
  const built: BuildResult = buildApiRequest({
    operation,
    baseUrl: baseUrlOf(doc, origin),
    pathValues: state.pathValues,
    queryValues: state.queryValues,
    bodyText: state.bodyText,
    token,
    idempotencyKey: state.idempotencyKey || undefined,
    language: i18n.language,
  });
  const bodyCheck = operation.requestBody ? parseBodyText(state.bodyText) : { ok: true as const };

  const send = async () => {
    if (sending.current) return;
    setShowJsonError(true);
    if (!built.ok) return;
    sending.current = true;
    setSendState({ kind: 'sending' });
    try {
      const response = await sendApiRequest(built.request);
      setSendState({ kind: 'answered', response });
      // A create that was answered used its key; the next send is a new create.
      if (response.status < 500 && state.idempotencyKey) update({ idempotencyKey: crypto.randomUUID() });
    } catch {
      setSendState({
        kind: 'failed',
        reason: navigator.onLine === false ? t('apiDocs.offline') : t('apiDocs.networkError'),
      });
    } finally {
      sending.current = false;
    }
  };

  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const missingPath = !built.ok && built.problem === 'missingPath' ? built.name : null;

  return (
    <Row gutter={[16, 16]} data-testid="api-test">
      <Col xs={24} xl={12}>
        <Card title={t('apiDocs.request')}>
          <Form layout="vertical" onFinish={() => void send()} component="form">
            <Form.Item label={t('apiDocs.operation')} htmlFor="api-test-operation">
              <Select
                id="api-test-operation"
                data-testid="api-test-operation"
                showSearch={{ optionFilterProp: 'search' }}
                value={operation.id}
                onChange={(id: string) => setSearchParams({ op: id }, { replace: true })}
                options={operations.map((op) => ({
                  value: op.id,
                  search: `${op.method} ${op.path} ${op.summary}`,
                  label: (
                    <span>
                      <Typography.Text strong style={{ fontSize: 12 }}>
                        {op.method.toUpperCase()}
                      </Typography.Text>{' '}
                      {op.summary} <Typography.Text type="secondary">{op.path}</Typography.Text>
                    </span>
                  ),
                }))}
              />
            </Form.Item>
            <Space style={{ marginBottom: 16 }} wrap>
              <MethodTag method={operation.method} />
              <Typography.Text code>{operation.path}</Typography.Text>
            </Space>
            <Form.Item
              label={t('apiDocs.token')}
              htmlFor="api-test-token"
              extra={
                <>
                  {t('apiDocs.tokenHint')}{' '}
                  {isSignedIn ? (
                    // Underlined: inside grey help text its colour alone does not set it apart.
                    <Link to={API_TOKENS_TAB_PATH} style={{ textDecoration: 'underline' }}>
                      {t('apiDocs.makeToken')}
                    </Link>
                  ) : null}
                </>
              }
              required={operation.isSecured}
            >
              <Input.Password
                id="api-test-token"
                data-testid="api-test-token"
                value={token}
                autoComplete="off"
                onChange={(e) => setToken(e.target.value)}
                placeholder={t('apiDocs.tokenPlaceholder')}
              />
            </Form.Item>
            {pathParams.map((p) => (
              <Form.Item
                key={`path:${p.name}`}
                label={`${p.name} (${t('apiDocs.in.path')})`}
                htmlFor={`api-test-path-${p.name}`}
                required
                extra={p.description}
                validateStatus={showJsonError && missingPath === p.name ? 'error' : undefined}
                help={
                  showJsonError && missingPath === p.name
                    ? t('apiDocs.pathRequired', { name: p.name })
                    : undefined
                }
              >
                <Input
                  id={`api-test-path-${p.name}`}
                  value={state.pathValues[p.name] ?? ''}
                  onChange={(e) => update({ pathValues: { ...state.pathValues, [p.name]: e.target.value } })}
                />
              </Form.Item>
            ))}
            {queryParams.map((p) => (
              <Form.Item
                key={`query:${p.name}`}
                label={`${p.name} (${t('apiDocs.in.query')})`}
                htmlFor={`api-test-query-${p.name}`}
                required={p.required}
                extra={p.description}
              >
                {enumValuesOf(doc, p.schema).length > 0 ? (
                  // Allowed values are offered as a choice, so none can be mistyped.
                  <Select
                    id={`api-test-query-${p.name}`}
                    allowClear
                    value={state.queryValues[p.name] || undefined}
                    placeholder={t('apiDocs.anyValue')}
                    options={enumValuesOf(doc, p.schema).map((value) => ({
                      value: String(value),
                      label: String(value),
                    }))}
                    onChange={(value?: string) =>
                      update({ queryValues: { ...state.queryValues, [p.name]: value ?? '' } })
                    }
                  />
                ) : (
                  <Input
                    id={`api-test-query-${p.name}`}
                    value={state.queryValues[p.name] ?? ''}
                    placeholder={parameterHint(doc, p)}
                    onChange={(e) =>
                      update({ queryValues: { ...state.queryValues, [p.name]: e.target.value } })
                    }
                  />
                )}
              </Form.Item>
            ))}
            {isCreateOperation(operation, operations) ? (
              <Form.Item
                label="Idempotency-Key"
                htmlFor="api-test-idempotency"
                extra={t('apiDocs.idempotencyHint')}
              >
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    id="api-test-idempotency"
                    data-testid="api-test-idempotency"
                    value={state.idempotencyKey}
                    onChange={(e) => update({ idempotencyKey: e.target.value })}
                  />
                  <Button
                    icon={<ReloadOutlined />}
                    aria-label={t('apiDocs.newKey')}
                    onClick={() => update({ idempotencyKey: crypto.randomUUID() })}
                  />
                </Space.Compact>
              </Form.Item>
            ) : null}
            {operation.requestBody ? (
              <Form.Item
                label={t('apiDocs.requestBody')}
                htmlFor="api-test-body"
                className="api-body-input"
                validateStatus={!bodyCheck.ok ? (showJsonError ? 'error' : 'warning') : undefined}
                help={!bodyCheck.ok ? t('apiDocs.invalidJson', { detail: bodyCheck.detail }) : undefined}
              >
                <Input.TextArea
                  id="api-test-body"
                  data-testid="api-test-body"
                  value={state.bodyText}
                  spellCheck={false}
                  autoSize={{ minRows: 6, maxRows: 20 }}
                  onChange={(e) => update({ bodyText: e.target.value })}
                />
              </Form.Item>
            ) : null}
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SendOutlined />}
                loading={sendState.kind === 'sending'}
                data-testid="api-test-send"
              >
                {t('apiDocs.send')}
              </Button>
              {operation.isSecured && !token.trim() ? (
                <Typography.Text type="warning">{t('apiDocs.noTokenWarning')}</Typography.Text>
              ) : null}
            </Space>
          </Form>
          {built.ok ? (
            <div style={{ marginTop: 16 }}>
              <CodeBlock label={t('apiDocs.curl')} text={curlOf(built.request)} testId="api-test-curl" />
            </div>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <ResponseCard state={sendState} />
      </Col>
    </Row>
  );
}

function ResponseCard({ state }: { state: SendState }) {
  const { t } = useTranslation();
  return (
    <Card title={t('apiDocs.response')} data-testid="api-test-response">
      {state.kind === 'idle' ? (
        <Typography.Text type="secondary">{t('apiDocs.notSentYet')}</Typography.Text>
      ) : null}
      {state.kind === 'sending' ? <Typography.Text>{t('apiDocs.sending')}</Typography.Text> : null}
      {state.kind === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('apiDocs.sendFailed')}
          description={state.reason}
        />
      ) : null}
      {state.kind === 'answered' ? <AnsweredView response={state.response} /> : null}
    </Card>
  );
}

/** The server's own message of an error answer, when its body has one. */
function messageOf(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

function AnsweredView({ response }: { response: ApiResponseView }) {
  const { t } = useTranslation();
  const isOk = response.status >= 200 && response.status < 300;
  const serverMessage = isOk ? null : messageOf(response.bodyText);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag
          color={isOk ? 'success' : response.status >= 500 ? 'error' : 'warning'}
          data-testid="api-test-status"
        >
          {response.status} {response.statusText}
        </Tag>
        <Typography.Text type="secondary" data-testid="api-test-duration">
          {t('apiDocs.duration', { ms: response.durationMs })}
        </Typography.Text>
      </Space>
      {!isOk ? (
        <Alert
          type={response.status >= 500 ? 'error' : 'warning'}
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={t(response.status >= 500 ? 'apiDocs.serverError' : 'apiDocs.clientError', {
            status: response.status,
          })}
          description={serverMessage ?? undefined}
        />
      ) : null}
      <CodeBlock
        label={t('apiDocs.responseBody')}
        text={response.bodyText || t('apiDocs.emptyBody')}
        testId="api-test-body-out"
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('apiDocs.responseHeaders')}
        items={response.headers.map(([name, value]) => ({
          key: name,
          label: name,
          children: <span style={{ wordBreak: 'break-all' }}>{value}</span>,
        }))}
      />
    </>
  );
}
