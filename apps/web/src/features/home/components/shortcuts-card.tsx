import type { ReactNode } from 'react';
import { Card, Empty, Typography, theme } from 'antd';
import {
  AppstoreOutlined,
  ContactsOutlined,
  FileExcelOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HistoryOutlined,
  LockOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useStored } from '../../../lib/use-stored';
import { visibleShortcuts, type Shortcut } from '../shortcuts';

const ICONS: Record<Shortcut['icon'], ReactNode> = {
  user: <UserOutlined />,
  lock: <LockOutlined />,
  history: <HistoryOutlined />,
  contacts: <ContactsOutlined />,
  create: <FormOutlined />,
  batchCreate: <FileExcelOutlined />,
  orders: <ProfileOutlined />,
  endData: <NodeIndexOutlined />,
  files: <FolderOpenOutlined />,
};

/** Buttons to the sections the signed-in user may open. */
export function ShortcutsCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const menu = useStored('menu') ?? [];
  const shortcuts = visibleShortcuts(menu);

  return (
    <Card
      title={
        <span>
          <AppstoreOutlined style={{ marginInlineEnd: 8 }} />
          {t('home.shortcuts')}
        </span>
      }
      style={{ height: '100%' }}
    >
      {shortcuts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noShortcuts')} />
      ) : (
        <div className="home-shortcuts">
          {shortcuts.map((shortcut) => (
            <button
              key={shortcut.key}
              type="button"
              className="home-shortcut"
              onClick={() => navigate(shortcut.path)}
              style={{
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadiusLG,
                color: token.colorText,
              }}
              data-testid={`shortcut-${shortcut.key}`}
            >
              <span
                className="home-shortcut-icon"
                style={{ color: token.colorPrimary, background: token.colorPrimaryBg }}
              >
                {ICONS[shortcut.icon]}
              </span>
              <Typography.Text>{t(shortcut.titleKey)}</Typography.Text>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
