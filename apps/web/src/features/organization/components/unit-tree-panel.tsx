import { useState } from 'react';
import { Button, Card, Dropdown, Empty, Flex, Modal, Skeleton, Tag, Tree, Typography } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import { ApartmentOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrgUnitNode } from '@portal/contracts/organization';
import { ListLoadError } from '../../../components/list-load-error';
import { uiEffects } from '../../../lib/ui-effects';
import { useOrganizationTree, useUpdateOrganizationStatus } from '../api/units';
import { UnitFormModal, type UnitFormTarget } from './unit-form-modal';

/** The tree's own key for "every user" above the units. */
export const ALL_UNITS_KEY = '';

interface UnitTreePanelProps {
  /** The selected unit's id, or ALL_UNITS_KEY. */
  selected: string;
  onSelect: (unitId: string) => void;
}

/**
 * The department tree: select a unit to see its users; each unit has a menu (add a sub-unit, edit —
 * rename and move —, enable or disable after a confirmation that says who is signed out). The tree is
 * reached with Tab and walked with the arrow keys; each unit's menu button is focusable.
 */
export function UnitTreePanel({ selected, onSelect }: UnitTreePanelProps) {
  const { t } = useTranslation();
  const { data: tree, isPending, isError, error, refetch, isFetching } = useOrganizationTree();
  const setStatus = useUpdateOrganizationStatus();
  const [formTarget, setFormTarget] = useState<UnitFormTarget | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const confirmStatus = (unit: OrgUnitNode) => {
    const disabling = unit.status === 'enabled';
    void modal.confirm({
      title: t(disabling ? 'organization.disableUnitTitle' : 'organization.enableUnitTitle', {
        name: unit.name,
      }),
      content: t(disabling ? 'organization.disableUnitContent' : 'organization.enableUnitContent'),
      okText: t(disabling ? 'organization.disable' : 'organization.enable'),
      okButtonProps: { danger: disabling },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await setStatus.mutateAsync({ id: unit.id, status: disabling ? 'disabled' : 'enabled' });
        uiEffects.showSuccess(t('organization.statusChanged'));
      },
    });
  };

  const toNode = (unit: OrgUnitNode): TreeDataNode => {
    const items: MenuProps['items'] = [
      {
        key: 'add',
        label: t('organization.addSubUnit'),
        onClick: () => setFormTarget({ mode: 'create', parentId: unit.id }),
      },
      {
        key: 'edit',
        label: t('organization.editUnit'),
        onClick: () => setFormTarget({ mode: 'edit', unit }),
      },
      {
        key: 'status',
        danger: unit.status === 'enabled',
        label: t(unit.status === 'enabled' ? 'organization.disable' : 'organization.enable'),
        onClick: () => confirmStatus(unit),
      },
    ];
    return {
      key: unit.id,
      title: (
        <Flex align="center" gap={4} data-testid={`org-unit-${unit.name}`}>
          <Typography.Text type={unit.status === 'disabled' ? 'secondary' : undefined} ellipsis>
            {unit.name}
          </Typography.Text>
          {unit.userCount > 0 ? <Typography.Text type="secondary">({unit.userCount})</Typography.Text> : null}
          {unit.status === 'disabled' ? <Tag>{t('organization.disabled')}</Tag> : null}
          <Dropdown menu={{ items }} trigger={['click']}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('organization.unitActions', { name: unit.name })}
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        </Flex>
      ),
      children: unit.children.map(toNode),
    };
  };
  const treeData = (tree ?? []).map(toNode);

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8}>
          <ApartmentOutlined />
          {t('organization.unitsTitle')}
        </Flex>
      }
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({ mode: 'create', parentId: null })}
        >
          {t('organization.addUnit')}
        </Button>
      }
    >
      {modalHolder}
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <ListLoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <>
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[selected]}
            treeData={[{ key: ALL_UNITS_KEY, title: t('organization.allUnits'), isLeaf: true }, ...treeData]}
            onSelect={(keys, info) => onSelect(String(keys[0] ?? info.node.key))}
          />
          {tree.length === 0 ? (
            <Empty description={t('organization.noUnits')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
              <Typography.Paragraph type="secondary">{t('organization.noUnitsHint')}</Typography.Paragraph>
            </Empty>
          ) : null}
        </>
      )}
      <UnitFormModal target={formTarget} tree={tree ?? []} onClose={() => setFormTarget(null)} />
    </Card>
  );
}
