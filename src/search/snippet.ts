// Cuts the part of a section's text around the first query match, for showing in results.
//
// Every hit of every query makes one, so it allocates little: whitespace is collapsed only near
// the match, and words are tested where they stand in the text. Collapsing whole sections and
// splitting them into word strings was four fifths of what a search allocated.

/** Target snippet length in characters. */
export const SNIPPET_LENGTH = 200;
/** How much text before the match the snippet keeps, when there is that much. */
const LEAD_IN = 60;
const ELLIPSIS = '…';
/**
 * Collapsed characters a cut reads on each side of the match (see cut): LEAD_IN before it and the
 * rest of SNIPPET_LENGTH after it, one more each for the word-boundary tests, one to spare.
 */
const NEEDED_BEFORE = LEAD_IN + 2;
const NEEDED_AFTER = SNIPPET_LENGTH - LEAD_IN + 2;
/** Raw characters first taken on each side of the match: what a cut needs, with room for runs of whitespace. */
const SLACK = 16;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
/**
 * What each UTF-16 code is, for reading words: an ASCII letter or digit, another letter or digit,
 * neither, or half of a surrogate pair (its code point decides); UNKNOWN until first seen. The
 * Unicode test costs a regular expression and a string per character, and text in other scripts
 * is mostly such characters: each is tested once.
 */
const UNKNOWN = 0;
const ASCII_LETTER = 1;
const LETTER = 2;
const OTHER = 3;
const SURROGATE = 4;
const CODE_KINDS = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) CODE_KINDS[c] = /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? ASCII_LETTER : OTHER;
CODE_KINDS.fill(SURROGATE, 0xd800, 0xe000);

/** Tells whether the word `text.slice(start, end)` matches the query; `ascii` when it holds only ASCII characters. */
export type WordMatcher = (text: string, start: number, end: number, ascii: boolean) => boolean;

/**
 * A matcher for the encoded query `words`. An ASCII word encodes to itself in lower case (see
 * flex-document.ts; a test holds the encoder to that), so it is compared where it stands, with
 * the query words starting with its first letter (most words of a text start with none's);
 * other words are cut out and given to `encode`.
 */
export function wordMatcher(words: Iterable<string>, encode: (word: string) => string[]): WordMatcher {
  const wanted = new Set(words);
  const encoded = new Map<string, boolean>();
  const byFirstCode = new Array<string[] | undefined>(128);
  for (const word of wanted) {
    const first = word.charCodeAt(0);
    if (first < 128) (byFirstCode[first] ??= []).push(word);
  }
  return (text, start, end, ascii) => {
    if (ascii) {
      const first = text.charCodeAt(start);
      const candidates = byFirstCode[first >= 65 && first <= 90 ? first + 32 : first];
      if (candidates === undefined) return false;
      for (const word of candidates) if (word.length === end - start && equalsLowerCased(text, start, word)) return true;
      return false;
    }
    // Encoding is slow and the words of a language repeat: each is encoded once per query.
    const word = text.slice(start, end);
    let found = encoded.get(word);
    if (found === undefined) {
      found = encode(word).some((w) => wanted.has(w));
      encoded.set(word, found);
    }
    return found;
  };
}

/**
 * About `SNIPPET_LENGTH` characters of `text` (whitespace collapsed) around the first word
 * `matches` accepts, cut at word boundaries with `…` where text was left out; the start of the
 * text when nothing matches, or `matches` is null (known to match nothing: a search hit whose
 * text holds no query word).
 */
export function snippetOf(text: string, matches: WordMatcher | null): string {
  const match = matches ? Math.max(0, firstMatch(text, matches)) : 0;
  // Raw text on each side of the match, widened until it collapses to enough text on each side
  // (or is all of it) to cut exactly as from the whole collapsed text: code indented with runs of
  // spaces collapses to little, and collapsing whole long sections cost more than the search.
  // Near the start of the text the cut reads further after the match, near its end further before (see shortfall).
  let before = Math.max(NEEDED_BEFORE, SNIPPET_LENGTH + 2 - (text.length - match)) + SLACK;
  let after = Math.max(NEEDED_AFTER, SNIPPET_LENGTH + 2 - match) + SLACK;
  for (;;) {
    const from = Math.max(0, match - before);
    const to = Math.min(text.length, match + after);
    const head = collapsed(text, from, match);
    let piece = head + collapsed(text, match, to);
    let at = head.length;
    if (from === 0) {
      const trimmed = piece.trimStart();
      at = Math.max(0, at - (piece.length - trimmed.length));
      piece = trimmed;
    }
    if (to === text.length) piece = piece.trimEnd();
    const shortOf = shortfall(at, piece.length - at, from > 0, to < text.length);
    if (shortOf === null) return cut(piece, at, from > 0, to < text.length);
    if (shortOf === 'before') before *= 4;
    else after *= 4;
  }
}

/**
 * The side of a piece of collapsed text, `ahead` characters before the match and `behind` from it
 * on (`moreBefore`/`moreAfter`: the text goes on past it), too short for cut to read as it would
 * read the whole text; null when neither is. When the match starts the text, cut reads up to
 * SNIPPET_LENGTH after it; when the text ends soon after the match, as far before it.
 */
