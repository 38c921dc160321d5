// Export and load: deterministic JSON, format checks, and the same answers after a round trip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type Reader, type SearchOptions } from '../../src/search/index.js';
import { filler, page } from './fixtures.js';

const REPO = join(import.meta.dirname, '..', '..');
const TOPICS = ['webhooks', 'billing', 'deploy', 'tokens', 'rate limits', 'signatures'];

/** A site with every kind of tag: versions, languages, access levels and groups. */
function sitePages() {
  return Array.from({ length: 240 }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    return page(`docs/${topic.replace(' ', '-')}/p${i}`, {
      title: `${topic} guide ${i}`,
      intro: `${filler(10 + (i % 13))} ${topic} ${filler(i % 17)}`,
      sections: [
        { heading: `Configure ${topic}`, text: `${filler(i % 11)} configuring ${topic} needs a token ${filler(8)}` },
        { heading: ['Configure', `Troubleshooting ${i}`], text: `When ${topic} fail, retry ${filler(i % 7)}` },
      ],
      versions: [[], ['v1'], ['v2'], ['v1', 'v2']][i % 4]!,
      languages: [[], ['en'], ['es']][i % 3]!,
      public: i % 5 !== 0,
      groups: i % 7 === 0 ? ['admin'] : i % 11 === 0 ? ['billing', 'support'] : [],
    });
  });
}

const READERS: Reader[] = [{ kind: 'unrestricted' }, { kind: 'anonymous' }, { kind: 'client-credential' }, { kind: 'user', groups: ['admin'] }, { kind: 'user', groups: ['support'] }];
const QUERIES: { query: string; options: SearchOptions }[] = READERS.flatMap((reader) =>
  ['webhooks', 'configure billing', 'token', 'retr', 'troubleshooting 42', 'nothing-matches-this'].flatMap((query) => [
    { query, options: { reader, limit: 50 } },
    { query, options: { reader, version: 'v1', limit: 50 } },
    { query, options: { reader, version: 'v2', language: 'es', limit: 20 } },
    { query, options: { reader, language: 'en' } },
  ]),
);

const exportText = async (index: SearchIndex): Promise<string> => JSON.stringify(await index.export(), null, 2);

describe('export', () => {
  it('is byte-identical for two builds of the same records', async () => {
    const a = await exportText(SearchIndex.build(recordsOf(sitePages())));
    const b = await exportText(SearchIndex.build(recordsOf(sitePages())));
    expect(a).toBe(b);
  });

  it('does not depend on the order of the pages', async () => {
    const pages = sitePages();
    const a = await exportText(SearchIndex.build(recordsOf(pages)));
    const b = await exportText(SearchIndex.build(recordsOf([...pages].reverse())));
    expect(a).toBe(b);
  });

  it('is plain JSON that survives parsing', async () => {
    const exported = await SearchIndex.build(recordsOf(sitePages())).export();
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });

  it('exports and loads an empty index', async () => {
    const loaded = await SearchIndex.load(JSON.parse(await exportText(SearchIndex.build([]))));
    expect(loaded.size).toBe(0);
    expect(loaded.search('anything', { reader: { kind: 'anonymous' } })).toEqual([]);
  });
});

describe('load', () => {
  it('rejects data that is not a search index of this format', async () => {
    await expect(SearchIndex.load({ hello: 1 })).rejects.toThrow(/not a docsite search index/);
    const exported = await SearchIndex.build(recordsOf(sitePages())).export();
    await expect(SearchIndex.load({ ...exported, version: 999 })).rejects.toThrow(/rebuild the site/);
    await expect(SearchIndex.load({ ...exported, vocabulary: ['b', 'a'] })).rejects.toThrow(/not sorted/);
  });

  it('answers like the built index in the same process', async () => {
    const built = SearchIndex.build(recordsOf(sitePages()));
    const loaded = await SearchIndex.load(JSON.parse(await exportText(built)));
    expect(loaded.size).toBe(built.size);
    for (const { query, options } of QUERIES) expect(loaded.search(query, options), `${query} ${JSON.stringify(options)}`).toEqual(built.search(query, options));
  });

  it('answers like the built index in a fresh Node process', async () => {
    const built = SearchIndex.build(recordsOf(sitePages()));
    const dir = mkdtempSync(join(tmpdir(), 'docsite-search-'));
    writeFileSync(join(dir, 'index.json'), await exportText(built));
    writeFileSync(join(dir, 'queries.json'), JSON.stringify(QUERIES));
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'roundtrip-child.ts'), join(dir, 'index.json'), join(dir, 'queries.json')], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const answers = JSON.parse(child.stdout) as unknown[];
    const expected = QUERIES.map(({ query, options }) => built.search(query, options));
    expect(expected.filter((hits) => hits.length > 0).length).toBeGreaterThan(QUERIES.length / 2);
    expect(answers).toEqual(expected);
  });
});
