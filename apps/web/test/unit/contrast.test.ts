import { describe, expect, test } from 'vitest';
import { theme } from 'antd';
import { THEME_COLOR_PRESETS } from '../../src/lib/layout-settings';
import { contrastRatio, readableTextOn, relativeLuminance, withContrast } from '../../src/lib/theme/contrast';
import {
  CONTROL_CONTRAST,
  TEXT_CONTRAST,
  accessibleTheme,
  surfaces,
} from '../../src/lib/theme/accessible-theme';

describe('WCAG contrast', () => {
  test('relative luminance of black, white and the sRGB primaries', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
  });

  test('contrast ratios match the published WCAG figures', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#005adc', '#ffffff')).toBeCloseTo(6.01, 2);
  });

  test('a translucent text colour is laid over its background first', () => {
    // rgba(0,0,0,0.45) on white paints #8c8c8c.
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
    expect(contrastRatio('rgba(0,0,0,0)', '#ffffff')).toBeCloseTo(1, 5);
  });

  test('readable text on a background picks black or white', () => {
    expect(readableTextOn('#005adc')).toBe('#ffffff');
    expect(readableTextOn('#ffd666')).toBe('#000000');
  });

  test('withContrast keeps a colour that already passes and moves one that does not', () => {
    expect(withContrast('#000000', ['#ffffff'], 4.5)).toBe('#000000');
    const fixed = withContrast('#1677ff', ['#ffffff', '#f5f5f5'], 4.5);
    expect(contrastRatio(fixed, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#1677ff', '#f5f5f5')).toBeLessThan(4.5);
    const lighter = withContrast('#0350be', ['#141414'], 4.5);
    expect(contrastRatio(lighter, '#141414')).toBeGreaterThanOrEqual(4.5);
  });
});

describe.each([
  ['light', false],
  ['dark', true],
])('every preset theme colour in %s mode meets WCAG 2.2 AA', (_mode, isDark) => {
  test.each([...THEME_COLOR_PRESETS])('%s', (preset) => {
    const config = accessibleTheme(preset, isDark);
    // What antd actually paints with this configuration.
    const t = theme.getDesignToken({ algorithm: config.algorithm, token: config.token });
    const button = config.components?.Button ?? {};
    const ratio = (fg: string, bg: string) => Math.round(contrastRatio(fg, bg) * 100) / 100;
    for (const bg of surfaces(t)) {
      const statusText = [t.colorError, t.colorErrorText, t.colorSuccess, t.colorWarning, t.colorWarningText];
      for (const text of [t.colorPrimary, t.colorLink, t.colorPrimaryText, ...statusText]) {
        expect(ratio(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      for (const text of [t.colorText, t.colorTextSecondary, t.colorTextTertiary, t.colorTextDescription]) {
        expect(ratio(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      expect(ratio(t.colorTextPlaceholder, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      for (const boundary of [t.colorBorder, t.colorPrimary, t.colorError]) {
        expect(ratio(boundary, bg), `${boundary} on ${bg}`).toBeGreaterThanOrEqual(CONTROL_CONTRAST);
      }
    }
    // Status tags: the status colour on its own tinted background.
    for (const [text, bg] of [
      [t.colorSuccess, t.colorSuccessBg],
      [t.colorWarning, t.colorWarningBg],
      [t.colorError, t.colorErrorBg],
      [t.colorPrimary, t.colorInfoBg],
      [t.colorPrimary, t.colorPrimaryBg],
    ] as const) {
      expect(ratio(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(ratio(button.primaryColor as string, t.colorPrimary)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(ratio(button.dangerColor as string, t.colorError)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(ratio(t.colorTextLightSolid, t.colorPrimary)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

test('antd alone paints the dark-mode brand blue at 2.54:1, which the adjusted theme fixes', () => {
  const plain = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: '#005adc' } });
  expect(contrastRatio(plain.colorPrimary, plain.colorBgContainer)).toBeCloseTo(2.54, 2);
  const config = accessibleTheme('#005adc', true);
  const fixed = theme.getDesignToken({ algorithm: config.algorithm, token: config.token });
  expect(contrastRatio(fixed.colorPrimary, fixed.colorBgContainer)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
});

test('in light mode the brand blue #005adc already passes and is kept as chosen', () => {
  expect(accessibleTheme('#005adc', false).token?.colorPrimary).toBe('#005adc');
});
