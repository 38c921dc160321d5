// The parse pool reads pages ahead of its worker threads; results must be what reading in the worker gave.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadAhead } from '../../src/content/read-ahead.js';
import { parsePage, type ParsedPage, type PoolJob } from '../../src/content/index.js';
import { importDist } from '../helpers/dist.js';
import { writeSite } from '../helpers/site.js';

const PAGES = 130; // above the pool's threshold for starting workers
const fromDist = (): Promise<typeof import('../../src/content/index.js')> => importDist('content/index.js');

function pagesSite(): { root: string; files: string[] } {
  const entries: Record<string, string> = { 'docs.json': '{}' };
  for (let i = 0; i < PAGES; i++) entries[`p${String(i).padStart(3, '0')}.mdx`] = `---\ntitle: Page ${i}\n---\n\n# Heading ${i}\n\nText of page ${i}.\n`;
  return { root: writeSite(entries), files: Object.keys(entries).filter((f) => f.endsWith('.mdx')) };
}

describe('ReadAhead', () => {
  it('gives each file its text in order, and undefined for a file it cannot read or that is not UTF-8', async () => {
    const { root, files } = pagesSite();
    writeFileSync(join(root, 'latin1.mdx'), Buffer.from('Caf\xe9\n', 'latin1'));
    const reader = new ReadAhead(root, [files[0]!, 'missing.mdx', 'latin1.mdx', files[1]!], 1);
    expect(await reader.take(0, 3)).toEqual(['---\ntitle: Page 0\n---\n\n# Heading 0\n\nText of page 0.\n', undefined, undefined]);
    expect(await reader.take(3, 4)).toEqual(['---\ntitle: Page 1\n---\n\n# Heading 1\n\nText of page 1.\n']);
  });

  it('gives every file of a long list its own text, however far ahead it may read', async () => {
    const { root, files } = pagesSite();
    const reader = new ReadAhead(root, files, files.length);
    const first = await reader.take(0, 10);
    const rest = await reader.take(10, files.length);
    expect([...first, ...rest].map((text) => /^title: (.*)$/m.exec(text ?? '')?.[1])).toEqual(files.map((_, i) => `Page ${i}`));
  });
});

describe('parsePages on worker threads', () => {
  it('parses every page in order, and reports a page that cannot be read with its file', async () => {
    const { parsePages } = await fromDist();
    const { root, files } = pagesSite();
    writeFileSync(join(root, 'latin1.mdx'), Buffer.from('---\ntitle: Menu\n---\n\nCaf\xe9 au lait.\n', 'latin1'));
    const asked = [...files.slice(0, 60), 'gone.mdx', ...files.slice(60, 100), 'latin1.mdx', ...files.slice(100)];
    const parsed: ParsedPage[] = await parsePages(root, asked, 2);
    expect(parsed.map((p) => p.page.file)).toEqual(asked);
    const gone = parsed[60]!;
    expect(gone.page.parsed).toBe(false);
    expect(gone.diagnostics).toEqual([expect.objectContaining({ code: 'mdx/read-error', file: 'gone.mdx', line: 1 })]);
    expect(gone.diagnostics[0]!.message).toMatch(/^Cannot read the page: ENOENT/);
    expect(parsed[101]!.diagnostics).toEqual([
      expect.objectContaining({
        code: 'mdx/read-error',
        file: 'latin1.mdx',
        line: 5,
        message: 'The page is not UTF-8 text: line 5 has bytes that are not UTF-8.',
      }),
    ]);
    const inThread = parsePage(files[70]!, `---\ntitle: Page 70\n---\n\n# Heading 70\n\nText of page 70.\n`);
    expect(parsed[71]).toEqual(inThread);
    expect(parsed.filter((p) => p.diagnostics.length > 0)).toHaveLength(2);
  });
});

describe('runPool with one job', () => {
  /** The parse job, but failing wherever it runs in the calling thread: a worker runs its own copy. */
  const workerOnly = (job: PoolJob<undefined, ParsedPage>): PoolJob<undefined, ParsedPage> => ({
    ...job,
    run: () => {
      throw new Error('parsed in the calling thread');
    },
  });

  it('parses a large site on a worker thread, so the calling thread keeps the results and none of the parse garbage', async () => {
    const { runPool, PARSE_JOB } = await fromDist();
    const { root, files } = pagesSite();
    const parsed = await runPool(workerOnly(PARSE_JOB), root, files, undefined, 1);
    expect(parsed.map((p) => p.page.title)).toEqual(files.map((_, i) => `Page ${i}`));
  });

  it('parses a small site in the calling thread, where starting a worker would cost more than it saves', async () => {
    const { runPool, PARSE_JOB } = await fromDist();
    const { root, files } = pagesSite();
    await expect(runPool(workerOnly(PARSE_JOB), root, files.slice(0, 20), undefined, 1)).rejects.toThrow('parsed in the calling thread');
  });
});
