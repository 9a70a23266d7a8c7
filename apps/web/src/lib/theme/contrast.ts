/**
 * WCAG 2.2 colour contrast: relative luminance and contrast ratio (success criteria 1.4.3 and 1.4.11),
 * and a search that moves a colour's lightness until it reaches a ratio, keeping its hue.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 to 1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

/** Reads `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` and `rgba(…)`; throws on anything else. */
export function parseColor(color: string): Rgba {
  const text = color.trim();
  const hex = HEX.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: channel(0), g: channel(2), b: channel(4), a: digits.length === 8 ? channel(6) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    return {
      r: Number(rgb[1]),
      g: Number(rgb[2]),
      b: Number(rgb[3]),
      a: rgb[4] === undefined ? 1 : Number(rgb[4]),
    };
  }
  throw new Error(`Not a colour: ${color}`);
}

export function toHex({ r, g, b }: Rgba): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** A translucent colour as it shows over an opaque background. */
export function composite(color: Rgba, background: Rgba): Rgba {
  const mix = (fg: number, bg: number) => fg * color.a + bg * (1 - color.a);
  return {
    r: mix(color.r, background.r),
    g: mix(color.g, background.g),
    b: mix(color.b, background.b),
    a: 1,
  };
}

/** `amount` (0 to 1) of `color` laid over `background`, as an opaque hex colour. */
export function mix(color: string, background: string, amount: number): string {
  return toHex(composite({ ...parseColor(color), a: amount }, parseColor(background)));
}

/** WCAG relative luminance of an opaque sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: string | Rgba): number {
  const { r, g, b } = typeof color === 'string' ? parseColor(color) : color;
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * WCAG contrast ratio (1 to 21) of a foreground over a background. A translucent foreground is first
 * laid over the background, as the browser paints it; the background must be opaque.
 */
export function contrastRatio(foreground: string, background: string): number {
  const bg = parseColor(background);
  const fg = composite(parseColor(foreground), bg);
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Whichever of black and white reads better on a background. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function toHsl({ r, g, b }: Rgba): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn
      ? ((gn - bn) / d + (gn < bn ? 6 : 0)) / 6
      : max === gn
        ? ((bn - rn) / d + 2) / 6
        : ((rn - gn) / d + 4) / 6;
  return { h, s, l };
}

function fromHsl({ h, s, l }: Hsl): Rgba {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255, a: 1 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return { r: hue(h + 1 / 3) * 255, g: hue(h) * 255, b: hue(h - 1 / 3) * 255, a: 1 };
}

/**
 * The colour with the same hue and saturation whose lightness is the closest to the original that
 * `isEnough` accepts, moving towards black (`darker`) or white (`lighter`). Contrast grows steadily as
 * lightness moves away from the background, so a bisection (12 steps, about 1/4000 of the lightness
 * range) finds it; pure black or white is the last resort.
 */
export function shiftLightness(
  color: string,
  direction: 'darker' | 'lighter',
  isEnough: (candidate: string) => boolean,
): string {
  const start = toHsl(parseColor(color));
  const at = (l: number) => toHex(fromHsl({ ...start, l }));
  if (isEnough(at(start.l))) return at(start.l);
  const extreme = direction === 'darker' ? 0 : 1;
  if (!isEnough(at(extreme))) return direction === 'darker' ? '#000000' : '#ffffff';
  let failing = start.l;
  let passing = extreme;
  for (let i = 0; i < 12; i++) {
    const middle = (failing + passing) / 2;
    if (isEnough(at(middle))) passing = middle;
    else failing = middle;
  }
  return at(passing);
}

/** The variant of `color` (same hue) with at least `minRatio` against every background. */
export function withContrast(color: string, backgrounds: readonly string[], minRatio: number): string {
  const darkest = Math.min(...backgrounds.map((bg) => relativeLuminance(parseColor(bg))));
  const direction = darkest > 0.18 ? 'darker' : 'lighter';
  return shiftLightness(color, direction, (candidate) =>
    backgrounds.every((bg) => contrastRatio(candidate, bg) >= minRatio),
  );
}
