import { contrastRatio, shiftLightness } from '../../../lib/theme/contrast';
import { TEXT_CONTRAST } from '../../../lib/theme/accessible-theme';

/** The faintest text on the hero: the slogan, white at 85 %. Everything else there is pure white. */
export const HERO_FAINTEST_TEXT = 'rgba(255, 255, 255, 0.85)';

/** Where the gradient ends: a deep navy, the same in every theme. */
export const HERO_END = '#061a3a';

/**
 * The login hero's gradient stops for a theme colour: the colour itself, then a darker shade, then deep
 * navy, each darkened (same hue) only as far as white text needs for 4.5:1. In dark mode antd's theme
 * colour is light (a pale blue), and white text on it read at about 2:1; the hero stays a dark surface
 * in both modes.
 */
export function heroStops(themeColor: string, activeColor: string): [string, string, string] {
  const readable = (background: string) => contrastRatio(HERO_FAINTEST_TEXT, background) >= TEXT_CONTRAST;
  return [
    shiftLightness(themeColor, 'darker', readable),
    shiftLightness(activeColor, 'darker', readable),
    HERO_END,
  ];
}

export function heroBackground(themeColor: string, activeColor: string): string {
  const [start, middle, end] = heroStops(themeColor, activeColor);
  return `linear-gradient(150deg, ${start} 0%, ${middle} 55%, ${end} 100%)`;
}
