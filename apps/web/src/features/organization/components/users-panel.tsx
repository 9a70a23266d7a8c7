import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Empty, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrgUnitNode, SubUser } from '@portal/contracts/organization';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { useListPaging } from '../../../lib/list-pagination';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useRoles } from '../api/roles';
import { useSubUsers, useUpdateSubUserStatus } from '../api/sub-users';
import { useOrganizationTree } from '../api/units';
import { ResetPasswordModal } from './reset-password-modal';
import { UserFormModal, type UserFormTarget } from './user-form-modal';

interface UsersPanelProps {
  /** The selected unit, or null for every user of the customer. */
  unit: OrgUnitNode | null;
}

/**
 * The users of the selected unit (optionally with its sub-units) in a table: add, edit (and move),
 * reset the password, enable or disable after a confirmation. The main user, the caller itself and users
 * beyond the caller's rights are listed without actions (`manageable`).
 */
export function UsersPanel({ unit }: UsersPanelProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [withSubUnits, setWithSubUnits] = useState(false);
  const { page, pageSize, setPage, paginationOf } = useListPaging();
  const query = {
    pageIndex: page,
    pageSize,
    ...(unit
      ? { orgUnitId: unit.id, withSubUnits: withSubUnits ? ('true' as const) : ('false' as const) }
      : {}),
    ...(keyword ? { keyword } : {}),
  };
  const { data, isPending, isError, error, refetch, isFetching } = useSubUsers(query);
  const { data: tree } = useOrganizationTree();
  const { data: roles } = useRoles();
  const setStatus = useUpdateSubUserStatus();
  const [formTarget, setFormTarget] = useState<UserFormTarget | null>(null);
  const [resetting, setResetting] = useState<SubUser | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => setPage(1), [unit?.id, withSubUnits, keyword, setPage]);

  const toggleStatus = (user: SubUser) => {
    const change = async (status: 'enabled' | 'disabled') => {
      await setStatus.mutateAsync({ id: user.id, status });
      uiEffects.showSuccess(t('organization.statusChanged'));
    };
    if (user.status === 'disabled') {
      void change('enabled');
      return;
    }
    void modal.confirm({
      title: t('organization.disableUserTitle', { name: user.displayName }),
      content: t('organization.disableUserContent'),
      okText: t('organization.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => change('disabled'),
    });
  };

  const columns: TableColumnsType<SubUser> = [
    { title: t('organization.loginName'), dataIndex: 'loginName', width: 150, ellipsis: true },
    {
      title: t('organization.displayName'),
      dataIndex: 'displayName',
      width: 180,
      render: (name: string, user) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {user.userType === 'main' ? <Tag color="processing">{t('organization.mainUser')}</Tag> : null}
          {user.isInitPassword ? <Tag color="warning">{t('organization.mustChangePassword')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('organization.phone'),
      dataIndex: 'phone',
      width: 130,
      render: (phone: string | null) => phone ?? '—',
    },
    {
      title: t('organization.unit'),
      dataIndex: 'orgUnitName',
      width: 130,
      ellipsis: true,
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('organization.roles'),
      dataIndex: 'roles',
      width: 190,
      render: (list: SubUser['roles']) =>
        list.length === 0 ? '—' : list.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    {
      title: t('organization.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: SubUser['status']) =>
        status === 'enabled' ? (
          <Tag color="success">{t('organization.enabled')}</Tag>
        ) : (
          <Tag>{t('organization.disabled')}</Tag>
        ),
    },
    {
      title: t('organization.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 160,
      render: (at: string | null) => (at ? formatDateTime(at) : t('common.never')),
    },
    {
      title: t('organization.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      width: 250,
      // Only users the server would let the caller manage (its units, nothing beyond its own rights;
      // never the main user or the caller itself) get actions.
      render: (_, user) =>
        !user.manageable ? null : (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', user })}>
              {t('organization.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              {t('organization.resetPassword')}
            </Button>
            <Button
              type="link"
              size="small"
              danger={user.status === 'enabled'}
              onClick={() => toggleStatus(user)}
            >
              {t(user.status === 'enabled' ? 'organization.disable' : 'organization.enable')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8}>
          <TeamOutlined />
          <Typography.Text ellipsis>
            {unit ? t('organization.usersOf', { name: unit.name }) : t('organization.allUnits')}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({ mode: 'create', orgUnitId: unit?.id ?? null })}
        >
          {t('organization.addUser')}
        </Button>
      }
    >
      {modalHolder}
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          maxLength={50}
          placeholder={t('organization.searchUsers')}
          aria-label={t('organization.searchUsers')}
          onSearch={(value) => setKeyword(value.trim())}
          style={{ maxWidth: 320 }}
        />
        {unit ? (
          <Checkbox checked={withSubUnits} onChange={(event) => setWithSubUnits(event.target.checked)}>
            {t('organization.withSubUnits')}
          </Checkbox>
        ) : null}
      </Flex>
      {isError ? (
        <ListLoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <Table<SubUser>
          rowKey="id"
          data-testid="org-users-table"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isPending || (isFetching && !data)}
          scroll={{ x: 1100 }}
          pagination={paginationOf(data?.total ?? 0)}
          locale={{
            emptyText: isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organization.noUsers')} />
            ),
          }}
        />
      )}
      <UserFormModal
        target={formTarget}
        tree={tree ?? []}
        roles={roles ?? []}
        onClose={() => setFormTarget(null)}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
