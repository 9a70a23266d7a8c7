import { useState } from 'react';
import { Button, Card, Empty, Flex, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrgRole } from '@portal/contracts/organization';
import { ListLoadError } from '../../../components/list-load-error';
import { uiEffects } from '../../../lib/ui-effects';
import { useDeleteRole, useRoles } from '../api/roles';
import { RoleFormModal, type RoleFormTarget } from './role-form-modal';

/**
 * The roles within the caller's rights: name, data scope, how many permissions and users; add, edit,
 * delete when unused.
 * Tags use only the colours that pass contrast in both themes (`ACCESSIBLE_TAG_COLORS`, lib/order-status.ts).
 */
export function RolesPanel() {
  const { t } = useTranslation();
  const { data: roles, isPending, isError, error, refetch, isFetching } = useRoles();
  const remove = useDeleteRole();
  const [formTarget, setFormTarget] = useState<RoleFormTarget | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const confirmDelete = (role: OrgRole) =>
    void modal.confirm({
      title: t('organization.deleteRoleTitle', { name: role.name }),
      content: t('organization.deleteRoleContent'),
      okText: t('organization.deleteRole'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(role.id);
        uiEffects.showSuccess(t('organization.roleDeleted'));
      },
    });

  const columns: TableColumnsType<OrgRole> = [
    { title: t('organization.roleName'), dataIndex: 'name', ellipsis: true },
    {
      title: t('organization.dataScope'),
      dataIndex: 'dataScope',
      width: 180,
      render: (scope: OrgRole['dataScope']) =>
        scope === 'all' ? (
          <Tag color="processing">{t('organization.dataScopeAll')}</Tag>
        ) : (
          <Tag>{t('organization.dataScopeUnit')}</Tag>
        ),
    },
    {
      title: t('organization.permissions'),
      dataIndex: 'operationList',
      width: 130,
      render: (list: string[]) => list.length,
    },
    { title: t('organization.userCount'), dataIndex: 'userCount', width: 100 },
    {
      title: t('organization.actions'),
      key: 'actions',
      width: 150,
      // A role held by users beyond the caller's reach is shown, not offered for change (`editable`).
      render: (_, role) =>
        role.code === 'admin' || !role.editable ? null : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', role })}>
              {t('organization.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={role.userCount > 0}
              title={role.userCount > 0 ? t('organization.roleInUse', { count: role.userCount }) : undefined}
              onClick={() => confirmDelete(role)}
            >
              {t('organization.deleteRole')}
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
          <SafetyCertificateOutlined />
          {t('organization.rolesTitle')}
        </Flex>
      }
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({ mode: 'create' })}
        >
          {t('organization.addRole')}
        </Button>
      }
    >
      {modalHolder}
      {isError ? (
        <ListLoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <Table<OrgRole>
          rowKey="id"
          data-testid="org-roles-table"
          size="middle"
          columns={columns}
          dataSource={roles ?? []}
          loading={isPending}
          pagination={false}
          scroll={{ x: 700 }}
          locale={{
            emptyText: isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organization.noRoles')}>
                <Typography.Text type="secondary">{t('organization.noRolesHint')}</Typography.Text>
              </Empty>
            ),
          }}
        />
      )}
      <RoleFormModal target={formTarget} onClose={() => setFormTarget(null)} />
    </Card>
  );
}
