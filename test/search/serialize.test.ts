// Export and load: deterministic JSON, format checks, and the same answers after a round trip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partitionPages, recordsOf, SearchIndex, type Reader, type SearchOptions } from '../../src/search/index.js';
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

const READERS: Reader[] = [
  { kind: 'unrestricted' },
  { kind: 'anonymous' },
  { kind: 'client-credential' },
  { kind: 'user', groups: ['admin'] },
  { kind: 'user', groups: ['support'] },
];
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

describe('partitionRecords', () => {
  it('keeps each page in one part, and a changed page changes only its own part', () => {
    const pages = sitePages();
    const before = partitionPages(pages).map(recordsOf);
    const edited = pages.map((p, i) => (i === 17 ? { ...p, title: 'Edited title' } : p));
    const after = partitionPages(edited).map(recordsOf);
    const changed = before.filter((part, i) => JSON.stringify(part) !== JSON.stringify(after[i]));
    expect(changed).toHaveLength(1);
    for (const part of before) {
      const pagesOfPart = new Set(part.map((r) => r.url.split('#')[0]));
      for (const other of before.filter((o) => o !== part)) expect(other.some((r) => pagesOfPart.has(r.url.split('#')[0]))).toBe(false);
    }
  });

  it('splits into more parts only when the page count doubles', () => {
    const counts = [1, 100, 128, 129, 256, 257, 10_000].map((n) => partitionPages(Array.from({ length: n }, (_, i) => page(`p${i}`))).length);
    expect(counts).toEqual([1, 1, 1, 2, 2, 4, 128]);
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
    for (const { query, options } of QUERIES)
      expect(loaded.search(query, options), `${query} ${JSON.stringify(options)}`).toEqual(built.search(query, options));
  });

  it('joins parts built apart into the index of all their records', async () => {
    const records = recordsOf(sitePages());
    const parts = partitionPages(sitePages()).map(recordsOf);
    expect(parts.length).toBe(2);
    expect(parts.every((part) => part.length > 0)).toBe(true);
    const built = SearchIndex.build(records);
    const loaded = await SearchIndex.load(parts.map((part) => JSON.parse(JSON.stringify(SearchIndex.build(part).export())) as unknown));
    expect(loaded.size).toBe(built.size);
    for (const { query, options } of QUERIES)
      expect(loaded.search(query, options), `${query} ${JSON.stringify(options)}`).toEqual(built.search(query, options));
    expect(loaded.export()).toEqual({ ...built.export(), flexsearch: expect.any(Array) });
  });

  it('answers like the built index in a fresh Node process, from parts', async () => {
    const built = SearchIndex.build(recordsOf(sitePages()));
    const dir = mkdtempSync(join(tmpdir(), 'docsite-search-'));
    writeFileSync(join(dir, 'index.json'), JSON.stringify(partitionPages(sitePages()).map((part) => SearchIndex.build(recordsOf(part)).export())));
    writeFileSync(join(dir, 'queries.json'), JSON.stringify(QUERIES));
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'roundtrip-child.ts'), join(dir, 'index.json'), join(dir, 'queries.json')],
      {
        cwd: REPO,
        encoding: 'utf8',
      },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const answers = JSON.parse(child.stdout) as unknown[];
    const expected = QUERIES.map(({ query, options }) => built.search(query, options));
    expect(expected.filter((hits) => hits.length > 0).length).toBeGreaterThan(QUERIES.length / 2);
    expect(answers).toEqual(expected);
  });
});
