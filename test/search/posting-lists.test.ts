// Posting lists: the sections of a word per field, read from FlexSearch and kept within a budget.
import { describe, expect, it } from 'vitest';
import { createSectionDocument } from '../../src/search/flex-document.js';
import { PostingLists } from '../../src/search/posting-lists.js';

function documentOf(texts: string[]) {
  const { document } = createSectionDocument();
  for (const [id, text] of texts.entries())
    document.add({ id, title: id === 0 ? 'Alpha guide' : 'Other', heading: '', text, version: [], language: [], access: ['public'] });
  return document;
}

describe('PostingLists', () => {
  const texts = ['alpha beta', 'beta gamma alpha', 'gamma', 'alpha', 'beta beta beta', 'delta'];

  it('lists the sections of a word per field, in id order', () => {
    const lists = new PostingLists(documentOf(texts), texts.length);
    const [title, heading, text] = lists.of('alpha').map((ids) => [...ids]);
    expect({ title, heading, text }).toEqual({ title: [0], heading: [], text: [0, 1, 3] });
    expect(lists.of('beta').map((ids) => [...ids])).toEqual([[], [], [0, 1, 4]]);
    expect(lists.of('unknown').map((ids) => [...ids])).toEqual([[], [], []]);
  });

  it('answers the same after dropping lists to stay within its budget', () => {
    const lists = new PostingLists(documentOf(texts), texts.length, 4);
    const words = ['alpha', 'beta', 'gamma', 'delta', 'alpha', 'gamma', 'beta'];
    const expected: Record<string, number[]> = { alpha: [0, 1, 3], beta: [0, 1, 4], gamma: [1, 2], delta: [5] };
    for (const word of [...words, ...words]) expect([...lists.of(word)[2]!]).toEqual(expected[word]);
  });

  it('gives a long list as bits too, a short one not, and nothing for a list it no longer holds', () => {
    // 40 sections: bits are 2 elements, so a list of more than 2 ids is long.
    const many = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 'alpha' : i === 7 ? 'beta' : 'gamma'));
    // alpha holds 14 ids in text and 1 in the title, beta 1, gamma 25: 41 ids, and 2 elements per list given as bits.
    const lists = new PostingLists(documentOf(many), many.length, 44);
    const alpha = [...lists.of('alpha')[2]!];
    const bits = lists.bitsOf('alpha', 2)!;
    expect(Array.from({ length: 40 }, (_, id) => id).filter((id) => (bits[id >>> 5]! >>> (id & 31)) & 1)).toEqual(alpha);
    lists.of('beta');
    expect(lists.bitsOf('beta', 2)).toBeNull();
    expect(lists.bitsOf('unknown', 2)).toBeNull();
    lists.of('gamma');
    expect(lists.bitsOf('alpha', 2)).toBe(bits);
    // gamma's bits take the budget past 44: alpha, the least recently used, goes.
    expect(lists.bitsOf('gamma', 2)).not.toBeNull();
    expect(lists.bitsOf('alpha', 2)).toBeNull();
    expect([...lists.of('alpha')[2]!]).toEqual(alpha);
  });
});
