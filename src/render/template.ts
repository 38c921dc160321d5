// The HTML templates and static assets under templates/, read once from the package.
import { readFileSync } from 'node:fs';
import { codeThemeCss } from './highlight/code-theme.js';

const TEMPLATES_DIR = new URL('../../templates/', import.meta.url);

/**
 * Static files every bundle carries under `_docsite/`: one stylesheet, the small script every page
 * loads, and the modules that script imports when needed: the search dialog's and the Ask AI
 * panel's when a reader first opens them, the anchors' when a page is opened at an anchor no
 * element has.
 */
export const TEMPLATE_ASSETS = ['docsite.css', 'docsite.js', 'docsite-search.js', 'docsite-ask.js', 'docsite-anchors.js'] as const;
/** The script that draws Mermaid diagrams, in bundles with a page that has one (see featureFiles). */
export const DIAGRAM_SCRIPT = 'diagrams.js';
export type TemplateAsset = (typeof TEMPLATE_ASSETS)[number] | typeof DIAGRAM_SCRIPT;

const cache = new Map<string, string>();

function read(name: string): string {
  let text = cache.get(name);
  if (text === undefined) cache.set(name, (text = readFileSync(new URL(name, TEMPLATES_DIR), 'utf8')));
  return text;
}

/** The text of a template, `{{slot}}` markers included. */
export function templateSource(name: string): string {
  return read(name);
}

/** The content of a static asset; the stylesheet ends with the colours of highlighted code. */
export function templateAsset(name: TemplateAsset): string {
  return name === 'docsite.css' ? read(name) + codeThemeCss() : read(name);
}

/**
 * Fills `{{slot}}` markers of a template in one pass, so `{{` inside the inserted HTML (say, in a
 * code sample) is never taken for a marker. Every value must already be HTML-safe.
 */
export function fillTemplate(name: string, slots: Readonly<Record<string, string>>): string {
  return read(name).replace(/\{\{(\w+)\}\}/g, (_marker, slot: string) => {
    const value = slots[slot];
    if (value === undefined) throw new Error(`Template ${name} has slot {{${slot}}} that nothing fills.`);
    return value;
  });
}
