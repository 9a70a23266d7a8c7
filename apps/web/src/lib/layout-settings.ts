import { DEFAULT_THEME_COLOR } from '@portal/contracts/constants';

/** The shell's look, changed live from the settings drawer and kept in local storage. */
export type LayoutMode = 'top' | 'side' | 'mix';
export type ContentWidth = 'fluid' | 'fixed';

export interface LayoutSettings {
  layout: LayoutMode;
  /** Dark header and menu (the source's default navigation theme); the page itself stays light. */
  darkNav: boolean;
  /** Whole-page dark mode (antd dark algorithm). */
  darkMode: boolean;
  colorPrimary: string;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  multiTab: boolean;
}

/** Spec section 9: header layout, fluid width, multi-tab pages, fixed header, theme colour #005adc. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  layout: 'top',
  darkNav: true,
  darkMode: false,
  colorPrimary: DEFAULT_THEME_COLOR,
  contentWidth: 'fluid',
  fixedHeader: true,
  multiTab: true,
};

export const THEME_COLOR_PRESETS = [
  DEFAULT_THEME_COLOR,
  '#1677ff',
  '#13a8a8',
  '#52c41a',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
] as const;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Merges a stored (possibly older or hand-edited) value over the defaults, dropping anything invalid. */
export function normalizeLayoutSettings(value: Partial<LayoutSettings> | null | undefined): LayoutSettings {
  const v = value ?? {};
  const pick = <K extends keyof LayoutSettings>(key: K, valid: (x: unknown) => boolean): LayoutSettings[K] =>
    valid(v[key]) ? (v[key] as LayoutSettings[K]) : DEFAULT_LAYOUT_SETTINGS[key];
  const isBool = (x: unknown) => typeof x === 'boolean';
  return {
    layout: pick('layout', (x) => x === 'top' || x === 'side' || x === 'mix'),
    darkNav: pick('darkNav', isBool),
    darkMode: pick('darkMode', isBool),
    colorPrimary: pick('colorPrimary', (x) => typeof x === 'string' && HEX_COLOR.test(x)),
    contentWidth: pick('contentWidth', (x) => x === 'fluid' || x === 'fixed'),
    fixedHeader: pick('fixedHeader', isBool),
    multiTab: pick('multiTab', isBool),
  };
}
