// Hostile docs.json shapes for the crash replay: wrong types, deep nesting, huge strings and odd page paths at every key.
import type { Random } from '../../bench/random.js';

/** One docs.json to validate: its text and what it tries. */
export interface DocsJsonShape {
  label: string;
  /** The text of docs.json (written as text: some shapes cannot be built as values and stringified). */
  text: string;
}

/** The pages of the site every shape is tried on. */
export const SHAPE_PAGES: Record<string, string> = {
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome. See [the guide](/guide).\n',
  'guide.mdx': '---\ntitle: Guide\n---\n\nThe guide.\n',
  'guides/intro.mdx': '---\ntitle: Intro\n---\n\nThe intro.\n',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'api/openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/things': { get: { summary: 'List things' } } } }),
};

/** A valid docs.json touching each part of the format the shapes then break. */
export const BASE_DOCS_JSON = {
  name: 'Shapes',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  logo: { light: '/logo.svg', dark: '/logo.svg' },
  api: { openapi: 'api/openapi.json', mdx: { server: 'https://api.example.test' } },
  redirects: [{ source: '/old/:slug*', destination: '/guides/:slug*' }],
  contextual: { options: ['copy', 'view'] },
  navigation: {
    global: { anchors: [{ anchor: 'Blog', href: 'https://example.test/blog' }] },
    tabs: [
      {
        tab: 'Docs',
        groups: [
          { group: 'Start', pages: ['index', 'guide'] },
          { group: 'Guides', root: 'guides/intro', pages: [{ group: 'More', pages: ['GET /things'] }] },
        ],
      },
    ],
  },
};

/** Page references a person might write, or an attacker would. */
export const ODD_PAGE_PATHS = [
  '/guide',
  'guide/',
  'guide.mdx',
  'guide.md',
  './guide',
  '../guide',
  './',
  '.',
  '..',
  '...',
  '',
  ' ',
  '/',
  '//guide',
  '%2e%2e/x',
  '%2e%2e%2fx',
  'guides\\intro',
  '..\\guide',
  '\\\\server\\share',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'guides/../../etc/passwd',
  'guides/./intro',
  'guide\u0000',
  '\u0000',
  'guide\n',
  '~/guide',
  'file:///etc/passwd',
  'https://example.test/guide',
  'guide#anchor',
  'guide?x=1',
  'MCP',
  '_docsite/login',
  '.well-known/mcp',
  'x'.repeat(100_000),
];

const DEPTH = 1000;

/** JSON text nested `depth` levels: arrays, objects, or navigation groups inside groups. */
export function deepJson(kind: 'array' | 'object' | 'groups', depth = DEPTH): string {
  if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'{"group":"g","pages":['.repeat(depth)}"guide"${']}'.repeat(depth)}`;
}

/** Values put in place of every value of the base: each wrong type, deep nesting, a huge string. */
const REPLACEMENTS: Record<string, string> = {
  null: 'null',
  number: '-1e308',
  boolean: 'true',
  'empty string': '""',
  'empty array': '[]',
  'empty object': '{}',
  'deep array': deepJson('array'),
  'deep object': deepJson('object'),
  'deep groups': deepJson('groups'),
  'huge string': JSON.stringify('a'.repeat(2_000_000)),
};

type JsonPath = (string | number)[];

/** Every path to a value in `value`, the root included. */
function pathsOf(value: unknown, at: JsonPath = []): JsonPath[] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [at, ...inner];
}

/** The base with the value at `path` replaced by the JSON text `replacement`. */
function replaced(path: JsonPath, replacement: string): string {
  const marker = 'REPLACED-BY-SHAPE';
  const copy = structuredClone(BASE_DOCS_JSON) as unknown;
  if (path.length === 0) return replacement;
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], copy) as Record<string | number, unknown>;
  parent[path.at(-1)!] = marker;
  return JSON.stringify(copy, null, 2).replace(`"${marker}"`, () => replacement);
}

/** Every page list and `root` of the base, where a page reference may stand. */
const PAGE_SLOTS: JsonPath[] = [
  ['navigation', 'tabs', 0, 'groups', 0, 'pages', 1],
  ['navigation', 'tabs', 0, 'groups', 1, 'root'],
  ['redirects', 0, 'destination'],
  ['redirects', 0, 'source'],
  ['navigation', 'global', 'anchors', 0, 'href'],
];

/**
 * All shapes: each replacement at each value of the base, each odd page path in each place a page
 * path stands, and `extra` random combinations of both drawn from `random`.
 */
export function docsJsonShapes(random: Random, extra: number): DocsJsonShape[] {
  const paths = pathsOf(BASE_DOCS_JSON);
  const shapes: DocsJsonShape[] = [];
  for (const path of paths)
    for (const [name, text] of Object.entries(REPLACEMENTS)) shapes.push({ label: `${name} at ${path.join('.') || 'the root'}`, text: replaced(path, text) });
  for (const slot of PAGE_SLOTS)
    for (const odd of ODD_PAGE_PATHS)
      shapes.push({ label: `${JSON.stringify(odd.slice(0, 40))} at ${slot.join('.')}`, text: replaced(slot, JSON.stringify(odd)) });
  for (let i = 0; i < extra; i++) {
    const odd = random.pick(ODD_PAGE_PATHS);
    const path = random.pick(paths);
    shapes.push({ label: `random ${i}: ${JSON.stringify(odd.slice(0, 40))} at ${path.join('.') || 'the root'}`, text: replaced(path, JSON.stringify(odd)) });
  }
  return shapes;
}
