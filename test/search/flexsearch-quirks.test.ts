// Pins the FlexSearch 0.8 tag behaviour that src/search/tag-mask.ts works around: if these fail after an upgrade, revisit it.
import { Document } from 'flexsearch';
import { describe, expect, it } from 'vitest';

interface Doc {
  [key: string]: number | string;
  id: number;
  text: string;
  scope: string;
  kind: string;
}

function documentWith(docs: Doc[]): Document<Doc> {
  const document = new Document<Doc>({ tokenize: 'strict', document: { id: 'id', index: ['text'], tag: ['scope', 'kind'] } });
  for (const doc of docs) document.add(doc);
  return document;
}

describe('FlexSearch tag search (upstream behaviour)', () => {
  it('filters by tag only after cutting the text matches to 100', () => {
    const hidden = Array.from({ length: 150 }, (_, id) => ({ id, text: 'billing', scope: 'private', kind: 'x' }));
    const document = documentWith([...hidden, { id: 150, text: 'billing', scope: 'public', kind: 'x' }]);
    expect(document.search('billing', { tag: { scope: 'public' }, limit: 1000 })).toEqual([]);
  });

  it('returns nothing when one asked tag value is unknown', () => {
    const document = documentWith([{ id: 0, text: 'billing', scope: 'public', kind: 'x' }]);
    expect(document.search('billing', { tag: [{ scope: 'public' }, { scope: 'unknown' }] })).toEqual([]);
  });

  it('takes several tag values as a union, even across fields', () => {
    const document = documentWith([
      { id: 0, text: 'billing', scope: 'a', kind: 'x' },
      { id: 1, text: 'billing', scope: 'b', kind: 'y' },
    ]);
    // Documented as an intersection; nothing has both scope "a" and kind "y".
    expect(document.search('billing', { tag: [{ scope: 'a' }, { kind: 'y' }] })).toEqual([{ field: 'text', result: [0, 1] }]);
  });

  it('answers tag-only lookups per value, unknown values included', () => {
    const document = documentWith([{ id: 0, text: 'billing', scope: 'a', kind: 'x' }]);
    expect(document.search({ tag: [{ scope: 'a' }, { scope: 'unknown' }], limit: 10 })).toEqual([
      { field: 'scope', tag: 'a', result: [0] },
      { field: 'scope', tag: 'unknown', result: [] },
    ]);
  });
});
