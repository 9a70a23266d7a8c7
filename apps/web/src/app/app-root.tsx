import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { BrowserRouter } from 'react-router';
import { currentAntdLocale, subscribeLanguage } from '../lib/i18n/i18n';
import { NavigationBridge, goToLogin } from './navigation';
import { AppRoutes } from './router';
import { UiEffectsBridge } from './ui-effects-bridge';
import { useLayoutSettings } from './settings/use-layout-settings';

/** Page background and native controls follow the theme. */
function DocumentColors({ isDark }: { isDark: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }, [token.colorBgLayout, token.colorText, isDark]);
  return null;
}

export function AppRoot() {
  const settings = useLayoutSettings();
  const locale = useSyncExternalStore(subscribeLanguage, currentAntdLocale);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: settings.darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: {
        colorPrimary: settings.colorPrimary,
        colorInfo: settings.colorPrimary,
        colorLink: settings.colorPrimary,
      },
    }),
    [settings.darkMode, settings.colorPrimary],
  );
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <UiEffectsBridge goToLogin={goToLogin} />
      <DocumentColors isDark={settings.darkMode} />
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
