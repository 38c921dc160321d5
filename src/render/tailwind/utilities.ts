// The CSS of one Tailwind utility class (without variants), by Tailwind CSS v3's default theme:
// layout, flexbox and grid, spacing, sizing, type, color, borders and a few effects, the classes
// Mintlify pages' own HTML uses. Arbitrary values (`w-[13px]`) are not supported, as on Mintlify.
import { colorValue } from './palette.js';

/** A utility's declarations, and for `space-x-*` the children they apply to. */
export interface Utility {
  declarations: string;
  /** Appended to the class selector. */
  selector?: string;
}

/** Tailwind's spacing scale: `4` is 1rem, `0.5` 0.125rem, `px` 1px. */
function spacing(value: string): string | undefined {
  if (value === 'px') return '1px';
  if (value === '0') return '0px';
  if (!/^\d{1,2}(\.5)?$/.test(value) || Number(value) > 96) return undefined;
  return `${Number(value) / 4}rem`;
}

/** A size: the spacing scale, a fraction (`1/2`), or a keyword. */
function size(value: string, screen: string): string | undefined {
  const keywords: Record<string, string> = { full: '100%', auto: 'auto', fit: 'fit-content', min: 'min-content', max: 'max-content', screen };
  if (Object.hasOwn(keywords, value)) return keywords[value];
  const fraction = /^(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (fraction)
    return Number(fraction[2]) > 0 && Number(fraction[1]) <= Number(fraction[2])
      ? `${+((Number(fraction[1]) / Number(fraction[2])) * 100).toFixed(6)}%`
      : undefined;
  return spacing(value);
}

const FIXED: Readonly<Record<string, string>> = {
  block: 'display:block',
  'inline-block': 'display:inline-block',
  inline: 'display:inline',
  flex: 'display:flex',
  'inline-flex': 'display:inline-flex',
  grid: 'display:grid',
  'inline-grid': 'display:inline-grid',
  contents: 'display:contents',
  hidden: 'display:none',
  static: 'position:static',
  fixed: 'position:fixed',
  absolute: 'position:absolute',
  relative: 'position:relative',
  sticky: 'position:sticky',
  'flex-row': 'flex-direction:row',
  'flex-row-reverse': 'flex-direction:row-reverse',
  'flex-col': 'flex-direction:column',
  'flex-col-reverse': 'flex-direction:column-reverse',
  'flex-wrap': 'flex-wrap:wrap',
  'flex-nowrap': 'flex-wrap:nowrap',
  'flex-1': 'flex:1 1 0%',
  'flex-auto': 'flex:1 1 auto',
  'flex-initial': 'flex:0 1 auto',
  'flex-none': 'flex:none',
  grow: 'flex-grow:1',
  'grow-0': 'flex-grow:0',
  shrink: 'flex-shrink:1',
  'shrink-0': 'flex-shrink:0',
  'text-left': 'text-align:left',
  'text-center': 'text-align:center',
  'text-right': 'text-align:right',
  'text-justify': 'text-align:justify',
  'font-sans': 'font-family:var(--font, system-ui, sans-serif)',
  'font-mono': 'font-family:var(--mono)',
  italic: 'font-style:italic',
  underline: 'text-decoration-line:underline',
  'no-underline': 'text-decoration-line:none',
  uppercase: 'text-transform:uppercase',
  lowercase: 'text-transform:lowercase',
  capitalize: 'text-transform:capitalize',
  truncate: 'overflow:hidden;text-overflow:ellipsis;white-space:nowrap',
  'object-cover': 'object-fit:cover',
  'object-contain': 'object-fit:contain',
  'object-fill': 'object-fit:fill',
  'aspect-video': 'aspect-ratio:16 / 9',
  'aspect-square': 'aspect-ratio:1 / 1',
  'aspect-auto': 'aspect-ratio:auto',
  'cursor-pointer': 'cursor:pointer',
  'pointer-events-none': 'pointer-events:none',
  'pointer-events-auto': 'pointer-events:auto',
  'select-none': 'user-select:none',
  border: 'border-width:1px;border-style:solid',
  'border-solid': 'border-style:solid',
  'border-dashed': 'border-style:dashed',
  'border-none': 'border-style:none',
  'shadow-sm': 'box-shadow:0 1px 2px 0 rgb(0 0 0 / 0.05)',
  shadow: 'box-shadow:0 1px 3px 0 rgb(0 0 0 / 0.1),0 1px 2px -1px rgb(0 0 0 / 0.1)',
  'shadow-md': 'box-shadow:0 4px 6px -1px rgb(0 0 0 / 0.1),0 2px 4px -2px rgb(0 0 0 / 0.1)',
  'shadow-lg': 'box-shadow:0 10px 15px -3px rgb(0 0 0 / 0.1),0 4px 6px -4px rgb(0 0 0 / 0.1)',
  'shadow-none': 'box-shadow:none',
  transition: 'transition-property:color,background-color,border-color,opacity,box-shadow,transform;transition-duration:150ms',
  'transition-colors': 'transition-property:color,background-color,border-color;transition-duration:150ms',
  'transition-opacity': 'transition-property:opacity;transition-duration:150ms',
};

const KEYWORDS: readonly [RegExp, (value: string) => string][] = [
  [/^items-(start|end|center|baseline|stretch)$/, (v) => `align-items:${v === 'start' || v === 'end' ? `flex-${v}` : v}`],
  [
    /^justify-(start|end|center|between|around|evenly)$/,
    (v) => `justify-content:${v === 'start' || v === 'end' ? `flex-${v}` : /^[bae]/.test(v) ? `space-${v}` : v}`,
  ],
  [/^self-(auto|start|end|center|stretch)$/, (v) => `align-self:${v === 'start' || v === 'end' ? `flex-${v}` : v}`],
  [/^overflow-(hidden|auto|scroll|visible)$/, (v) => `overflow:${v}`],
  [/^overflow-(x|y)-(hidden|auto|scroll|visible)$/, (v) => `overflow-${v.replace('-', ':')}`],
  [/^whitespace-(normal|nowrap|pre|pre-line|pre-wrap)$/, (v) => `white-space:${v}`],
  [/^z-(0|10|20|30|40|50|auto)$/, (v) => `z-index:${v}`],
  [/^opacity-(\d{1,3})$/, (v) => (Number(v) <= 100 ? `opacity:${Number(v) / 100}` : '')],
  [/^grid-cols-(\d{1,2})$/, (v) => (Number(v) >= 1 && Number(v) <= 12 ? `grid-template-columns:repeat(${Number(v)},minmax(0,1fr))` : '')],
  [
    /^col-span-(\d{1,2}|full)$/,
    (v) => (v === 'full' ? 'grid-column:1 / -1' : Number(v) >= 1 && Number(v) <= 12 ? `grid-column:span ${Number(v)} / span ${Number(v)}` : ''),
  ],
];

const FONT_SIZES: Readonly<Record<string, string>> = {
  xs: '0.75rem;line-height:1rem',
  sm: '0.875rem;line-height:1.25rem',
  base: '1rem;line-height:1.5rem',
  lg: '1.125rem;line-height:1.75rem',
  xl: '1.25rem;line-height:1.75rem',
  '2xl': '1.5rem;line-height:2rem',
  '3xl': '1.875rem;line-height:2.25rem',
  '4xl': '2.25rem;line-height:2.5rem',
  '5xl': '3rem;line-height:1',
  '6xl': '3.75rem;line-height:1',
};
const FONT_WEIGHTS: Readonly<Record<string, number>> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};
const LEADING: Readonly<Record<string, string>> = { none: '1', tight: '1.25', snug: '1.375', normal: '1.5', relaxed: '1.625', loose: '2' };
const TRACKING: Readonly<Record<string, string>> = { tighter: '-0.05em', tight: '-0.025em', normal: '0em', wide: '0.025em', wider: '0.05em', widest: '0.1em' };
const RADII: Readonly<Record<string, string>> = {
  '': '0.25rem',
  none: '0px',
  sm: '0.125rem',
  md: '0.375rem',
  lg: '0.5rem',
  xl: '0.75rem',
  '2xl': '1rem',
  '3xl': '1.5rem',
  full: '9999px',
};
const MAX_WIDTHS: Readonly<Record<string, string>> = {
  none: 'none',
  xs: '20rem',
  sm: '24rem',
  md: '28rem',
  lg: '32rem',
  xl: '36rem',
  '2xl': '42rem',
  '3xl': '48rem',
  '4xl': '56rem',
  '5xl': '64rem',
  '6xl': '72rem',
  '7xl': '80rem',
  full: '100%',
  prose: '65ch',
};

