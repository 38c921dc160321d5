// `docsite analytics import|export` end to end: validation with file:line, all-or-nothing, formats, the endpoint's ranges.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine } from '../api/engines.js';
import { runCli } from '../helpers/cli.js';
import { writeSite } from '../helpers/site.js';
import { stateArgs } from './cli-state.js';

const CONVERSATIONS = [
  {
    id: '01JH0000000000000000000001',
    timestamp: '2025-01-10T00:00:00.000Z',
    query: 'How do I "void", an invoice?\nQuickly.',
    response: 'Use void.',
    sources: [{ title: 'Void an invoice', url: 'https://docs.acme.test/api-reference/invoices/void' }],
    queryCategory: 'API reference',
    pageUrl: 'https://docs.acme.test/quickstart',
    resolutionStatus: 'answered',
  },
  {
    id: '01JH0000000000000000000002',
    timestamp: '2025-01-10T23:59:59.999Z',
    query: '=1+1',
    response: 'No idea.',
    sources: [],
    queryCategory: null,
    pageUrl: null,
    resolutionStatus: 'unanswered',
  },
  {
    id: '01JH0000000000000000000003',
    timestamp: '2025-01-11T00:00:00.000Z',
    query: 'webhooks',
    response: 'See webhooks.',
    sources: [{ title: 'Webhooks', url: 'https://docs.acme.test/guides/webhooks' }],
    queryCategory: 'Guides',
    pageUrl: null,
    resolutionStatus: 'answered',
  },
];

function jsonl(rows: readonly unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'docsite-jsonl-')), 'conversations.jsonl');
  writeFileSync(file, `${rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n')}\n`);
  return file;
}

/** Parsed JSON Lines. */
const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('docsite analytics: usage', () => {
  it('has help for every subcommand', () => {
    for (const args of [
      ['analytics', '--help'],
      ['analytics', 'import', '--help'],
      ['analytics', 'export', '--help'],
    ]) {
      const result = runCli(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toContain('Usage: docsite analytics');
    }
  });

  it('refuses bad input with a clear message and exit code 2', () => {
    const site = writeSite({ 'docs.json': { name: 'My Docs', navigation: { pages: ['index'] } } });
    const cases: [string[], RegExp][] = [
      [['analytics', 'export', site, '--format', 'xml'], /Allowed choices are jsonl, csv/],
      [
        ['analytics', 'export', site, '--from', 'last week'],
        /--from must be an ISO 8601 date or date-time, UTC unless it has an offset \(e\.g\. 2025-01-31, 20250131, /,
      ],
      [['analytics', 'export', site, '--from', '2025-02-01', '--to', '2025-01-01'], /--from \(2025-02-01T00:00:00.000Z\) is after --to/],
      [['analytics', 'import', join(site, 'missing.jsonl'), site], /ENOENT/],
      [['analytics', 'export', mkdtempSync(join(tmpdir(), 'docsite-empty-'))], /neither docs.json nor a built bundle[\s\S]*--project/],
      [['analytics', 'export', site, '--project', ''], /expected a project id/],
    ];
    for (const [args, message] of cases) {
      const result = runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});

forEachEngine('docsite analytics import and export', (target) => {
  let state: string[];
  let site: string;
  beforeAll(async () => {
    state = await stateArgs(await target.fresh());
    site = writeSite({ 'docs.json': { name: 'My Docs', navigation: { pages: ['index'] } } });
  });
  afterAll(() => target.dispose());
  const cli = (args: string[]) => runCli([...args, ...state]);

  it('imports a valid file into the docs folder’s project and exports it newest first', () => {
    const imported = cli(['analytics', 'import', jsonl(CONVERSATIONS), site]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toBe('Imported 3 conversations into project my-docs.\n');
    expect(imported.code).toBe(0);
    const exported = cli(['analytics', 'export', site]);
    expect(exported.code).toBe(0);
    expect(lines(exported.stdout)).toEqual([...CONVERSATIONS].reverse());
    expect(exported.stderr).toBe('Exported 3 conversations of project my-docs.\n');
  });

  it('checks every line first and imports nothing when one is bad, naming file and line', () => {
    const file = jsonl([
      { ...CONVERSATIONS[0], id: '01JH0000000000000000000009' },
      '{oops',
      { ...CONVERSATIONS[0], id: '01JH000000000000000000000A', resolutionStatus: 'maybe' },
    ]);
    const result = cli(['analytics', 'import', file, site]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:2: not valid JSON`);
    expect(result.stderr).toContain(`${file}:3: resolutionStatus must be one of answered, unanswered`);
    expect(result.stderr).toContain('Nothing was imported: 2 invalid lines.');
    expect(lines(cli(['analytics', 'export', site]).stdout)).toHaveLength(3);
  });

  it('imports nothing when an id is already stored', () => {
    const result = cli(['analytics', 'import', jsonl([{ ...CONVERSATIONS[0], id: '01JH000000000000000000000B' }, CONVERSATIONS[1]]), site]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already stored; nothing was imported/);
    expect(lines(cli(['analytics', 'export', site]).stdout)).toHaveLength(3);
  });

  it('exports the endpoint’s ranges: --from inclusive, --to exclusive', () => {
    const ids = (args: string[]) => lines(cli(['analytics', 'export', site, ...args]).stdout).map((c: { id: string }) => c.id.slice(-1));
    expect(ids(['--from', '2025-01-11'])).toEqual(['3']);
    expect(ids(['--to', '2025-01-11'])).toEqual(['2', '1']);
    expect(ids(['--from', '2025-01-10T23:59:59.999Z', '--to', '2025-01-11T00:00:00.001Z'])).toEqual(['3', '2']);
  });

  it('writes CSV with a header, quoted fields and formula-safe cells to --out', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'docsite-csv-')), 'export.csv');
    const result = cli(['analytics', 'export', site, '--format', 'csv', '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Exported 3 conversations of project my-docs to ${out}.\n`);
    const csv = readFileSync(out, 'utf8');
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('id,timestamp,query,response,sources,queryCategory,pageUrl,resolutionStatus');
    expect(rows[1]).toBe(
      '01JH0000000000000000000003,2025-01-11T00:00:00.000Z,webhooks,See webhooks.,"[{""title"":""Webhooks"",""url"":""https://docs.acme.test/guides/webhooks""}]",Guides,,answered',
    );
    expect(rows[2]).toBe("01JH0000000000000000000002,2025-01-10T23:59:59.999Z,'=1+1,No idea.,[],,,unanswered");
    expect(csv).toContain('"How do I ""void"", an invoice?\nQuickly."');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('uses the projectId of docsite.config.json, as serve does', () => {
    const configured = writeSite({ 'docs.json': { name: 'My Docs', navigation: { pages: ['index'] } }, 'docsite.config.json': { projectId: 'acme-prod' } });
    const result = cli(['analytics', 'export', configured]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Exported 0 conversations of project acme-prod.\n');
  });

  it('round-trips through --project: an export imports into another project unchanged', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'docsite-jsonl-')), 'export.jsonl');
    expect(cli(['analytics', 'export', site, '--out', out]).code).toBe(0);
    const copied = cli(['analytics', 'import', out, site, '--project', 'copy']);
    expect(copied.stdout).toBe('Imported 3 conversations into project copy.\n');
    expect(cli(['analytics', 'export', site, '--project', 'copy']).stdout).toBe(readFileSync(out, 'utf8'));
  });
});
