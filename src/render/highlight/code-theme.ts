// The colours of highlighted code: GitHub's light and dark themes, written as classes so that
// one tokenization serves both and the reader's light/dark mode recolours code without a render.
import type { ThemeRegistration } from 'shiki/core';
import githubDark from 'shiki/themes/github-dark-default.mjs';
import githubLight from 'shiki/themes/github-light-default.mjs';

/**
 * The theme code is tokenized with. Its dark twin has the same rules in the same order, only
 * other colours, so each light colour stands for one dark colour (tokenColours checks it): a
 * token's light colours name its class, and the class draws both.
 */
export const CODE_THEME: ThemeRegistration = githubLight;
const DARK_TWIN: ThemeRegistration = githubDark;

/**
 * Light colours drawn darker than the theme has them, for contrast on the site's code background
 * (#f3f4f6): GitHub's comment grey reads at 4.1:1 there, under WCAG AA's 4.5:1; Primer's newer
 * muted grey (the site's --fg-soft) reads at 5.6:1.
 */
const LIGHT_CONTRAST: Readonly<Record<string, string>> = { '#6e7781': '#59636e' };

/** Shiki's font style bits and the class each puts on a token (the same in both themes). */
const FONT_STYLE_CLASSES = [
  [1, 'ti', 'font-style: italic'],
  [2, 'tb', 'font-weight: 600'],
  [4, 'tu', 'text-decoration: underline'],
  [8, 'tx', 'text-decoration: line-through'],
] as const;

interface TokenColour {
  className: string;
  light: string;
  dark: string;
}

/**
 * Each text colour of the light theme's rules, with its class and its dark twin (backgrounds are
 * not drawn: Shiki's tokens have none). The default text colour has no class: tokens in it inherit
 * the page's text colour.
 */
function tokenColours(): Map<string, TokenColour> {
  const colours = new Map<string, TokenColour>();
  const defaultText = CODE_THEME.colors?.['editor.foreground']?.toLowerCase();
  const darkDefaultText = DARK_TWIN.colors?.['editor.foreground']?.toLowerCase();
  const darkRules = DARK_TWIN.tokenColors ?? [];
  for (const [i, rule] of (CODE_THEME.tokenColors ?? []).entries()) {
    const light = rule.settings.foreground?.toLowerCase();
    const dark = darkRules[i]?.settings.foreground?.toLowerCase();
    const known = light === defaultText ? darkDefaultText : light === undefined ? undefined : colours.get(light)?.dark;
    const twins =
      JSON.stringify(darkRules[i]?.scope) === JSON.stringify(rule.scope) &&
      darkRules[i]?.settings.fontStyle === rule.settings.fontStyle &&
      (light === undefined) === (dark === undefined) &&
      (known === undefined || known === dark);
    if (!twins)
      throw new Error(`Code themes ${CODE_THEME.name} and ${DARK_TWIN.name} are not twins at rule ${i}: a light colour must stand for one dark colour.`);
    if (light && dark && known === undefined) colours.set(light, { className: `t${colours.size}`, light, dark });
  }
  return colours;
}

let colours: Map<string, TokenColour> | undefined;

/** The classes that draw a token of CODE_THEME's colour (as Shiki gives it) and font style bits, in both themes. */
export function tokenClasses(color: string | undefined, fontStyle = 0): string[] {
  colours ??= tokenColours();
  const colour = color === undefined ? undefined : colours.get(color.toLowerCase());
  const classes = colour ? [colour.className] : [];
  for (const [bit, className] of FONT_STYLE_CLASSES) if (fontStyle & bit) classes.push(className);
  return classes;
}

/**
 * The stylesheet rules of the token classes. `light-dark()` follows the page's color-scheme, which
 * the site's stylesheet sets from the reader's setting or docs.json's appearance; where a browser
 * lacks it, code is drawn in the text colour.
 */
export function codeThemeCss(): string {
  colours ??= tokenColours();
  const rules = [...colours.values()].map(
    ({ className, light, dark }) => `.code-block .${className} { color: light-dark(${LIGHT_CONTRAST[light] ?? light}, ${dark}); }`,
  );
  for (const [, className, style] of FONT_STYLE_CLASSES) rules.push(`.code-block .${className} { ${style}; }`);
  return `/* Highlighted code: ${CODE_THEME.name} and ${DARK_TWIN.name} (see code-theme.ts). */\n${rules.join('\n')}\n`;
}
