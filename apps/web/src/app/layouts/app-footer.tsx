import { Layout, theme } from 'antd';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useApplicationInfo } from '../../lib/session/application-info';

/** System name and filing number from the application info of this host. */
export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: info } = useApplicationInfo();
  const systemName = info?.footerSystemName || info?.webName || t('app.defaultName');
  return (
    <Layout.Footer
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        marginTop: 'auto',
        padding: '16px 24px',
        fontSize: 12,
        color: token.colorTextTertiary,
        background: 'transparent',
      }}
      data-testid="app-footer"
    >
      <span>{t('footer.copyright', { year: new Date().getFullYear(), name: systemName })}</span>
      {info?.filingNumber ? (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
          {info.filingNumber}
        </a>
      ) : null}
    </Layout.Footer>
  );
}
