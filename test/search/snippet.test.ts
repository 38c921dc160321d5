// Snippets: about 200 characters around the first match, cut at word boundaries, … where cut.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex } from '../../src/search/index.js';
import { createSectionDocument } from '../../src/search/flex-document.js';
import { collapsed, matchedRanges, SNIPPET_LENGTH, snippetOf, wordMatcher, type WordMatcher } from '../../src/search/snippet.js';
import { filler, page } from './fixtures.js';

const words = (text: string): Set<string> => new Set(text.split(' '));
const isTarget: WordMatcher = (text, start, end) => text.slice(start, end) === 'target';

describe('snippetOf', () => {
  it('returns short text whole, with whitespace collapsed', () => {
    expect(snippetOf('  A short\n\nsection   text. ', isTarget)).toBe('A short section text.');
  });

  it('cuts long text around the first match at word boundaries', () => {
    const text = `${filler(80)} target ${filler(80)}`;
    const snippet = snippetOf(text, isTarget);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('target');
    const inner = snippet.slice(1, -1);
    expect(inner.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(inner.length).toBeGreaterThan(SNIPPET_LENGTH - 20);
    for (const w of inner.split(' ')) expect(words(text).has(w), w).toBe(true);
    expect(inner.indexOf('target')).toBeGreaterThan(20);
  });

  it('starts at the beginning when the match is near it', () => {
    const snippet = snippetOf(`Intro target ${filler(100)}`, isTarget);
    expect(snippet.startsWith('Intro target')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('ends at the end when the match is near it', () => {
    const snippet = snippetOf(`${filler(100)} the target.`, isTarget);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('the target.')).toBe(true);
  });

  it('shows the start of the text when nothing in it matches', () => {
    const text = filler(100);
    expect(snippetOf(text, isTarget)).toBe(`${text.slice(0, text.lastIndexOf(' ', SNIPPET_LENGTH))}…`);
  });
});

describe('search snippets', () => {
  it('show the section text around the first match of any query word, matched like the search', () => {
    const index = SearchIndex.build(recordsOf([page('p', { title: 'Guide', intro: `${filler(60)} Configuring Webhooks takes a minute. ${filler(60)}` })]));
    const [hit] = index.search('webhook', { reader: { kind: 'unrestricted' } });
    expect(hit!.snippet).toMatch(/^….*Configuring Webhooks takes a minute\..*…$/);
  });

  it('find the match in words of ASCII letters and digits as the index encoder would', () => {
    // Snippets compare ASCII words lower-cased instead of encoding them: the encoder must agree.
    const { encoder } = createSectionDocument();
    for (const word of ['Webhooks', 'API', 'HTTP2', 'sso', 'add', 'x1y2', '429', 'a', 'Idempotency'])
      expect(encoder.encode(word)).toEqual([word.toLowerCase()]);
  });

  it('start at the first match, in any case and with accents folded', () => {
    const intro = `${filler(60)} Die Straße führt zum Café of WEBHOOKS ${filler(60)}`;
    const index = SearchIndex.build(recordsOf([page('a', { title: 'A', intro })]));
    const [hit] = index.search('webhooks', { reader: { kind: 'unrestricted' } });
    expect(hit!.snippet).toMatch(/^….{0,70}WEBHOOKS/);
    const [accented] = index.search('cafe', { reader: { kind: 'unrestricted' } });
    expect(accented!.snippet).toMatch(/^….{0,70}Café/);
  });
});

/** The snippet cut from the whole collapsed text: what snippetOf must give, however it gets there. */
function wholeTextSnippet(text: string, isMatch: (word: string) => boolean): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const at = [...flat.matchAll(/[\p{L}\p{N}]+/gu)].find((m) => isMatch(m[0]))?.index ?? 0;
  let start = Math.max(0, at - 60);
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  start = Math.max(0, end - SNIPPET_LENGTH);
  if (start > 0 && flat[start - 1] !== ' ') {
    const space = flat.indexOf(' ', start);
    start = space === -1 || space >= at ? Math.min(start, at) : space + 1;
  }
  if (end < flat.length && flat[end] !== ' ') {
    const space = flat.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

describe('collapsed', () => {
  it('collapses every run of what \\s matches to one space, and nothing else, for every UTF-16 code', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [`a${ch}b`, `a${ch}${ch} b`, `${ch}`, `x ${ch}`]) {
        expect(collapsed(text, 0, text.length), `U+${c.toString(16)} in ${JSON.stringify(text)}`).toBe(text.replace(/\s+/g, ' '));
      }
    }
  });

  it('reads only the part it is given', () => {
    const text = 'a  b\n\nc d \t e';
    for (let from = 0; from <= text.length; from++)
      for (let to = from; to <= text.length; to++) expect(collapsed(text, from, to)).toBe(text.slice(from, to).replace(/\s+/g, ' '));
  });
});

describe('snippetOf on long texts', () => {
  it('cuts as from the whole collapsed text, wherever the match and however much whitespace', () => {
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['alpha', 'beta', 'Gamma', 'café', 'naïve', '429', 'x1', '—', '(see)', 'end.', '𝒳ray', 'target', 'TARGET'];
    const gaps = [' ', ' ', ' ', '  ', '\n\n', '\t', ' '.repeat(300), '\n'];
    for (let round = 0; round < 400; round++) {
      const words = Array.from({ length: 20 + next(900) }, () => pieces[next(pieces.length - (round % 3 === 0 ? 0 : 2))]!);
      // A match anywhere, as often near the end as near the start: it decides how much text each side needs.
      if (round % 3 === 1) words[next(words.length)] = 'Target';
      const text = (round % 5 === 0 ? '  ' : '') + words.map((w) => w + gaps[next(round % 4 === 0 ? gaps.length : 4)]).join('');
      const target = (t: string, s: number, e: number): boolean => t.slice(s, e).toLowerCase() === 'target';
      expect(snippetOf(text, target), `round ${round}`).toBe(wholeTextSnippet(text, (w) => w.toLowerCase() === 'target'));
    }
  });
});

describe('the query matcher', () => {
  it('finds the same first match and the same marks as splitting into words of any script', () => {
    const { encoder } = createSectionDocument();
    const matches = wordMatcher(['target', 'cafe', 'cafeteria', 'x1', 'ray'], (word) => encoder.encode(word));
    const isMatch = (word: string): boolean => matches(word, 0, word.length, !/[^\x00-\x7f]/.test(word));
    let seed = 5;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    // Words that touch a match without being one (étarget, target’s), that encode to one (Café;
    // Cafétéria, ASCII after other letters), that hold a surrogate pair (𝒳ray) or a character that
    // folds to ASCII in some engines (the Kelvin sign).
    const pieces = [
      'alpha',
      'Target',
      'étarget',
      'targeté',
      'target’s',
      'Café',
      'CAFÉ',
      'Cafétéria',
      'naïve',
      '𝒳ray',
      'ray',
      'X1',
      'x1y',
      '—',
      '\u212Aelvin',
      '日本語',
      'targets',
    ];
    for (let round = 0; round < 400; round++) {
      const words = Array.from({ length: 5 + next(400) }, () => pieces[next(pieces.length)]!);
      const text = words.map((w) => w + [' ', '\n', '  ', '. ', '/'][next(5)]).join('');
      const snippet = snippetOf(text, matches);
      expect(snippet, `round ${round}`).toBe(wholeTextSnippet(text, isMatch));
      const ranges = [...snippet.matchAll(/[\p{L}\p{N}]+/gu)].filter((m) => isMatch(m[0])).map((m) => [m.index, m.index + m[0].length]);
      expect(matchedRanges(snippet, matches), `round ${round}`).toEqual(ranges);
    }
  });
});

describe('matchedRanges', () => {
  it('gives where every matching word of a snippet starts and ends, after an ellipsis and past non-ASCII letters', () => {
    const snippet = '…the target, a café target and targets';
    expect(matchedRanges(snippet, isTarget).map(([start, end]) => [start, snippet.slice(start, end)])).toEqual([
      [5, 'target'],
      [20, 'target'],
    ]);
  });
});
