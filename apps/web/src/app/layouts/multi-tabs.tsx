import { Button, Dropdown, Flex, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '../../lib/i18n/message-key';
import { readStored, writeStored } from '../../lib/storage';
import { useStored } from '../../lib/use-stored';
import { HOME_PATH } from '../route-table';
import { closeOtherTabs, closeTab } from './tab-list';

/** The multi-tab bar: one tab per opened page, with refresh, close and close-others. */
export function MultiTabs({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useStored('tabs') ?? [];
  const activeKey = location.pathname;

  const close = (key: string) => {
    const result = closeTab(readStored('tabs') ?? [], key, activeKey, HOME_PATH);
    writeStored('tabs', result.tabs);
    if (result.navigateTo) navigate(result.navigateTo);
    else if (key === activeKey && key !== HOME_PATH) navigate(HOME_PATH);
  };

  const closeOthers = (key: string) => {
    writeStored('tabs', closeOtherTabs(readStored('tabs') ?? [], key, HOME_PATH));
    if (key !== activeKey) {
      const target = tabs.find((tab) => tab.key === key);
      navigate(target?.path ?? key);
    }
  };

  const actionItems = (key: string): MenuProps['items'] => [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh'), disabled: key !== activeKey },
    { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: key === HOME_PATH },
    { key: 'closeOthers', icon: <VerticalAlignMiddleOutlined rotate={90} />, label: t('tabs.closeOthers') },
  ];
  const runAction = (action: string, key: string) => {
    if (action === 'refresh') onRefresh();
    else if (action === 'close') close(key);
    else if (action === 'closeOthers') closeOthers(key);
  };

  // antd puts each tab's close button inside the tab list, where only tabs may be, named "remove" in
  // English. It stays for the mouse; keyboard and screen-reader users close a tab with Delete on the tab
  // or with the actions menu beside the list.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const button of listRef.current?.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove') ?? []) {
      button.setAttribute('aria-hidden', 'true');
      button.tabIndex = -1;
    }
  });

  // The actions button sits beside the tab list, not inside it: a tablist holds only tabs.
  return (
    <Flex align="center" gap={4} ref={listRef}>
      <Tabs
        style={{ flex: 1, minWidth: 0 }}
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => {
          const target = tabs.find((tab) => tab.key === key);
          navigate(target?.path ?? key);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: tab.key !== HOME_PATH,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{ items: actionItems(tab.key), onClick: ({ key }) => runAction(key, tab.key) }}
            >
              <span data-testid="page-tab">{t(tab.titleKey as MessageKey)}</span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown
        trigger={['click']}
        menu={{ items: actionItems(activeKey), onClick: ({ key }) => runAction(key, activeKey) }}
      >
        <Button
          type="text"
          size="small"
          icon={<DownOutlined />}
          aria-label={t('tabs.actions')}
          data-testid="tab-actions"
        />
      </Dropdown>
    </Flex>
  );
}
