// The browser assets a page loads only when its content needs them (see PageFeature): KaTeX's
// stylesheet and fonts for math; docsite's diagram script and the Mermaid library for diagrams.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { DocsConfig } from '../config/index.js';
import type { PageFeature } from '../content/index.js';
import { BUNDLE_FOLDER } from '../site/index.js';
import { isObject } from './layout/config-values.js';
import { DIAGRAM_SCRIPT, templateAsset } from './template.js';

/** A file of the bundle for a feature: text made here, or a file of an npm package copied as it is. */
export type FeatureFile = { path: string; content: string } | { path: string; copyOf: string; stamp: string };

const KATEX_FOLDER = `${BUNDLE_FOLDER}katex/`;
const KATEX_STYLESHEET = `${KATEX_FOLDER}katex.min.css`;
/** Where Mermaid's ES module build goes; docsite's diagram script imports it from beside itself. */
const MERMAID_FOLDER = `${BUNDLE_FOLDER}mermaid/`;

/**
 * The features whose assets a page loads: its own, but for docs.json `styling.latex`, which (as
 * on Mintlify) loads KaTeX's stylesheet on every page when `true` and on none when `false`.
 */
export function loadedFeatures(own: readonly PageFeature[], config: DocsConfig): PageFeature[] {
  const latex = isObject(config.styling) ? config.styling.latex : undefined;
  if (typeof latex !== 'boolean') return [...own];
  const others = own.filter((feature) => feature !== 'math');
  return latex ? ['math', ...others] : others;
}

/**
 * The `<head>` tags of a page with `features`, in the order of `features`. The diagram script is
 * `async`: a module script that is not would hold back docsite.js behind it until Mermaid loaded.
 */
export function featureHead(features: readonly PageFeature[]): ElementContent[] {
  return features.map((feature) =>
    feature === 'math'
      ? h('link', { rel: 'stylesheet', href: `/${KATEX_STYLESHEET}` })
      : h('script', { type: 'module', async: true, src: `/${BUNDLE_FOLDER}${DIAGRAM_SCRIPT}` }),
  );
}

/** Whether a bundle file (its path, in lower case) is one of the features' files: readers' browsers load them, as they do docsite.css. */
export function isFeatureAsset(file: string): boolean {
  return file.startsWith(KATEX_FOLDER) || file.startsWith(MERMAID_FOLDER) || file === `${BUNDLE_FOLDER}${DIAGRAM_SCRIPT}`;
}

/** The files a bundle needs for pages with `features`: none for features no page has. */
export function featureFiles(features: ReadonlySet<PageFeature>): FeatureFile[] {
  return [...(features.has('math') ? katexFiles() : []), ...(features.has('diagrams') ? diagramFiles() : [])];
}

/**
 * KaTeX's stylesheet and its fonts in WOFF2 only: every browser that runs docsite's pages reads
 * WOFF2, so the stylesheet's WOFF and TrueType fallbacks are dropped rather than shipped.
 */
function katexFiles(): FeatureFile[] {
  const { dir, stamp } = npmPackage('katex');
  const css = readFileSync(join(dir, 'dist/katex.min.css'), 'utf8').replace(/,url\(fonts\/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  const fonts = readdirSync(join(dir, 'dist/fonts')).filter((name) => name.endsWith('.woff2'));
  return [
    { path: KATEX_STYLESHEET, content: css },
    ...fonts.map((name) => ({ path: `${KATEX_FOLDER}fonts/${name}`, copyOf: join(dir, 'dist/fonts', name), stamp })),
  ];
}

/** docsite's diagram script, and Mermaid's minified ES module build: its entry and the chunks it loads as diagrams need them. */
function diagramFiles(): FeatureFile[] {
  const { dir, stamp } = npmPackage('mermaid');
  const chunks = 'chunks/mermaid.esm.min';
  const copy = (file: string): FeatureFile => ({ path: `${MERMAID_FOLDER}${file}`, copyOf: join(dir, 'dist', file), stamp });
  return [
    { path: `${BUNDLE_FOLDER}${DIAGRAM_SCRIPT}`, content: templateAsset(DIAGRAM_SCRIPT) },
    copy('mermaid.esm.min.mjs'),
    ...readdirSync(join(dir, 'dist', chunks))
      .filter((name) => name.endsWith('.mjs'))
      .sort()
      .map((name) => copy(`${chunks}/${name}`)),
  ];
}

/** The folder of an installed npm package, and a stamp that changes with its version. */
function npmPackage(name: string): { dir: string; stamp: string } {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: dirname(manifest), stamp: `${name}@${version}` };
}
