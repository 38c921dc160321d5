// docs.json `variables`: `{{name}}` in pages and snippets becomes its value at build time, as on
// Mintlify; names docs.json does not define, and JSX object props, stay as written.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { fillVariables } from '../../src/content/index.js';
import { page, writeSite } from '../helpers/site.js';

describe('fillVariables', () => {
  it('fills defined names, with or without spaces, and leaves the rest as written', () => {
    const variables = { product: 'Acme Cloud', 'api-version': 'v2' };
    expect(fillVariables('Use {{product}} {{ api-version }}, not {{other}}.', variables)).toBe('Use Acme Cloud v2, not {{other}}.');
    expect(fillVariables('<div style={{ color: "red" }} />', variables)).toBe('<div style={{ color: "red" }} />');
    expect(fillVariables('{{product}}', undefined)).toBe('{{product}}');
  });
});

describe('a site with docs.json variables', () => {
  it('shows the values in the page, its title, its snippets and its Markdown, and rebuilds when a value changes', async () => {
    const dir = writeSite({
      'docs.json': { name: 'Vars', variables: { product: 'Acme Cloud', version: '2.4' }, navigation: { pages: ['index'] } },
      'index.mdx': page({ title: 'Install {{product}}' }, 'Install {{ version }} of {{product}}.\n\nimport Note from "/snippets/note.mdx"\n\n<Note />'),
      'snippets/note.mdx': 'The snippet names {{product}}.\n',
    });
    const out = mkdtempSync(join(tmpdir(), 'docsite-variables-'));
    const first = await build(dir, { out, jobs: 1 });
    expect(first.errors).toEqual([]);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<title>Install Acme Cloud');
    expect(html).toContain('Install 2.4 of Acme Cloud.');
    expect(html).toContain('The snippet names Acme Cloud.');
    expect(html).not.toContain('{{');
    expect(readFileSync(join(out, 'index.md'), 'utf8')).toContain('Install 2.4 of Acme Cloud.');

    const config = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8')) as { variables: Record<string, string> };
    config.variables.version = '3.0';
    writeFileSync(join(dir, 'docs.json'), JSON.stringify(config));
    await build(dir, { out, jobs: 1 });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Install 3.0 of Acme Cloud.');
  });

  it('rebuilds a page that places no snippet when a value it shows changes', async () => {
    const dir = writeSite({
      'docs.json': { name: 'Vars', variables: { version: '1.0' }, navigation: { pages: ['index'] } },
      'index.mdx': page({ title: 'Home' }, 'Version {{version}}.'),
    });
    const out = mkdtempSync(join(tmpdir(), 'docsite-variables-'));
    await build(dir, { out, jobs: 1 });
    writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Vars', variables: { version: '2.0' }, navigation: { pages: ['index'] } }));
    await build(dir, { out, jobs: 1 });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Version 2.0.');
  });
});
