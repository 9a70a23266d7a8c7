import { Card, Tabs } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EXPORT_KIND_PERMISSION } from '@portal/contracts/export-task';
import { useAccess } from '../../../lib/access/use-access';
import { ExportTasksPanel } from '../components/export-tasks-panel';
import { UploadedFilesPanel } from '../components/uploaded-files-panel';

type Tab = 'exports' | 'uploads';

/**
 * `/user/userCenterManagement/fileManagement`: the export tasks (with progress, updated in place while
 * they run) and the files the customer uploaded. The tab lives in the URL (`?tab=uploads`), so the
 * multi-tab bar and links return to it.
 */
export default function FileManagementPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = useAccess();
  // Export tasks belong to whoever may export some kind (order:export, finance:view, finance:bill; the
  // server lists only the kinds the user may export); the page itself needs file:manage.
  const canSeeExports = Object.values(EXPORT_KIND_PERMISSION).some((permission) => can(permission));
  const tab: Tab = searchParams.get('tab') === 'uploads' || !canSeeExports ? 'uploads' : 'exports';

  return (
    <Card styles={{ body: { paddingTop: 8 } }} data-testid="file-management">
      <Tabs
        activeKey={tab}
        onChange={(next) => setSearchParams(next === 'exports' ? {} : { tab: next }, { replace: true })}
        destroyOnHidden
        items={[
          ...(canSeeExports
            ? [{ key: 'exports', label: t('fileManagement.tabExports'), children: <ExportTasksPanel /> }]
            : []),
          { key: 'uploads', label: t('fileManagement.tabUploads'), children: <UploadedFilesPanel /> },
        ]}
      />
    </Card>
  );
}