const SIDES: Readonly<Record<string, string[]>> = {
  '': [''],
  x: ['-left', '-right'],
  y: ['-top', '-bottom'],
  t: ['-top'],
  r: ['-right'],
  b: ['-bottom'],
  l: ['-left'],
};
const CORNERS: Readonly<Record<string, string[]>> = {
  t: ['top-left', 'top-right'],
  r: ['top-right', 'bottom-right'],
  b: ['bottom-right', 'bottom-left'],
  l: ['top-left', 'bottom-left'],
};

/** Declarations of `property` on each of `sides` (`padding-left;padding-right`). */
function sided(property: string, sides: readonly string[], value: string): string {
  return sides.map((side) => `${property}${side}:${value}`).join(';');
}

function lookup(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The CSS of utility `name`, or undefined when docsite does not know it. */
export function utility(name: string): Utility | undefined {
  const fixed = lookup(FIXED, name);
  if (fixed) return { declarations: fixed };
  for (const [pattern, css] of KEYWORDS) {
    const match = pattern.exec(name);
    if (match) return css(match.slice(1).join('-')) ? { declarations: css(match.slice(1).join('-')) } : undefined;
  }
  return spaced(name) ?? sized(name) ?? typed(name) ?? colored(name) ?? bordered(name);
}

/** Padding, margin, gaps, space between children and insets. */
function spaced(name: string): Utility | undefined {
  const box = /^(-?)([pm])([xytrbl]?)-(.+)$/.exec(name);
  if (box) {
    const [, minus, kind, side, raw] = box as unknown as [string, string, string, string, string];
    const value = raw === 'auto' && kind === 'm' && !minus ? 'auto' : spacing(raw);
    if (!value || (minus && kind === 'p')) return undefined;
    return { declarations: sided(kind === 'p' ? 'padding' : 'margin', SIDES[side]!, minus ? `-${value}` : value) };
  }
  const gap = /^gap-(?:(x|y)-)?(.+)$/.exec(name);
  if (gap) {
    const value = spacing(gap[2]!);
    return value ? { declarations: `${gap[1] === 'x' ? 'column-gap' : gap[1] === 'y' ? 'row-gap' : 'gap'}:${value}` } : undefined;
  }
  const space = /^space-(x|y)-(.+)$/.exec(name);
  if (space) {
    const value = spacing(space[2]!);
    return value ? { declarations: `margin-${space[1] === 'x' ? 'left' : 'top'}:${value}`, selector: ' > :not([hidden]) ~ :not([hidden])' } : undefined;
  }
  const inset = /^(-?)(top|right|bottom|left|inset)-(.+)$/.exec(name);
  if (inset) {
    const value = size(inset[3]!, '100%');
    if (!value) return undefined;
    const properties = inset[2] === 'inset' ? ['top', 'right', 'bottom', 'left'] : [inset[2]!];
    return { declarations: properties.map((p) => `${p}:${inset[1] ? `calc(${value} * -1)` : value}`).join(';') };
  }
  return undefined;
}

/** Width, height, size and their limits. */
function sized(name: string): Utility | undefined {
  const maxWidth = /^max-w-(.+)$/.exec(name);
  if (maxWidth) {
    const value = lookup(MAX_WIDTHS, maxWidth[1]!);
    return value ? { declarations: `max-width:${value}` } : undefined;
  }
  const box = /^(w|h|size|min-w|min-h|max-h)-(.+)$/.exec(name);
  if (!box) return undefined;
  const [, kind, raw] = box as unknown as [string, string, string];
  const value = size(raw, kind.endsWith('h') ? '100vh' : '100vw');
  if (!value) return undefined;
  const properties: Record<string, string[]> = {
    w: ['width'],
    h: ['height'],
    size: ['width', 'height'],
    'min-w': ['min-width'],
    'min-h': ['min-height'],
    'max-h': ['max-height'],
  };
  return { declarations: properties[kind]!.map((p) => `${p}:${value}`).join(';') };
}

/** Font size, weight, line height, letter spacing. */
function typed(name: string): Utility | undefined {
  const [, kind = '', value = ''] = /^(text|font|leading|tracking)-(.+)$/.exec(name) ?? [];
  if (kind === 'text' && lookup(FONT_SIZES, value)) return { declarations: `font-size:${FONT_SIZES[value]}` };
  if (kind === 'font' && Object.hasOwn(FONT_WEIGHTS, value)) return { declarations: `font-weight:${FONT_WEIGHTS[value]}` };
  if (kind === 'leading') {
    const height = lookup(LEADING, value) ?? (/^([3-9]|10)$/.test(value) ? spacing(value) : undefined);
    return height ? { declarations: `line-height:${height}` } : undefined;
  }
  if (kind === 'tracking' && lookup(TRACKING, value)) return { declarations: `letter-spacing:${TRACKING[value]}` };
  return undefined;
}

/** Text, background and border colors. */
function colored(name: string): Utility | undefined {
  const match = /^(text|bg|border)-(.+)$/.exec(name);
  const color = match && colorValue(match[2]!);
  if (!color) return undefined;
  const property = { text: 'color', bg: 'background-color', border: 'border-color' }[match[1] as 'text' | 'bg' | 'border'];
  return { declarations: `${property}:${color}` };
}

/** Border widths of all or some sides, and rounded corners. */
function bordered(name: string): Utility | undefined {
  const width = /^border(?:-([xytrbl]))?(?:-(0|2|4|8))?$/.exec(name);
  if (width)
    return {
      declarations: `${sided(
        'border',
        SIDES[width[1] ?? '']!.map((s) => `${s}-width`),
        `${width[2] ?? 1}px`,
      )};border-style:solid`,
    };
  const rounded = /^rounded(?:-([trbl]))?(?:-(none|sm|md|lg|xl|2xl|3xl|full))?$/.exec(name);
  if (!rounded) return undefined;
  const radius = RADII[rounded[2] ?? '']!;
  if (!rounded[1]) return { declarations: `border-radius:${radius}` };
  return { declarations: CORNERS[rounded[1]]!.map((corner) => `border-${corner}-radius:${radius}`).join(';') };
}
