// What an icon is once looked up: the SVG shapes a page draws, independent of the library they came from.

/** The icon libraries docs.json `icons.library` names; Tabler icons are looked up among Lucide's (the same outline style, mostly the same names). */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** One SVG element of an icon: its tag (`path`, `circle`, …) and its geometry attributes as SVG spells them (`d`, `cx`). */
export interface IconShape {
  tag: 'path' | 'circle' | 'ellipse' | 'line' | 'polygon' | 'polyline' | 'rect';
  attributes: Record<string, string>;
}

/** An icon's drawing: filled (Font Awesome) or stroked (Lucide) in the current text colour. */
export interface IconGlyph {
  viewBox: string;
  paint: 'fill' | 'stroke';
  shapes: IconShape[];
}

/** An icon as a page, a frontmatter or docs.json asks for it. */
export interface IconRequest {
  /** The name as written: `house`, `fa-house`, `circle-info`. */
  name: string;
  /** Font Awesome style (`iconType`, or `style` of a docs.json icon object): `regular`, `solid`, `brands`, … */
  style?: string | undefined;
  /** The library of this icon; the site's (docs.json `icons.library`) when absent. */
  library?: IconLibrary | undefined;
}

/** The shape tags an icon may have; the page sanitizer lets exactly these through inside an `<svg>`. */
export const ICON_SHAPE_TAGS: readonly IconShape['tag'][] = ['path', 'circle', 'ellipse', 'line', 'polygon', 'polyline', 'rect'];

/** What an unknown name draws: a neutral rounded square outline, so the layout keeps its place and nothing pretends to mean something. */
export const FALLBACK_GLYPH: IconGlyph = {
  viewBox: '0 0 24 24',
  paint: 'stroke',
  shapes: [{ tag: 'rect', attributes: { x: '5', y: '5', width: '14', height: '14', rx: '3' } }],
};
