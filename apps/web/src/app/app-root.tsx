import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider, theme } from 'antd';
import { BrowserRouter } from 'react-router';
import { currentAntdLocale, subscribeLanguage } from '../lib/i18n/i18n';
import { accessibleTheme } from '../lib/theme/accessible-theme';
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
  // WCAG 2.2 AA in both modes for any theme colour: the chosen hue, lightness moved only as needed.
  const themeConfig = useMemo(
    () => accessibleTheme(settings.colorPrimary, settings.darkMode),
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