function shortfall(ahead: number, behind: number, moreBefore: boolean, moreAfter: boolean): 'before' | 'after' | null {
  if (moreBefore && ahead < NEEDED_BEFORE) return 'before';
  if (moreAfter && behind < Math.max(NEEDED_AFTER, moreBefore ? 0 : SNIPPET_LENGTH + 2 - ahead)) return 'after';
  if (moreBefore && !moreAfter && behind < NEEDED_AFTER && ahead < SNIPPET_LENGTH + 2 - behind) return 'before';
  return null;
}

/**
 * The snippet of `flat` (collapsed text) around `at`, where the match starts (0 when nothing
 * matches). `moreBefore`/`moreAfter` say that `flat` is a piece of the text with more on that
 * side, and as much of it as the cut reads (see shortfall).
 */
function cut(flat: string, at: number, moreBefore: boolean, moreAfter: boolean): string {
  if (!moreBefore && !moreAfter && flat.length <= SNIPPET_LENGTH) return flat;
  let start = Math.max(moreBefore ? -Infinity : 0, at - LEAD_IN);
  let end = Math.min(moreAfter ? Infinity : flat.length, start + SNIPPET_LENGTH);
  start = Math.max(moreBefore ? -Infinity : 0, end - SNIPPET_LENGTH);
  if (start > 0 || moreBefore) start = wordStartAtOrAfter(flat, start, at);
  if (end < flat.length || moreAfter) end = wordEndAtOrBefore(flat, end, at);
  const cutBefore = moreBefore || start > 0;
  const cutAfter = moreAfter || end < flat.length;
  return `${cutBefore ? ELLIPSIS : ''}${flat.slice(start, end).trim()}${cutAfter ? ELLIPSIS : ''}`;
}

/** Where the first word `matches` accepts starts; -1 when none does. */
function firstMatch(text: string, matches: WordMatcher): number {
  let first = -1;
  forEachMatch(text, matches, (start) => {
    first = start;
    return false;
  });
  return first;
}

/** Where each word of `snippet` that `matches` accepts starts and ends, in order: what a reader's results highlight. */
export function matchedRanges(snippet: string, matches: WordMatcher): [start: number, end: number][] {
  const ranges: [number, number][] = [];
  forEachMatch(snippet, matches, (start, end) => {
    ranges.push([start, end]);
    return true;
  });
  return ranges;
}

/**
 * Calls `visit` with each word of `text` that `matches` accepts, in order, until it returns false.
 * A word is a run of letters and digits of any script. Every hit of a search scans its section up
 * to the first match, so each character's kind is read from a table (see CODE_KINDS) by its code
 * (a regular expression made per query to find the words instead cost more to compile than this
 * whole scan).
 */
function forEachMatch(text: string, matches: WordMatcher, visit: (start: number, end: number) => boolean): void {
  const length = text.length;
  for (let i = 0; i < length; ) {
    const start = i;
    let ascii = true;
    for (;;) {
      const kind = i < length ? kindAt(text, i) : OTHER;
      if (kind === ASCII_LETTER) i++;
      else if (kind === OTHER) break;
      else {
        ascii = false;
        i += kind === LETTER ? 1 : 2;
      }
    }
    if (i === start) i++;
    else if (matches(text, start, i, ascii) && !visit(start, i)) return;
  }
}

/** The kind of the character at `i`: ASCII_LETTER, LETTER, OTHER, or SURROGATE for a letter of two code units. */
function kindAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const kind = CODE_KINDS[c]!;
  if (kind === ASCII_LETTER || kind === OTHER || kind === LETTER) return kind;
  if (kind === UNKNOWN) {
    const known = WORD_CHARACTER.test(String.fromCharCode(c)) ? LETTER : OTHER;
    CODE_KINDS[c] = known;
    return known;
  }
  const point = text.codePointAt(i)!;
  return point > 0xffff && WORD_CHARACTER.test(String.fromCodePoint(point)) ? SURROGATE : OTHER;
}

/**
 * `text.slice(from, to).replace(/\s+/g, ' ')`, sliced around the runs to collapse: most of a
 * snippet's text has none, and the regular expression cost a fifth of a short query's time.
 */
export function collapsed(text: string, from: number, to: number): string {
  let out = '';
  let kept = from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!isWhitespace(c)) continue;
    let end = i + 1;
    while (end < to && isWhitespace(text.charCodeAt(end))) end++;
    if (end - i > 1 || c !== 32) {
      out += `${text.slice(kept, i)} `;
      kept = end;
    }
    i = end - 1;
  }
  return kept === from ? text.slice(from, to) : out + text.slice(kept, to);
}

/** Whether `c` is a character `\s` matches in a JavaScript regular expression. */
function isWhitespace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** The first word start at or after `index`, never past the match at `limit`. */
function wordStartAtOrAfter(text: string, index: number, limit: number): number {
  if (text[index - 1] === ' ') return index;
  const space = text.indexOf(' ', index);
  return space === -1 || space >= limit ? Math.min(index, limit) : space + 1;
}

/** The last word end at or before `index`, never before the match at `limit`. */
function wordEndAtOrBefore(text: string, index: number, limit: number): number {
  if (text[index] === ' ') return index;
  const space = text.lastIndexOf(' ', index);
  return space <= limit ? index : space;
}

/** Whether `text` from `start` is `word` (lower case ASCII) in any case. */
function equalsLowerCased(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = text.charCodeAt(start + i);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(i)) return false;
  }
  return true;
}
