import {
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button, Layout, Menu, theme, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PageLoading } from '../../components/page-loading';
import { currentLanguage, subscribeLanguage } from '../../lib/i18n/i18n';
import { importWithTimeout } from '../../lib/lazy-page';
import { useApplicationMenu } from '../../lib/session/use-application-menu';
import { readStored, writeStored } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useStored } from '../../lib/use-stored';
import { activeMenuPaths, buildMenu, firstLeafPath, type MenuEntry } from '../menu-model';
import { RouteErrorBoundary } from '../route-error-boundary';
import { HOME_PATH, PRIVATE_ROUTES, type AppRoute } from '../route-table';
import { useLayoutSettings } from '../settings/use-layout-settings';
import { AppFooter } from './app-footer';
import { HeaderActions } from './header-actions';
import { ROUTE_ICONS } from './route-icons';
import { openTab } from './tab-list';
import './app-shell.css';

// Both drawers load when first opened: the first screen shows neither.
const SettingsDrawer = lazy(() => importWithTimeout(() => import('./settings-drawer')));
const MobileMenuDrawer = lazy(() => importWithTimeout(() => import('./mobile-menu-drawer')));
// The tab bar (antd Tabs) follows the first paint; until then its space is kept so the page does not move.
const MultiTabs = lazy(() =>
  importWithTimeout(() => import('./multi-tabs')).then((m) => ({ default: m.MultiTabs })),
);
const TAB_BAR_HEIGHT = 34;

const FIXED_CONTENT_WIDTH = 1200;
const SIDER_WIDTH = 220;
const DARK_NAV_BG = '#001529';

type MenuItems = NonNullable<MenuProps['items']>;

/** The top menu of the header and mixed layouts: fills the header between the brand and the actions. */
const HORIZONTAL_MENU_STYLE: CSSProperties = {
  flex: 1,
  minWidth: 0,
  background: 'transparent',
  borderBottom: 'none',
  lineHeight: '54px',
};

/**
 * The signed-in frame: header (top layout, the default), side or mixed layout, multi-tab bar, page,
 * footer, settings drawer; on phones (≤ 768.99 px) the menu moves into a drawer. `chain` is the guard's
 * match for the current page (null when the path is unknown and the 404 page shows).
 */
