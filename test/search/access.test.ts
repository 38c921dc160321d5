// Access filtering: every reader kind sees exactly the pages the visibility rules allow, nothing leaks.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type Reader } from '../../src/search/index.js';
import { accessTagsOf, readableAccessTags } from '../../src/search/reader.js';
import type { PageAccess } from '../../src/site/index.js';
import { filler, page } from './fixtures.js';

/** The rule of REFERENCE.md ("Page visibility"), written out plainly to check the tags against. */
function mayRead(access: PageAccess, reader: Reader): boolean {
  if (reader.kind === 'unrestricted') return true;
  if (access.groups.length > 0) return reader.kind === 'user' && access.groups.some((g) => reader.groups.includes(g));
  if (access.public) return true;
  return reader.kind === 'client-credential' || reader.kind === 'user';
}

const READERS: Reader[] = [
  { kind: 'unrestricted' },
  { kind: 'anonymous' },
  { kind: 'client-credential' },
  { kind: 'user', groups: [] },
  { kind: 'user', groups: ['admin'] },
  { kind: 'user', groups: ['billing', 'other'] },
  { kind: 'user', groups: ['support'] },
];

const ACCESS: Record<string, PageAccess> = {
  public: { public: true, groups: [] },
  login: { public: false, groups: [] },
  admin: { public: false, groups: ['admin'] },
  billing: { public: false, groups: ['billing'] },
  'admin-or-support': { public: false, groups: ['admin', 'support'] },
  'public-but-admin': { public: true, groups: ['admin'] },
};

const pages = Object.entries(ACCESS).map(([name, access]) =>
  page(name, {
    title: `Rotation ${name}`,
    intro: `Key rotation notes ${filler(20)} ${name.replace(/-/g, '')}token`,
    sections: [{ heading: `Rotation for ${name}`, text: `Rotate keys ${filler(10)}` }],
    public: access.public,
    groups: access.groups,
  }),
);
const index = SearchIndex.build(recordsOf(pages));
const readerName = (r: Reader): string => (r.kind === 'user' ? `user[${r.groups.join(',')}]` : r.kind);

describe('access tags', () => {
  it('give a reader the same pages as the visibility rules', () => {
    for (const access of Object.values(ACCESS)) {
      for (const reader of READERS) {
        const held = readableAccessTags(reader);
        const allowed = held === null || accessTagsOf(access).some((tag) => held.includes(tag));
        expect(allowed, `${JSON.stringify(access)} for ${readerName(reader)}`).toBe(mayRead(access, reader));
      }
    }
  });
});

describe('search access', () => {
  for (const reader of READERS) {
    it(`shows ${readerName(reader)} exactly the pages they may read`, () => {
      const expected = Object.entries(ACCESS)
        .filter(([, a]) => mayRead(a, reader))
        .map(([name]) => `/${name}`)
        .sort();
      const hits = index.search('rotation', { reader, limit: 50 });
      const pagesHit = [...new Set(hits.map((h) => h.url.split('#')[0]!))].sort();
      expect(pagesHit).toEqual(expected);
    });

    it(`never leaks a page's title, URL or snippet to ${readerName(reader)}`, () => {
      for (const [name, access] of Object.entries(ACCESS)) {
        const secret = `${name.replace(/-/g, '')}token`;
        for (const query of [secret, secret.slice(0, 8), `rotation ${name}`, name]) {
          const hits = index.search(query, { reader, limit: 50 });
          if (mayRead(access, reader)) continue;
          for (const hit of hits) {
            expect(hit.url.split('#')[0]).not.toBe(`/${name}`);
            expect(hit.title).not.toBe(`Rotation ${name}`);
            expect(hit.snippet).not.toContain(secret);
          }
        }
      }
    });
  }

  it('finds readable matches even when more than 100 restricted sections match first', () => {
    // FlexSearch applies tags after cutting text matches to 100: the index must not rely on that.
    const many = Array.from({ length: 150 }, (_, i) =>
      page(`a${String(i).padStart(3, '0')}`, { title: `Invoices ${i}`, intro: 'billing billing', groups: ['finance'], public: false }),
    );
    const open = page('z-public', { title: 'Public billing', intro: 'billing is explained here' });
    const big = SearchIndex.build(recordsOf([...many, open]));
    expect(big.search('billing', { reader: { kind: 'anonymous' } }).map((h) => h.url)).toEqual(['/z-public']);
    expect(big.search('billing', { reader: { kind: 'user', groups: ['finance'] }, limit: 50 })).toHaveLength(50);
  });
});
