import { describe, expect, test } from 'vitest';
import { theme } from 'antd';
import { THEME_COLOR_PRESETS } from '../../src/lib/layout-settings';
import { contrastRatio } from '../../src/lib/theme/contrast';
import { TEXT_CONTRAST, accessibleTheme } from '../../src/lib/theme/accessible-theme';
import {
  HERO_END,
  HERO_FAINTEST_TEXT,
  heroBackground,
  heroStops,
} from '../../src/features/auth/lib/hero-background';

/** The theme colour and its pressed shade exactly as antd derives them for the login page. */
function tokensOf(preset: string, isDark: boolean) {
  const token = theme.getDesignToken(accessibleTheme(preset, isDark));
  return { primary: token.colorPrimary, active: token.colorPrimaryActive };
}

describe('login hero background', () => {
  test.each(
    THEME_COLOR_PRESETS.flatMap((preset) => [
      { preset, isDark: false },
      { preset, isDark: true },
    ]),
  )('white text reads at 4.5:1 on every stop: $preset, dark $isDark', ({ preset, isDark }) => {
    const { primary, active } = tokensOf(preset, isDark);
    for (const stop of heroStops(primary, active)) {
      expect(
        contrastRatio(HERO_FAINTEST_TEXT, stop),
        `${HERO_FAINTEST_TEXT} on ${stop}`,
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio('#ffffff', stop)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  test('in dark mode the theme colour itself is too light for white text, so the hero darkens it', () => {
    const { primary, active } = tokensOf(THEME_COLOR_PRESETS[0], true);
    // What the hero painted before: white on the dark-mode theme colour.
    expect(contrastRatio('#ffffff', primary)).toBeLessThan(TEXT_CONTRAST);
    const [start] = heroStops(primary, active);
    expect(start).not.toBe(primary);
    expect(heroBackground(primary, active)).toContain(start);
  });

  test('a theme colour that already reads well is kept as it is', () => {
    const { primary, active } = tokensOf(THEME_COLOR_PRESETS[0], false);
    expect(heroStops(primary, active)[0]).toBe(primary.toLowerCase());
    expect(heroStops(primary, active)[2]).toBe(HERO_END);
  });
});
