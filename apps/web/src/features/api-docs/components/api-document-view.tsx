import { useMemo, type MouseEvent } from 'react';
import { Card, Collapse, Table, Typography, theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import { API_TEST_PATH, API_TOKENS_TAB_PATH } from '../../../lib/app-paths';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  bearerScheme,
  deref,
  groupOperations,
  jsonMedia,
  type ErrorCodeEntry,
  type OpenApiDocument,
  type OperationGroup,
} from '../lib/openapi-model';
import { CodeBlock } from './code-block';
import { OperationDoc } from './operation-doc';

const AUTH_ID = 'authentication';
const ERRORS_ID = 'error-codes';

/** The document, rendered: side navigation by tag, authentication, error codes, every operation. */
export function ApiDocumentView({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const groups = useMemo(() => groupOperations(doc, t('apiDocs.untagged')), [doc, t]);
  const nav = <DocNav groups={groups} />;
  return (
    <div
      className="api-doc-layout"
      data-testid="api-document"
      style={{ ['--api-nav-hover' as string]: token.colorFillSecondary }}
    >
      {isMobile ? (
        <Collapse
          className="api-doc-nav"
          size="small"
          items={[{ key: 'nav', label: t('apiDocs.contents'), children: nav }]}
        />
      ) : (
        <Card size="small" className="api-doc-nav" styles={{ body: { padding: 8 } }}>
          {nav}
        </Card>
      )}
      <div className="api-doc-content">
        <Card style={{ marginBottom: 16 }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {doc.info.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('apiDocs.version', { version: doc.info.version })}
          </Typography.Text>
          {doc.info.description ? (
            <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-line' }}>
              {doc.info.description}
            </Typography.Paragraph>
          ) : null}
        </Card>
        <AuthenticationSection doc={doc} />
        <ErrorCodesSection doc={doc} groups={groups} />
        {groups.map((group) => (
          <section key={group.tag} aria-labelledby={`tag-${group.tag}`}>
            <Typography.Title level={3} id={`tag-${group.tag}`} style={{ margin: '24px 0 12px' }}>
              {group.label}
            </Typography.Title>
            {group.description ? <Typography.Paragraph>{group.description}</Typography.Paragraph> : null}
            {group.operations.map((operation) => (
              <OperationDoc key={operation.id} doc={doc} operation={operation} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

/** Moves to a section without the router seeing a new path; the target takes the focus for keyboards. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

function DocNav({ groups }: { groups: OperationGroup[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('apiDocs.contents')} data-testid="api-doc-nav">
      <ul>
        <li>
          <a href={`#${AUTH_ID}`} onClick={(e) => jumpTo(e, AUTH_ID)}>
            {t('apiDocs.authentication')}
          </a>
        </li>
        <li>
          <a href={`#${ERRORS_ID}`} onClick={(e) => jumpTo(e, ERRORS_ID)}>
            {t('apiDocs.errorCodes')}
          </a>
        </li>
      </ul>
      {groups.map((group) => (
        <div key={group.tag}>
          <div className="api-doc-nav-group">{group.label}</div>
          <ul>
            {group.operations.map((operation) => (
              <li key={operation.id}>
                <a href={`#${operation.id}`} onClick={(e) => jumpTo(e, operation.id)}>
                  <Typography.Text type="secondary" style={{ fontSize: 11, minWidth: 42 }}>
                    {operation.method.toUpperCase()}
                  </Typography.Text>
                  <span>{operation.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function AuthenticationSection({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation();
  const scheme = bearerScheme(doc);
  const example = doc.servers?.[0]?.url ?? '';
  return (
    <Card
      id={AUTH_ID}
      className="api-operation"
      title={t('apiDocs.authentication')}
      style={{ marginBottom: 16 }}
    >
      <ol style={{ paddingInlineStart: 20, marginTop: 0 }}>
        <li>
          {t('apiDocs.authStep1')}{' '}
          <Link to={API_TOKENS_TAB_PATH} style={{ textDecoration: 'underline' }}>
            {t('apiDocs.authTokensLink')}
          </Link>
        </li>
        <li>{t('apiDocs.authStep2')}</li>
        <li>{t('apiDocs.authStep3')}</li>
      </ol>
      {scheme?.description ? <Typography.Paragraph>{scheme.description}</Typography.Paragraph> : null}
      <CodeBlock label={t('apiDocs.authHeader')} text={'Authorization: Bearer <token>'} />
      <Typography.Paragraph>{t('apiDocs.idempotencyHint')}</Typography.Paragraph>
      <CodeBlock label={t('apiDocs.idempotencyHeader')} text={'Idempotency-Key: <uuid>'} />
      {example ? (
        <Typography.Paragraph type="secondary">
          {t('apiDocs.baseUrl')} <Typography.Text code>{example}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      <Link to={API_TEST_PATH}>{t('apiDocs.openTestPage')}</Link>
    </Card>
  );
}

interface ErrorRow {
  key: string;
  status: string;
  code: string;
  description: string;
}

/**
 * The error codes: the document's own list (`x-error-codes`) when it has one, else every non-2xx
 * answer its operations declare, once per status.
 */
function ErrorCodesSection({ doc, groups }: { doc: OpenApiDocument; groups: OperationGroup[] }) {
  const { t } = useTranslation();
  const rows: ErrorRow[] = useMemo(() => {
    const declared: ErrorCodeEntry[] = doc['x-error-codes'] ?? [];
    if (declared.length > 0)
      return declared.map((entry) => ({
        key: String(entry.code),
        status: entry.status === undefined ? '' : String(entry.status),
        code: String(entry.code),
        description: entry.description ?? '',
      }));
    const byStatus = new Map<string, ErrorRow>();
    for (const operation of groups.flatMap((g) => g.operations))
      for (const [status, input] of Object.entries(operation.responses)) {
        if (status.startsWith('2') || byStatus.has(status)) continue;
        const response = deref(doc, input as never) as typeof input;
        const media = jsonMedia(response.content);
        const example: unknown = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
        // The open API answers its envelope: the example's `code` is the code a caller sees.
        const code =
          typeof example === 'object' && example !== null && 'code' in example ? String(example.code) : '';
        byStatus.set(status, { key: status, status, code, description: response.description ?? '' });
      }
    return [...byStatus.values()].sort((a, b) => a.status.localeCompare(b.status));
  }, [doc, groups]);
  const hasCodes = rows.some((row) => row.code);
  return (
    <Card
      id={ERRORS_ID}
      className="api-operation"
      title={t('apiDocs.errorCodes')}
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph>{t('apiDocs.errorsHint')}</Typography.Paragraph>
      <Table<ErrorRow>
        size="small"
        bordered
        pagination={false}
        dataSource={rows}
        data-testid="api-error-codes"
        locale={{ emptyText: t('apiDocs.noErrorCodes') }}
        columns={[
          { title: t('apiDocs.httpStatus'), dataIndex: 'status', width: 110 },
          ...(hasCodes ? [{ title: t('apiDocs.errorCode'), dataIndex: 'code', width: 200 }] : []),
          { title: t('apiDocs.description'), dataIndex: 'description' },
        ]}
      />
    </Card>
  );
}
