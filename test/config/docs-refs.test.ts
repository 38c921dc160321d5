// docs.json split with `$ref`: parts read from other files of the docs folder, problems reported where they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsConfig } from '../../src/config/index.js';
import { writeSite } from '../helpers/site.js';

/** Parses the docs.json of a folder written from `files`, reading `$ref`s from that folder. */
function parseSite(files: Record<string, string>) {
  const root = writeSite(files);
  return parseDocsConfig(readFileSync(join(root, 'docs.json'), 'utf8'), (path) => readFileSync(join(root, path)));
}

const where = (d: { file: string; line: number; code: string; severity: string }) => `${d.file}:${d.line} ${d.severity} ${d.code}`;

describe('docs.json $ref', () => {
  it('replaces a $ref with the file it names, anywhere, nested refs relative to the file holding them', () => {
    const result = parseSite({
      'docs.json':
        '{\n  "name": "X",\n  "navigation": {"languages": [\n    {"language": "en", "pages": ["a"]},\n    {"$ref": "./es.json"}\n  ]},\n  "redirects": {"$ref": "./config/redirects.json"}\n}\n',
      'es.json': '{\n  "language": "es",\n  "groups": [{"$ref": "nav/group.json"}]\n}\n',
      'nav/group.json': '{"group": "Guías", "pages": ["es/a"]}',
      'config/redirects.json': '[{"source": "/old", "destination": "/a"}]',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.navigation.languages?.[1]).toEqual({ language: 'es', groups: [{ group: 'Guías', pages: ['es/a'] }] });
    expect(result.config?.redirects).toEqual([{ source: '/old', destination: '/a' }]);
  });

  it('merges the keys written beside a $ref over the object it names', () => {
    const result = parseSite({
      'docs.json': '{"name": "X", "navigation": {"pages": ["a"]}, "appearance": {"$ref": "appearance.json", "strict": true}}',
      'appearance.json': '{"default": "dark", "strict": false}',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.appearance).toEqual({ default: 'dark', strict: true });
  });

  it('reports a problem inside a referenced file at that file and line', () => {
    const result = parseSite({
      'docs.json': '{\n  "name": "X",\n  "navigation": {"languages": [{"$ref": "es.json"}]}\n}\n',
      'es.json': '{\n  "language": "es",\n  "pages": ["a"],\n  "oddKey": 1,\n  "hidden": "yes"\n}\n',
    });
    expect(result.diagnostics.map(where)).toEqual(['es.json:4 warning config/unknown-key', 'es.json:5 error config/schema']);
    expect(result.locator.locate(['navigation', 'languages', 0, 'pages', 0], 'value')).toEqual({ file: 'es.json', line: 3, column: 13 });
  });

  it("diagnoses a missing file, invalid JSON and a way out of the docs folder at the $ref's file and line", () => {
    const result = parseSite({
      'docs.json':
        '{\n  "name": "X",\n  "navigation": {"pages": ["a"], "languages": [\n    {"$ref": "missing.json"},\n    {"$ref": "parts/bad.json"}\n  ]},\n  "redirects": {"$ref": "../outside.json"}\n}\n',
      'parts/bad.json': '{"language": "es",}',
    });
    expect(result.diagnostics.map(where)).toEqual([
      'docs.json:4 error config/ref-unreadable',
      'docs.json:5 error config/ref-invalid',
      'docs.json:7 error config/ref-unreadable',
    ]);
    expect(result.diagnostics[1]!.message).toContain('parts/bad.json');
    // What could be read is still used.
    expect(result.config?.navigation.pages).toEqual(['a']);
  });

  it('diagnoses a cycle at the $ref that closes it', () => {
    const result = parseSite({
      'docs.json': '{\n  "name": "X",\n  "navigation": {"$ref": "nav.json"}\n}\n',
      'nav.json': '{\n  "pages": ["a"],\n  "groups": [{"$ref": "./group.json"}]\n}\n',
      'group.json': '{\n  "group": "G",\n  "pages": [{"$ref": "nav.json"}]\n}\n',
    });
    expect(result.diagnostics.map(where)).toEqual(['group.json:3 error config/ref-cycle']);
    expect(result.diagnostics[0]!.message).toContain('docs.json → nav.json → group.json → nav.json');
  });

  it('stops taking in a part named so many times that its copies would fill the memory', () => {
    const big = JSON.stringify({ text: 'x'.repeat(4 * 1024 * 1024) });
    const refs = Array.from({ length: 100 }, () => '{"$ref": "big.json"}').join(', ');
    const result = parseSite({ 'docs.json': `{"name": "X", "navigation": {"pages": ["a"]}, "x": [${refs}]}`, 'big.json': big });
    expect(result.diagnostics.filter((d) => d.code === 'config/ref-invalid').length).toBeGreaterThan(0);
    expect(result.diagnostics[0]!.message).toContain('MB of JSON');
  });

  it('reads no $ref without a reader', () => {
    const result = parseDocsConfig('{"name": "X", "navigation": {"pages": ["a"]}, "redirects": {"$ref": "r.json"}}');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['config/ref-unreadable']);
  });
});
