import { useState } from 'react';
import { Card, Col, Row, Tabs } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { RolesPanel } from '../components/roles-panel';
import { ALL_UNITS_KEY, UnitTreePanel } from '../components/unit-tree-panel';
import { UsersPanel } from '../components/users-panel';
import { useOrganizationTree } from '../api/units';
import { findUnit } from '../lib/unit-tree';
import './organization-page.css';

/**
 * `/admin/systemUser/userCenter` (org:manage): the department tree with the selected unit's users, and
 * the roles with their operation lists and data scope. `?tab=roles` opens the roles.
 */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedKey, setSelectedKey] = useState(ALL_UNITS_KEY);
  // Looked up in the current tree, so a rename shows at once and a unit since moved is still found.
  const { data: tree } = useOrganizationTree();
  const selectedUnit = findUnit(tree, selectedKey);
  const active = searchParams.get('tab') === 'roles' ? 'roles' : 'structure';

  return (
    <Card styles={{ body: { paddingTop: 8 } }} title={t('organization.routeTitle')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams(key === 'roles' ? { tab: 'roles' } : {}, { replace: true })}
        items={[
          {
            key: 'structure',
            label: t('organization.structureTab'),
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={8} xl={7}>
                  <UnitTreePanel selected={selectedKey} onSelect={setSelectedKey} />
                </Col>
                <Col xs={24} lg={16} xl={17}>
                  <UsersPanel unit={selectedUnit} />
                </Col>
              </Row>
            ),
          },
          { key: 'roles', label: t('organization.rolesTab'), children: <RolesPanel /> },
        ]}
      />
    </Card>
  );
}
