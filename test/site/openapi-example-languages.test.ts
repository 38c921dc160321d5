// api.examples: every language Mintlify lists (by key or alias), autogenerate: false, and literals that survive hostile values.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsConfig } from '../../src/config/index.js';
import { EXAMPLE_LANGUAGES } from '../../src/site/example-languages.js';
import type { OpenApiDocument } from '../../src/site/openapi.js';
import { operationExamples } from '../../src/site/openapi-examples.js';

const HOSTILE = `it's "quoted" \\ $HOME #{x} \${y} ?? \n\t\u0001 end`;

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        parameters: [{ name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', example: HOSTILE } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string', example: HOSTILE } } } } } },
        responses: {},
      },
    },
    '/sampled': {
      get: { 'x-codeSamples': [{ lang: 'go', label: 'Go SDK', source: 'client.List()' }], responses: {} },
    },
  },
} as unknown as OpenApiDocument;

function examples(languages: unknown, extra: Record<string, unknown> = {}): string {
  return operationExamples(SPEC, 'POST', '/notes', { url: 'https://api.test/notes', auth: { method: 'bearer' }, settings: { languages, ...extra } });
}

/** The code of the tab titled `label`. */
function codeOf(mdx: string, label: string): string {
  const match = new RegExp(`\`{3,}\\S+ ${label.replace(/[.+#]/g, '\\$&')}\\n([\\s\\S]*?)\\n\`{3,}`).exec(mdx);
  if (!match) throw new Error(`no ${label} tab in:\n${mdx}`);
  return match[1]!;
}

describe('api.examples.languages', () => {
  it('writes a request example in every language Mintlify lists, named by key or by any alias', () => {
    for (const [key, language] of Object.entries(EXAMPLE_LANGUAGES)) {
      for (const name of [key, ...language.aliases]) {
        const code = codeOf(examples([name]), language.label);
        expect(code, `${name}`).toContain('api.test/notes');
        expect(code, `${name}`).toContain('Bearer <token>');
        expect(code, `${name}`).toMatch(/POST|Post/);
      }
    }
  });

  it('keeps the order asked, once each, and falls back to cURL, Python and JavaScript when no name is known', () => {
    const mdx = examples(['Golang', 'rb', 'go', 'cobol']);
    expect([...mdx.matchAll(/^`{3,}\S+ (.+)$/gm)].map((m) => m[1])).toEqual(['Go', 'Ruby']);
    expect([...examples(['cobol']).matchAll(/^`{3,}\S+ (.+)$/gm)].map((m) => m[1])).toEqual(['cURL', 'Python', 'JavaScript']);
  });

  it('writes values with quotes, backslashes and interpolation characters as literals Python and JavaScript read back unchanged', () => {
    const folder = mkdtempSync(join(tmpdir(), 'examples-'));
    const python = codeOf(examples(['python']), 'Python')
      .replace('import requests', 'import json')
      .replace(/response = [\s\S]*/, 'print(json.dumps([payload["text"], headers["X-Trace"]]))');
    writeFileSync(join(folder, 'example.py'), python);
    expect(JSON.parse(execFileSync('python3', [join(folder, 'example.py')], { encoding: 'utf8' }))).toEqual([HOSTILE, HOSTILE]);
    const javascript = codeOf(examples(['js']), 'JavaScript').replace(
      /fetch\([\s\S]*/,
      'console.log(JSON.stringify([JSON.parse(options.body).text, options.headers["X-Trace"]]));',
    );
    expect(JSON.parse(execFileSync('node', ['-e', javascript], { encoding: 'utf8' }))).toEqual([HOSTILE, HOSTILE]);
  });

  it('escapes what starts interpolation in Kotlin, Dart, PHP and Ruby strings', () => {
    expect(codeOf(examples(['kotlin']), 'Kotlin')).toContain('\\$HOME');
    expect(codeOf(examples(['dart']), 'Dart')).toContain('\\$' + '{y}');
    expect(codeOf(examples(['php']), 'PHP')).toContain('\\$HOME');
    expect(codeOf(examples(['ruby']), 'Ruby')).toContain('\\#{x}');
    expect(codeOf(examples(['rust']), 'Rust')).toContain('\\u{1}');
    expect(codeOf(examples(['c']), 'C')).toContain('\\001');
  });

  it('schema lists exactly the names docsite writes examples for', () => {
    const schema = JSON.parse(readFileSync('schemas/docs.schema.json', 'utf8'));
    const names = Object.entries(EXAMPLE_LANGUAGES).flatMap(([key, language]) => [key, ...language.aliases]);
    expect(schema.$defs.api.properties.examples.properties.languages.items.enum).toEqual(names);
  });

  it('warns of a language name Mintlify does not list, and keeps the known ones', () => {
    const text = JSON.stringify({ name: 'X', navigation: { pages: ['a'] }, api: { examples: { languages: ['curl', 'cobol', '.NET', 'c#'] } } }, null, 2);
    const result = parseDocsConfig(text);
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([['config/unknown-value', 'warning']]);
    expect(result.diagnostics[0]!.message).toContain('"cobol"');
    expect(result.config?.api?.examples).toEqual({ languages: ['curl', '.NET', 'c#'] });
  });
});

describe('api.examples.autogenerate', () => {
  it('false: no request example is generated, but the spec x-codeSamples are shown', () => {
    expect(examples(['curl'], { autogenerate: false })).not.toContain('<RequestExample>');
    const sampled = operationExamples(SPEC, 'GET', '/sampled', { url: 'https://api.test/sampled', settings: { autogenerate: false } });
    expect(sampled).toContain('```go Go SDK\nclient.List()\n```');
  });
});
