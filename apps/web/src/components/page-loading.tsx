import { theme } from 'antd';
import { useTranslation } from '../lib/i18n/use-translation';

/**
 * Shown while a page's code or first data loads. A CSS spinner rather than antd Spin: it is on the
 * first screen of every route, so it should cost nothing to download.
 */
export function PageLoading({ isFullScreen = false }: { isFullScreen?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="page-loading" style={{ minHeight: isFullScreen ? '100vh' : 240 }} role="status">
      <span
        className="page-loading-spinner"
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
      <span style={{ color: token.colorTextSecondary }}>{t('common.loading')}</span>
    </div>
  );
}
