import { theme } from 'antd';
import { AccountBookOutlined, ContainerOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { BrandLogo } from '../../../components/brand-logo';
import { heroBackground } from '../lib/hero-background';

/** The branded half of the login page: name, slogan and what the portal does. Hidden on phones. */
export function LoginHero({ siteName, slogan }: { siteName: string; slogan: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const features = [
    { icon: <ContainerOutlined />, text: t('login.featureOrders') },
    { icon: <NodeIndexOutlined />, text: t('login.featureTracking') },
    { icon: <AccountBookOutlined />, text: t('login.featureFinance') },
  ];
  return (
    <aside
      className="login-hero"
      style={{
        background: heroBackground(token.colorPrimary, token.colorPrimaryActive),
      }}
    >
      <div className="login-hero-brand">
        <BrandLogo size={40} color="rgba(255,255,255,0.16)" />
        <span>{siteName}</span>
      </div>
      <div className="login-hero-body">
        <h1>{t('login.heroTitle')}</h1>
        <p className="login-hero-slogan">{slogan}</p>
        <ul>
          {features.map((feature) => (
            <li key={feature.text}>
              <span className="login-hero-icon">{feature.icon}</span>
              {feature.text}
            </li>
          ))}
        </ul>
      </div>
      <svg className="login-hero-art" viewBox="0 0 400 220" aria-hidden="true" focusable="false">
        <path
          d="M10 190 C 90 120, 150 200, 230 120 S 360 60, 390 20"
          fill="none"
          stroke="rgba(255,255,255,0.35)"
          strokeWidth="2"
          strokeDasharray="6 8"
        />
        <circle cx="10" cy="190" r="6" fill="#fff" />
        <circle cx="390" cy="20" r="6" fill="#fff" />
        <g transform="translate(196 86)" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round">
          <path d="M24 0 48 13v26L24 52 0 39V13z" fill="rgba(255,255,255,0.12)" />
          <path d="M0 13l24 13 24-13M24 26v26" />
        </g>
      </svg>
    </aside>
  );
}