export default function AppShell({
  chain,
  isForbidden = false,
}: {
  chain: AppRoute[] | null;
  /** The 403 page is showing inside the shell (a signed-in user opened a route they may not access). */
  isForbidden?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useLayoutSettings();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage);
  const menuQuery = useApplicationMenu(language);
  const storedMenu = useStored('menu');
  const [isSiderCollapsed, setIsSiderCollapsed] = useState(false);
  const [isMobileMenuOpen, setIsMobileMenuOpen] = useState(false);
  const [hasOpenedMobileMenu, setHasOpenedMobileMenu] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [hasOpenedSettings, setHasOpenedSettings] = useState(false);
  const [refreshSeed, setRefreshSeed] = useState(0);

  const menu = useMemo(
    () => buildMenu(menuQuery.data ?? storedMenu ?? [], PRIVATE_ROUTES),
    [menuQuery.data, storedMenu],
  );
  const current = chain?.[chain.length - 1] ?? null;
  useDocumentTitle(current ? t(current.titleKey) : t(isForbidden ? 'route.forbidden' : 'route.notFound'));

  // Multi-tab pages: every page visited gets a tab; titles are stored as keys, so they survive reloads.
  useEffect(() => {
    if (!settings.multiTab || !current) return;
    const home = { key: HOME_PATH, path: HOME_PATH, titleKey: 'route.index' };
    const tabs = readStored('tabs') ?? [home];
    const next = openTab(
      tabs,
      { key: location.pathname, path: `${location.pathname}${location.search}`, titleKey: current.titleKey },
      HOME_PATH,
    );
    if (next !== tabs || readStored('tabs') === null) writeStored('tabs', next);
  }, [settings.multiTab, current, location.pathname, location.search]);

  const activePaths = activeMenuPaths(menu, location.pathname);
  const isDarkNav = settings.darkNav && !settings.darkMode;
  const menuTheme = isDarkNav ? 'dark' : 'light';
  const navBackground = isDarkNav ? DARK_NAV_BG : token.colorBgContainer;
  const navText = isDarkNav ? 'rgba(255,255,255,0.88)' : token.colorText;

  const toItems = (entries: readonly MenuEntry[], withChildren: boolean): MenuItems =>
    entries.map((entry) => ({
      key: entry.path,
      icon: entry.route.icon ? ROUTE_ICONS[entry.route.icon] : undefined,
      label: t(entry.route.titleKey),
      ...(withChildren && entry.children.length > 0 ? { children: toItems(entry.children, true) } : {}),
    }));

  const openPath = (path: string) => {
    setIsMobileMenuOpen(false);
    if (path !== location.pathname) navigate(path);
  };
  const onMenuClick: MenuProps['onClick'] = ({ key }) => openPath(key);
  const onTopMixClick: MenuProps['onClick'] = ({ key }) => {
    const entry = menu.find((e) => e.path === key);
    if (entry) openPath(firstLeafPath(entry));
  };

  const refreshPage = () => {
    void queryClient.invalidateQueries({ type: 'active' });
    setRefreshSeed((seed) => seed + 1);
  };

  const openSettings = () => {
    setHasOpenedSettings(true);
    setIsSettingsOpen(true);
  };

  const isFixedWidth = settings.contentWidth === 'fixed' && !isMobile;
  const innerStyle: CSSProperties = isFixedWidth
    ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto', width: '100%' }
    : { width: '100%' };
  const headerStyle: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    gap: 16,
    padding: '0 16px',
    height: 56,
    lineHeight: '56px',
    background: navBackground,
    borderBottom: isDarkNav ? 'none' : `1px solid ${token.colorBorderSecondary}`,
    ...(settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 100 } : {}),
  };

  const brand = (showName: boolean, onDarkNav = isDarkNav) => (
    <ShellBrand
      color={token.colorPrimary}
      textColor={onDarkNav ? '#fff' : token.colorText}
      showName={showName}
    />
  );
  const actions = <HeaderActions color={navText} isCompact={isMobile} onOpenSettings={openSettings} />;
  const inlineMenu = (entries: readonly MenuEntry[], tone: 'dark' | 'light', collapsed = false) => (
    <SideMenu
      key={location.pathname.split('/').slice(0, 3).join('/')}
      items={toItems(entries, true)}
      selected={activePaths}
      tone={tone}
      isCollapsed={collapsed}
      onClick={onMenuClick}
    />
  );

  const page = (
    <RouteErrorBoundary resetKey={location.pathname} isFullScreen={false}>
      <Suspense fallback={<PageLoading />}>
        <Outlet key={refreshSeed} />
      </Suspense>
    </RouteErrorBoundary>
  );
  const content = (
    <Layout.Content style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {settings.multiTab && !isMobile ? (
        <div
          className="shell-tabs"
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div style={innerStyle}>
            <Suspense fallback={<div style={{ height: TAB_BAR_HEIGHT }} />}>
              <MultiTabs onRefresh={refreshPage} />
            </Suspense>
          </div>
        </div>
      ) : null}
      <div
        className="shell-page"
        style={{ ...innerStyle, padding: isMobile ? 12 : 20 }}
        data-testid="page-content"
      >
        {page}
      </div>
      <AppFooter />
    </Layout.Content>
  );

  let frame: ReactNode;
  if (isMobile) {
    frame = (
      <Layout className="shell" data-layout="mobile">
        <Layout.Header className="shell-mobile-header" style={{ ...headerStyle, gap: 8, padding: '0 8px' }}>
          <Button
            type="text"
            icon={<MenuOutlined />}
            onClick={() => {
              setHasOpenedMobileMenu(true);
              setIsMobileMenuOpen(true);
            }}
            aria-label={t('header.openMenu')}
            style={{ color: navText }}
            data-testid="mobile-menu-button"
          />
          {brand(true)}
          <div style={{ flex: 1 }} />
          {actions}
        </Layout.Header>
        {content}
        {hasOpenedMobileMenu ? (
          <Suspense fallback={null}>
            <MobileMenuDrawer
              open={isMobileMenuOpen}
              onClose={() => setIsMobileMenuOpen(false)}
              width={SIDER_WIDTH + 40}
              title={brand(true, false)}
            >
              {inlineMenu(menu, 'light')}
            </MobileMenuDrawer>
          </Suspense>
        ) : null}
      </Layout>
    );
  } else if (settings.layout === 'side') {
    frame = (
      <Layout className="shell" hasSider data-layout="side">
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={isSiderCollapsed}
          onCollapse={setIsSiderCollapsed}
          trigger={null}
          theme={menuTheme}
          style={{
            background: navBackground,
            borderRight: isDarkNav ? 'none' : `1px solid ${token.colorBorderSecondary}`,
            ...(settings.fixedHeader
              ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }
              : {}),
          }}
        >
          <div className="shell-sider-brand">{brand(!isSiderCollapsed)}</div>
          {inlineMenu(menu, menuTheme, isSiderCollapsed)}
        </Layout.Sider>
        <Layout style={{ minWidth: 0 }}>
          <Layout.Header
            style={{
              ...headerStyle,
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Button
              type="text"
              icon={isSiderCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setIsSiderCollapsed((value) => !value)}
              aria-label={t('header.openMenu')}
            />
            <div style={{ flex: 1 }} />
            <HeaderActions color={token.colorText} isCompact={false} onOpenSettings={openSettings} />
          </Layout.Header>
          {content}
        </Layout>
      </Layout>
    );
  } else if (settings.layout === 'mix') {
    const topActive = activePaths[0];
    const sideEntries = menu.find((entry) => entry.path === topActive)?.children ?? [];
    frame = (
      <Layout className="shell" data-layout="mix">
        <Layout.Header style={headerStyle}>
          {brand(true)}
          <Menu
            mode="horizontal"
            theme={menuTheme}
            items={toItems(menu, false)}
            selectedKeys={topActive ? [topActive] : []}
            onClick={onTopMixClick}
            style={HORIZONTAL_MENU_STYLE}
            data-testid="top-menu"
          />
          {actions}
        </Layout.Header>
        <Layout hasSider>
          {sideEntries.length > 0 ? (
            <Layout.Sider
              width={SIDER_WIDTH}
              theme="light"
              style={{
                background: token.colorBgContainer,
                borderRight: `1px solid ${token.colorBorderSecondary}`,
                ...(settings.fixedHeader
                  ? { position: 'sticky', top: 56, height: 'calc(100vh - 56px)', overflow: 'auto' }
                  : {}),
              }}
              data-testid="mix-sider"
            >
              {inlineMenu(sideEntries, 'light')}
            </Layout.Sider>
          ) : null}
          <Layout style={{ minWidth: 0 }}>{content}</Layout>
        </Layout>
      </Layout>
    );
  } else {
    frame = (
      <Layout className="shell" data-layout="top">
        <Layout.Header style={headerStyle}>
          <div style={{ ...innerStyle, display: 'flex', alignItems: 'center', gap: 16, height: '100%' }}>
            {brand(true)}
            <Menu
              mode="horizontal"
              theme={menuTheme}
              items={toItems(menu, true)}
              selectedKeys={activePaths}
              onClick={onMenuClick}
              style={HORIZONTAL_MENU_STYLE}
              data-testid="top-menu"
            />
            {actions}
          </div>
        </Layout.Header>
        {content}
      </Layout>
    );
  }

  return (
    <>
      {frame}
      {hasOpenedSettings ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={isSettingsOpen} onClose={() => setIsSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function ShellBrand({ color, textColor, showName }: { color: string; textColor: string; showName: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useStored('applicationInfo');
  const name = info?.webName || t('app.defaultName');
  return (
    <button
      type="button"
      className="shell-brand"
      onClick={() => navigate(HOME_PATH)}
      style={{ color: textColor }}
      aria-label={name}
    >
      <BrandLogo size={28} color={color} />
      {showName ? <span className="shell-brand-name">{name}</span> : null}
    </button>
  );
}

interface SideMenuProps {
  items: MenuItems;
  selected: string[];
  tone: 'dark' | 'light';
  isCollapsed: boolean;
  onClick: MenuProps['onClick'];
}

/** Inline menu whose open groups follow the current page but can still be toggled by the user. */
function SideMenu({ items, selected, tone, isCollapsed, onClick }: SideMenuProps) {
  const [openKeys, setOpenKeys] = useState<string[]>(() => selected.slice(0, -1));
  return (
    <Menu
      mode="inline"
      theme={tone}
      items={items}
      selectedKeys={selected}
      {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      data-testid="side-menu"
    />
  );
}
