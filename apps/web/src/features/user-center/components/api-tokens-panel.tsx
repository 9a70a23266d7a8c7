import { FormModal } from '../../../components/form-modal';
import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import {
  API_TOKEN_EXPIRY_DAYS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInsertInput,
} from '@portal/contracts/api-token';
import { ListLoadError } from '../../../components/list-load-error';
import { API_DOCUMENT_PATH, API_TEST_PATH } from '../../../lib/app-paths';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { uiEffects } from '../../../lib/ui-effects';
import { useApiTokens, useDeleteApiToken, useInsertApiToken } from '../api/api-tokens';

const NAME_MAX = 50;

/**
 * The user centre's "API tokens" tab (api:token): the customer's tokens, a new one (its secret shown once,
 * in a dialog that says so), and deletion after a confirmation.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const remove = useDeleteApiToken();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const liveCount = tokens.data?.list.filter((token) => !token.expired).length ?? 0;
  const isFull = tokens.data ? liveCount >= tokens.data.maxLive : false;

  return (
    <div data-testid="api-tokens-panel">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('apiDocs.tokens.intro')}{' '}
          <Link to={API_DOCUMENT_PATH} style={{ textDecoration: 'underline' }}>
            {t('apiDocs.tokens.docsLink')}
          </Link>
        </Typography.Paragraph>
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setIsCreating(true)}
            disabled={isFull || tokens.isPending}
            data-testid="api-token-create"
          >
            {t('apiDocs.tokens.create')}
          </Button>
          {tokens.data ? (
            <Typography.Text type="secondary">
              {t('apiDocs.tokens.liveCount', { live: liveCount, max: tokens.data.maxLive })}
            </Typography.Text>
          ) : null}
        </Space>
        {tokens.isError ? (
          <ListLoadError
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
            isRetrying={tokens.isFetching}
          />
        ) : (
          <Table<ApiToken>
            rowKey="id"
            size="middle"
            loading={tokens.isPending}
            dataSource={tokens.data?.list ?? []}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{ emptyText: <Empty description={t('apiDocs.tokens.empty')} /> }}
            data-testid="api-token-table"
            columns={[
              { title: t('apiDocs.tokens.name'), dataIndex: 'name', ellipsis: true },
              {
                title: t('apiDocs.tokens.prefix'),
                dataIndex: 'prefix',
                render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
              },
              {
                title: t('apiDocs.tokens.createdAt'),
                dataIndex: 'createdAt',
                render: (value: string) => formatDateTime(value),
              },
              {
                title: t('apiDocs.tokens.lastUsedAt'),
                dataIndex: 'lastUsedAt',
                render: (value: string | null) =>
                  value ? (
                    formatDateTime(value)
                  ) : (
                    <Typography.Text type="secondary">{t('apiDocs.tokens.neverUsed')}</Typography.Text>
                  ),
              },
              {
                title: t('apiDocs.tokens.expiresAt'),
                dataIndex: 'expiresAt',
                render: (value: string | null, token) => (
                  <Space size={4} wrap>
                    {value ? formatDateTime(value) : t('apiDocs.tokens.noExpiry')}
                    {token.expired ? <Tag color="error">{t('apiDocs.tokens.expired')}</Tag> : null}
                  </Space>
                ),
              },
              {
                title: t('apiDocs.tokens.actions'),
                key: 'actions',
                width: 110,
                render: (_, token) => (
                  <Popconfirm
                    title={t('apiDocs.tokens.deleteConfirm', { name: token.name })}
                    okButtonProps={{ danger: true }}
                    okText={t('apiDocs.tokens.delete')}
                    cancelText={t('common.cancel')}
                    onConfirm={async () => {
                      await remove.mutateAsync({ id: token.id });
                      uiEffects.showSuccess(t('apiDocs.tokens.deleted'));
                    }}
                  >
                    <Button
                      danger
                      type="link"
                      icon={<DeleteOutlined />}
                      aria-label={`${t('apiDocs.tokens.delete')} ${token.name}`}
                    >
                      {t('apiDocs.tokens.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        )}
      </Space>
      <CreateTokenModal
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(token) => {
          setIsCreating(false);
          setCreated(token);
        }}
      />
      <SecretModal token={created} onClose={() => setCreated(null)} />
    </div>
  );
}

interface CreateValues {
  name: string;
  expiresInDays: number | 'none';
}

function CreateTokenModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: ApiTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const insert = useInsertApiToken();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: CreateValues) => {
    setError(null);
    const input: ApiTokenInsertInput = {
      name: values.name.trim(),
      expiresInDays:
        values.expiresInDays === 'none'
          ? null
          : (values.expiresInDays as ApiTokenInsertInput['expiresInDays']),
    };
    try {
      onCreated(await insert.mutateAsync(input));
      form.resetFields();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      if (!placeFieldErrors(form, caught.data, ['name', 'expiresInDays'])) setError(caught.message);
    }
  };

  return (
    <FormModal<CreateValues>
      open={open}
      title={t('apiDocs.tokens.createTitle')}
      name="apiTokenForm"
      form={form}
      okText={t('apiDocs.tokens.create')}
      isSaving={insert.isPending}
      error={error}
      onSubmit={(values) => void submit(values)}
      onClose={() => {
        setError(null);
        onClose();
      }}
      initialValues={{ name: '', expiresInDays: 'none' }}
    >
      <Form.Item
        name="name"
        label={t('apiDocs.tokens.name')}
        rules={[{ required: true, whitespace: true, message: t('apiDocs.tokens.nameRequired') }]}
      >
        <Input
          maxLength={NAME_MAX}
          placeholder={t('apiDocs.tokens.namePlaceholder')}
          autoFocus
          data-testid="api-token-name"
        />
      </Form.Item>
      <Form.Item
        name="expiresInDays"
        label={t('apiDocs.tokens.expiry')}
        extra={t('apiDocs.tokens.expiryHint')}
      >
        <Select
          options={[
            { value: 'none', label: t('apiDocs.tokens.noExpiry') },
            ...API_TOKEN_EXPIRY_DAYS.map((days) => ({
              value: days,
              label: t('apiDocs.tokens.days', { days }),
            })),
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}

/** The new token's secret, this once: a warning, the secret, a copy button. Closing forgets it. */
function SecretModal({ token, onClose }: { token: ApiTokenCreated | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={token !== null}
      title={t('apiDocs.tokens.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Link key="try" to={API_TEST_PATH} onClick={onClose} style={{ marginInlineEnd: 12 }}>
          {t('apiDocs.tokens.tryIt')}
        </Link>,
        <Button key="done" type="primary" onClick={onClose} data-testid="api-token-done">
          {t('apiDocs.tokens.done')}
        </Button>,
      ]}
    >
      {token ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('apiDocs.tokens.secretWarning')} />
          <Typography.Text strong>{token.name}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={{
              text: token.secret,
              tooltips: [t('apiDocs.tokens.copySecret'), t('apiDocs.tokens.copied')],
            }}
            style={{ wordBreak: 'break-all', margin: 0 }}
            data-testid="api-token-secret"
          >
            {token.secret}
          </Typography.Paragraph>
        </Space>
      ) : null}
    </Modal>
  );
}
