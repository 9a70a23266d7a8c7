import { theme, type ThemeConfig } from 'antd';
// antd's own palette generator (installed with antd): the dark algorithm paints a seed as entry 6 of its
// dark palette. A unit test checks the result against antd's full token derivation.
import { generate } from '@ant-design/colors';
import {
  composite,
  contrastRatio,
  mix,
  parseColor,
  readableTextOn,
  shiftLightness,
  toHex,
  withContrast,
} from './contrast';

/** WCAG 2.2 AA: text (1.4.3) and the boundaries of controls (1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const CONTROL_CONTRAST = 3;

type Algorithm = typeof theme.defaultAlgorithm;
type Token = ReturnType<typeof theme.getDesignToken>;

const algorithmOf = (isDark: boolean): Algorithm => (isDark ? theme.darkAlgorithm : theme.defaultAlgorithm);

const neutralTokens = new Map<boolean, Token>();

/** antd's own surfaces and neutral colours for a mode (about 20 ms to derive, so kept). */
function neutral(isDark: boolean): Token {
  let token = neutralTokens.get(isDark);
  if (!token) {
    token = theme.getDesignToken({ algorithm: algorithmOf(isDark) });
    neutralTokens.set(isDark, token);
  }
  return token;
}

/** What antd paints for a seed colour: the dark algorithm blends it towards the dark background. */
export function paintedSeed(seed: string, isDark: boolean): string {
  return isDark ? generate(seed, { theme: 'dark' })[5]! : seed;
}

/**
 * The opaque surfaces text and controls sit on: page, cards and tables, popups, and the light fills laid
 * over cards and popups (table headers, the upload drop zone).
 */
export function surfaces(
  token: Pick<
    Token,
    'colorBgLayout' | 'colorBgContainer' | 'colorBgElevated' | 'colorFillAlter' | 'colorFillTertiary'
  >,
): string[] {
  const solid = [token.colorBgLayout, token.colorBgContainer, token.colorBgElevated];
  const filled = [token.colorFillAlter, token.colorFillTertiary].flatMap((fill) =>
    [token.colorBgContainer, token.colorBgElevated].map((bg) =>
      toHex(composite(parseColor(fill), parseColor(bg))),
    ),
  );
  return [...solid, ...filled];
}

/**
 * The seed (same hue as the chosen one, lightness moved as little as needed) whose painted colour reads
 * at 4.5:1 on every surface: darker in light mode, lighter in dark mode.
 */
function readableSeed(
  seed: string,
  isDark: boolean,
  backgrounds: readonly string[],
  tintOf?: (painted: string) => string,
): string {
  return shiftLightness(seed, isDark ? 'lighter' : 'darker', (candidate) => {
    const painted = paintedSeed(candidate, isDark);
    const all = tintOf ? [...backgrounds, tintOf(painted)] : backgrounds;
    return all.every((bg) => contrastRatio(painted, bg) >= TEXT_CONTRAST);
  });
}

/**
 * The theme colour's tinted background (selected menu item, "processing" tag): a little of the colour
 * over the card surface. antd's own tint greys and darkens with a darker seed, which the text on it
 * could never outrun.
 */
const TINT = { light: 0.1, dark: 0.2 } as const;

/** The lowest opacity of the text colour that still reads at 4.5:1 on every surface. */
function readableAlpha(textBase: string, backgrounds: readonly string[], from: number): string {
  const { r, g, b } = parseColor(textBase);
  for (let alpha = from; alpha < 1; alpha += 0.01) {
    const candidate = `rgba(${r},${g},${b},${alpha.toFixed(2)})`;
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= TEXT_CONTRAST)) return candidate;
  }
  return toHex(parseColor(textBase));
}

/**
 * antd's theme for a theme colour and mode, adjusted so that every preset (and any custom colour) meets
 * WCAG 2.2 AA: the theme colour and the error colour as text on every surface, the text on primary and
 * danger buttons, secondary text and placeholders at 4.5:1; input, button, checkbox and switch
 * boundaries at 3:1.
 */
export function accessibleTheme(colorPrimary: string, isDark: boolean): ThemeConfig {
  const base = neutral(isDark);
  const backgrounds = surfaces(base);
  const tintOf = (painted: string) => mix(painted, base.colorBgContainer, isDark ? TINT.dark : TINT.light);
  const primary = readableSeed(colorPrimary, isDark, backgrounds, tintOf);
  const tint = tintOf(paintedSeed(primary, isDark));
  // Status colours are text too (form errors, status tags on their tinted background).
  const status = (key: 'colorError' | 'colorSuccess' | 'colorWarning') =>
    readableSeed(theme.defaultSeed[key], isDark, [...backgrounds, base[`${key}Bg`]]);
  const error = status('colorError');
  const onPrimary = readableTextOn(paintedSeed(primary, isDark));
  const onError = readableTextOn(paintedSeed(error, isDark));
  const secondaryText = readableAlpha(base.colorTextBase, backgrounds, 0.45);
  const border = withContrast(base.colorBorder, backgrounds, CONTROL_CONTRAST);
  return {
    algorithm: algorithmOf(isDark),
    token: {
      // The page's own font stack (app/global.css), which follows the interface's script.
      fontFamily: 'var(--portal-font-family)',
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      colorError: error,
      colorSuccess: status('colorSuccess'),
      colorWarning: status('colorWarning'),
      // A darker seed would also darken the tinted backgrounds antd derives from it: keep antd's own.
      colorPrimaryBg: tint,
      colorInfoBg: tint,
      colorErrorBg: base.colorErrorBg,
      colorSuccessBg: base.colorSuccessBg,
      colorWarningBg: base.colorWarningBg,
      colorTextTertiary: secondaryText,
      colorTextDescription: secondaryText,
      colorTextPlaceholder: secondaryText,
      colorBorder: border,
      // Text on a filled theme-colour surface (selected menu item, date cell, badge): dark on the light
      // dark-mode theme colour.
      colorTextLightSolid: onPrimary,
    },
    components: {
      Button: { primaryColor: onPrimary, dangerColor: onError },
      // Tooltips sit on a dark grey in both modes.
      Tooltip: { colorTextLightSolid: '#ffffff' },
      // The track of a switch that is off is its only boundary.
      Switch: { colorTextQuaternary: border, colorTextTertiary: border },
    },
  };
}
