// Parses and validates the YAML frontmatter of a page, with positions in the page file.
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { diagnostic, type Diagnostic, type Position } from '../diagnostics/index.js';
import { schemaDiagnostics, type SourceLocator } from './schema-diagnostics.js';
import { schemaValidator } from './schemas.js';
import type { Frontmatter } from './types.js';

export interface FrontmatterResult {
  data: Frontmatter;
  /** Where each top-level key's value starts, for diagnostics raised by later checks. */
  positions: Record<string, Position>;
  diagnostics: Diagnostic[];
}

/** What a YAML block is checked against, and the codes its problems get. */
const KINDS = {
  frontmatter: { schema: 'frontmatter', yaml: 'frontmatter/invalid-yaml', codes: { schema: 'frontmatter/schema', unknownKey: 'frontmatter/unknown-key' } },
  skill: { schema: 'skill', yaml: 'skill/invalid', codes: { schema: 'skill/invalid', unknownKey: 'skill/invalid' } },
} as const;

/**
 * Parses frontmatter YAML that starts on line `firstLine` of `file`, checked as page frontmatter
 * or as a skill file's. Invalid frontmatter yields `{}` (the page still gets checked) plus diagnostics.
 */
export function parseFrontmatter(yamlText: string, file: string, firstLine: number, kind: keyof typeof KINDS = 'frontmatter'): FrontmatterResult {
  const { schema, yaml: yamlCode, codes } = KINDS[kind];
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const shift = (p: { line: number; col: number }): Position => ({ line: p.line + firstLine - 1, column: p.col });
  if (doc.errors.length > 0) {
    const diagnostics = doc.errors.map((error) =>
      diagnostic(
        yamlCode,
        file,
        error.linePos ? shift(error.linePos[0]) : { line: firstLine, column: 1 },
        `Frontmatter is not valid YAML: ${firstSentence(error.message)}`,
      ),
    );
    return { data: {}, positions: {}, diagnostics };
  }
  const data: unknown = doc.toJS() ?? {};
  const locator: SourceLocator = {
    locate(path, part) {
      const node = nodeAt(doc.contents, path, part);
      const offset = node?.range?.[0] ?? 0;
      return shift(lineCounter.linePos(offset));
    },
  };
  const positions: Record<string, Position> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const node = (pair.value ?? pair.key) as YamlNode | null;
      if (isScalar(pair.key) && node?.range) positions[String(pair.key.value)] = shift(lineCounter.linePos(node.range[0]));
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      data: {},
      positions,
      diagnostics: [diagnostic(codes.schema, file, shift({ line: 1, col: 1 }), 'Frontmatter must be a mapping of keys to values.')],
    };
  }
  const validate = schemaValidator(schema);
  if (validate(data)) return { data: data as Frontmatter, positions, diagnostics: [] };
  const diagnostics = schemaDiagnostics(validate.errors, file, locator, codes, validate.schema);
  // Keep only the valid keys, so one bad value does not hide the rest of the page's settings.
  const invalidKeys = new Set((validate.errors ?? []).filter((e) => e.instancePath).map((e) => e.instancePath.split('/')[1]));
  const clean = Object.fromEntries(Object.entries(data).filter(([key]) => !invalidKeys.has(key)));
  return { data: clean as Frontmatter, positions, diagnostics };
}

/** The YAML node at a JS path; the key node when `part` is 'key'; the nearest ancestor if missing. */
function nodeAt(root: unknown, path: readonly (string | number)[], part: 'key' | 'value'): YamlNode | undefined {
  let node = root as YamlNode | undefined;
  for (let i = 0; i < path.length; i++) {
    if (!isMap(node) && !(node && 'items' in node)) return node;
    const items = (node as { items: unknown[] }).items;
    const segment = path[i];
    const next = isMap(node) ? node.items.find((pair) => isPair(pair) && isScalar(pair.key) && pair.key.value === segment) : items[segment as number];
    if (!next) return node;
    if (isPair(next)) {
      if (part === 'key' && i === path.length - 1) return next.key as YamlNode;
      node = (next.value ?? next.key) as YamlNode;
    } else node = next as YamlNode;
  }
  return node;
}

function firstSentence(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim();
}
