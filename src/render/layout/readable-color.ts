// Contrast between colours as WCAG 2.1 measures it, and the nearest shade of a site's colour that
// reaches a given contrast: a brand colour too pale for text on a light page, or too dark on a dark one.

/** A colour as red, green and blue from 0 to 255. */
export type Rgb = readonly [number, number, number];

/** WCAG 2.1 AA: the contrast normal text needs against its background. */
export const TEXT_CONTRAST = 4.5;

/** `#rgb`, `#rrggbb` (an alpha part is ignored) or `rgb(r, g, b)`; undefined for anything else (names, hsl()). */
export function parseColor(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((digit) => digit + digit).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/][\d\s.%]*)?\)$/i.exec(color.trim());
  if (!rgb) return undefined;
  const channels = rgb.slice(1, 4).map(Number);
  return channels.every((channel) => channel <= 255) ? (channels as unknown as Rgb) : undefined;
}

/** `#rrggbb` of `color`. */
export function hexOf(color: Rgb): string {
  return `#${color.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` itself when it reaches `ratio` against every one of `backgrounds`; otherwise the first
 * shade of it mixed toward black or white (whichever the backgrounds leave more room for) that does:
 * the same hue, as little changed as the backgrounds allow.
 */
export function readableShade(color: Rgb, backgrounds: readonly Rgb[], ratio = TEXT_CONTRAST): Rgb {
  const worst = (shade: Rgb): number => Math.min(...backgrounds.map((background) => contrastRatio(shade, background)));
  if (worst(color) >= ratio) return color;
  const darkestBackground = Math.min(...backgrounds.map(luminance));
  const toward: Rgb = darkestBackground > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 100; step++) {
    const shade = mix(color, toward, step / 100);
    if (worst(shade) >= ratio) return shade;
  }
  return toward;
}

/** `a` with `share` (0 to 1) of `b` mixed in, rounded to whole channels. */
function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return a.map((channel, i) => Math.round(channel + (b[i]! - channel) * share)) as unknown as Rgb;
}

/** WCAG's relative luminance. */
function luminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
