// The colours of highlighted code: GitHub's light and dark themes, written as classes so that
// one tokenization serves both and the reader's light/dark mode recolours code without a render.
import type { ThemeRegistration } from 'shiki/core';
import githubDark from 'shiki/themes/github-dark-default.mjs';
import githubLight from 'shiki/themes/github-light-default.mjs';

/**
 * The theme code is tokenized with. Its dark twin has the same rules in the same order, only
 * other colours, so each light colour stands for one dark colour (codeThemeCss checks it): a
 * token's light colour names its class, and the class draws both.
 */
export const CODE_THEME: ThemeRegistration = githubLight;
const DARK_TWIN: ThemeRegistration = githubDark;

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

/** Each foreground of the light theme (but its default text colour, which tokens inherit) with its class and dark twin. */
function tokenColours(): Map<string, TokenColour> {
  const colours = new Map<string, TokenColour>();
  const defaultText = CODE_THEME.colors?.['editor.foreground']?.toLowerCase();
  const darkDefaultText = DARK_TWIN.colors?.['editor.foreground']?.toLowerCase();
  const light = CODE_THEME.tokenColors ?? [];
  const dark = DARK_TWIN.tokenColors ?? [];
  for (const [i, rule] of light.entries()) {
    const twin = dark[i];
    const lightColour = rule.settings.foreground?.toLowerCase();
    const darkColour = twin?.settings.foreground?.toLowerCase();
    const known = lightColour === undefined ? undefined : colours.get(lightColour);
    const sameRule = JSON.stringify(twin?.scope) === JSON.stringify(rule.scope) && twin?.settings.fontStyle === rule.settings.fontStyle;
    const twinColour = lightColour === defaultText ? darkDefaultText : known?.dark;
    if (!sameRule || (lightColour !== undefined) !== (darkColour !== undefined) || (twinColour !== undefined && twinColour !== darkColour)) {
      throw new Error(`Code themes ${CODE_THEME.name} and ${DARK_TWIN.name} are not twins at rule ${i}: a light colour must stand for one dark colour.`);
    }
    if (lightColour && darkColour && !known && lightColour !== defaultText) {
      colours.set(lightColour, { className: `t${colours.size}`, light: lightColour, dark: darkColour });
    }
  }
  return colours;
}

let colours: Map<string, TokenColour> | undefined;

/** The classes that draw a token of CODE_THEME's `color` (as Shiki gives it) and font style bits, in both themes. */
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
  const rules = [...colours.values()].map(({ className, light, dark }) => `.code-block .${className} { color: light-dark(${light}, ${dark}); }`);
  for (const [, className, style] of FONT_STYLE_CLASSES) rules.push(`.code-block .${className} { ${style}; }`);
  return `/* Highlighted code: ${CODE_THEME.name} and ${DARK_TWIN.name} (see code-theme.ts). */\n${rules.join('\n')}\n`;
}
