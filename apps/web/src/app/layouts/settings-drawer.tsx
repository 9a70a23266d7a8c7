import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Divider, Drawer, Flex, Segmented, Switch, Tooltip, Typography, theme } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from '../../lib/i18n/use-translation';
import { THEME_COLOR_PRESETS, type ContentWidth, type LayoutMode } from '../../lib/layout-settings';
import {
  resetLayoutSettings,
  updateLayoutSettings,
  useLayoutSettings,
} from '../settings/use-layout-settings';
import './settings-drawer.css';

/** A small picture of each layout, so the choice is visible before it is made. */
function LayoutPicture({ mode, isDarkNav }: { mode: LayoutMode; isDarkNav: boolean }) {
  const { token } = theme.useToken();
  const nav = isDarkNav ? '#001529' : token.colorFillSecondary;
  const page = token.colorFillQuaternary;
  return (
    <svg width="56" height="44" viewBox="0 0 56 44" aria-hidden="true" focusable="false">
      <rect width="56" height="44" rx="4" fill={page} />
      {mode !== 'side' ? <rect width="56" height="10" rx="2" fill={nav} /> : null}
      {mode === 'side' ? <rect width="14" height="44" rx="2" fill={nav} /> : null}
      {mode === 'mix' ? <rect y="10" width="14" height="34" fill={token.colorFillSecondary} /> : null}
      <rect
        x={mode === 'top' ? 6 : 20}
        y={mode === 'side' ? 6 : 16}
        width={mode === 'top' ? 44 : 30}
        height="4"
        rx="2"
        fill={token.colorPrimary}
        opacity="0.5"
      />
    </svg>
  );
}

/**
 * Any other theme colour, through the browser's own colour picker (antd's ColorPicker would pull its
 * colour panel and Collapse into the chunk every page loads, because antd's Button styles share a module
 * with it). The colour applies when the choice is committed, not on every drag step. Mount it with
 * `key={value}` so a colour chosen elsewhere (a preset, reset) shows here.
 */
function CustomColorInput({
  value,
  label,
  isSelected,
  onCommit,
}: {
  value: string;
  label: string;
  isSelected: boolean;
  onCommit: (color: string) => void;
}) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // React's onChange follows every drag step; the native change event fires once the choice is made.
    const commit = () => onCommit(input.value);
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [onCommit]);
  return (
    <input
      ref={ref}
      type="color"
      className="settings-custom-color"
      defaultValue={value}
      aria-label={label}
      title={label}
      data-testid="setting-custom-color"
      style={{ borderColor: isSelected ? token.colorPrimary : token.colorBorder }}
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" style={{ minHeight: 36 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

const commitCustomColor = (color: string) => updateLayoutSettings({ colorPrimary: color });

/** Layout, colours and page behaviour; every change applies at once and is saved in local storage. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const settings = useLayoutSettings();
  const isPresetColor = THEME_COLOR_PRESETS.some((color) => color === settings.colorPrimary.toLowerCase());
  const layouts: { mode: LayoutMode; label: string }[] = [
    { mode: 'top', label: t('settings.layoutTop') },
    { mode: 'side', label: t('settings.layoutSide') },
    { mode: 'mix', label: t('settings.layoutMix') },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      // antd hands Esc to the topmost open overlay only. After a layout switch the pointer still rests on
      // the button just clicked, so its tooltip is open and on top, and took the Esc meant for the drawer.
      // Esc pressed anywhere in the drawer closes it.
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      title={t('settings.title')}
      size={320}
      footer={
        <Button block onClick={resetLayoutSettings} data-testid="settings-reset">
          {t('settings.reset')}
        </Button>
      }
      data-testid="settings-drawer"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('settings.navigation')}
      </Typography.Title>
      <Flex gap={12} role="radiogroup" aria-label={t('settings.navigation')}>
        {layouts.map(({ mode, label }) => {
          const isChecked = settings.layout === mode;
          return (
            <Tooltip key={mode} title={label}>
              <button
                type="button"
                role="radio"
                aria-checked={isChecked}
                aria-label={label}
                data-testid={`layout-${mode}`}
                onClick={() => updateLayoutSettings({ layout: mode })}
                style={{
                  position: 'relative',
                  padding: 4,
                  border: `2px solid ${isChecked ? token.colorPrimary : 'transparent'}`,
                  borderRadius: 8,
                  background: 'none',
                  cursor: 'pointer',
                  lineHeight: 0,
                }}
              >
                <LayoutPicture mode={mode} isDarkNav={settings.darkNav} />
                {isChecked ? (
                  <CheckOutlined
                    style={{ position: 'absolute', right: 6, bottom: 6, color: token.colorPrimary }}
                  />
                ) : null}
              </button>
            </Tooltip>
          );
        })}
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('settings.appearance')}</Typography.Title>
      <Typography.Text type="secondary">{t('settings.themeColor')}</Typography.Text>
      <Flex gap={8} wrap align="center" style={{ margin: '8px 0 12px' }}>
        {THEME_COLOR_PRESETS.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={color}
            aria-pressed={settings.colorPrimary.toLowerCase() === color}
            onClick={() => updateLayoutSettings({ colorPrimary: color })}
            style={{
              width: 24,
              height: 24,
              padding: 0,
              border: 0,
              borderRadius: 6,
              background: color,
              color: '#fff',
              cursor: 'pointer',
              lineHeight: 0,
            }}
          >
            {settings.colorPrimary.toLowerCase() === color ? <CheckOutlined /> : null}
          </button>
        ))}
        <CustomColorInput
          key={settings.colorPrimary}
          value={settings.colorPrimary}
          label={t('settings.customColor')}
          isSelected={!isPresetColor}
          onCommit={commitCustomColor}
        />
      </Flex>
      <Row label={t('settings.darkMode')}>
        <Switch
          checked={settings.darkMode}
          onChange={(checked) => updateLayoutSettings({ darkMode: checked })}
          aria-label={t('settings.darkMode')}
          data-testid="setting-dark-mode"
        />
      </Row>
      <Row label={t('settings.darkNav')}>
        <Switch
          checked={settings.darkNav}
          disabled={settings.darkMode}
          onChange={(checked) => updateLayoutSettings({ darkNav: checked })}
          aria-label={t('settings.darkNav')}
        />
      </Row>

      <Divider />
      <Typography.Title level={5}>{t('settings.content')}</Typography.Title>
      <Row label={t('settings.contentWidth')}>
        <Segmented<ContentWidth>
          size="small"
          value={settings.contentWidth}
          options={[
            { value: 'fluid', label: t('settings.fluid') },
            { value: 'fixed', label: t('settings.fixed') },
          ]}
          onChange={(value) => updateLayoutSettings({ contentWidth: value })}
          data-testid="setting-content-width"
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          checked={settings.fixedHeader}
          onChange={(checked) => updateLayoutSettings({ fixedHeader: checked })}
          aria-label={t('settings.fixedHeader')}
        />
      </Row>
      <Row label={t('settings.multiTab')}>
        <Switch
          checked={settings.multiTab}
          onChange={(checked) => updateLayoutSettings({ multiTab: checked })}
          aria-label={t('settings.multiTab')}
          data-testid="setting-multi-tab"
        />
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        {t('settings.savedHint')}
      </Typography.Paragraph>
    </Drawer>
  );
}
