// The stylesheet of the Tailwind classes a page's own HTML uses: one rule per class docsite knows,
// under `.prose` so that it wins over docsite's styles of the page body (`.prose h3`), responsive
// variants in Tailwind's breakpoints, `dark:` as docsite.css marks dark mode.
import { utility } from './utilities.js';

const BREAKPOINTS: Readonly<Record<string, number>> = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 };
const STATES: Readonly<Record<string, string>> = { hover: ':hover', focus: ':focus', active: ':active' };

/** A class name as a CSS selector: Tailwind's `:`, `/` and `.` escaped (the names reaching here hold nothing else). */
function classSelector(name: string): string {
  return `.${name.replace(/[:/.]/g, '\\$&')}`;
}

/** The rule of one class, its media query apart, or undefined when a variant or the utility is unknown. */
function rule(name: string): { media?: number; css: string } | undefined {
  if (!/^[a-z0-9:/.-]+$/.test(name)) return undefined;
  const parts = name.split(':');
  const found = utility(parts.pop()!);
  if (!found) return undefined;
  let media: number | undefined;
  let dark = false;
  let state = '';
  let group = '';
  for (const variant of parts) {
    if (Object.hasOwn(BREAKPOINTS, variant) && media === undefined) media = BREAKPOINTS[variant];
    else if (variant === 'dark') dark = true;
    else if (Object.hasOwn(STATES, variant)) state += STATES[variant];
    else if (variant === 'group-hover') group = '.group:hover ';
    else return undefined;
  }
  const target = `.prose ${group}${classSelector(name)}${state}${found.selector ?? ''}{${found.declarations}}`;
  const css = dark ? `:root.dark ${target}@media (prefers-color-scheme:dark){:root:not([data-appearance="light"]) ${target}}` : target;
  return { media, css };
}

/** The CSS for `classes` (duplicates and unknown ones left out), in Tailwind's order: plain rules, then each breakpoint's. */
export function tailwindStylesheet(classes: Iterable<string>): string {
  const plain: string[] = [];
  const byWidth = new Map<number, string[]>();
  for (const name of new Set(classes)) {
    const found = rule(name);
    if (!found) continue;
    if (found.media === undefined) plain.push(found.css);
    else byWidth.set(found.media, [...(byWidth.get(found.media) ?? []), found.css]);
  }
  const queries = [...byWidth.entries()].sort(([a], [b]) => a - b).map(([width, css]) => `@media (min-width:${width}px){${css.join('')}}`);
  return [...plain, ...queries].join('');
}
