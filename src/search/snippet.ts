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
 * Raw characters first taken on each side of the match before collapsing whitespace: what a cut
 * may need (see snippetOf), with a little room for runs of whitespace; more when that is too little.
 */
const WINDOW = SNIPPET_LENGTH + 16;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
const NONE: readonly string[] = [];
/** ASCII letters and digits. */
const ASCII_WORD = new Uint8Array(128).map((_, c) => (/[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 1 : 0));

/** Tells whether the word `text.slice(start, end)` matches the query. */
export interface WordMatcher {
  (text: string, start: number, end: number): boolean;
  /**
   * Calls `visit` with each word of `text` it accepts, in order, until `visit` returns false: what
   * a scan of every word would find, found faster. Without it, every word is scanned.
   */
  forEach?(text: string, visit: (start: number, end: number) => boolean): void;
}

/**
 * A matcher for the encoded query `words`. An ASCII word encodes to itself in lower case (see
 * flex-document.ts; a test holds the encoder to that), so it is compared where it stands;
 * other words are cut out and given to `encode`.
 */
export function wordMatcher(words: Iterable<string>, encode: (word: string) => string[]): WordMatcher {
  const wanted = new Set(words);
  const byLength = new Map<number, string[]>();
  for (const word of wanted) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  const matches: WordMatcher = (text, start, end) => {
    if (isAscii(text, start, end)) {
      for (const word of byLength.get(end - start) ?? NONE) if (equalsLowerCased(text, start, word)) return true;
      return false;
    }
    return encode(text.slice(start, end)).some((w) => wanted.has(w));
  };
  // Only words of ASCII letters and digits can match an ASCII word of the text (others hold
  // characters the snippet's words never do).
  const ascii = [...wanted].filter((word) => /^[a-z0-9]+$/.test(word));
  const pattern = ascii.length === 0 ? null : new RegExp(`(?<![A-Za-z0-9])(?:${ascii.join('|')})(?![A-Za-z0-9])`, 'gi');
  matches.forEach = (text, visit) => forEachAcceptedWord(text, matches, pattern, visit);
  return matches;
}

/**
 * `WordMatcher.forEach`. Scanning a section word by word cost most of a search on a real site
 * (long sections, many hits whose text has no query word), so ASCII words are found by `pattern`
 * (the query's ASCII words, whole), and only the words holding other characters are cut out and
 * tested one by one.
 */
function forEachAcceptedWord(text: string, matches: WordMatcher, pattern: RegExp | null, visit: (start: number, end: number) => boolean): void {
  const other = { at: 0 };
  if (pattern) pattern.lastIndex = 0;
  let ascii = pattern ? nextAsciiWord(text, pattern) : -1;
  for (;;) {
    // Words with other characters are looked for only up to the next ASCII match: most searches stop at the first.
    const word = nextOtherWord(text, matches, other, ascii === -1 ? text.length : ascii);
    if (word) {
      if (!visit(word[0], word[1])) return;
    } else if (ascii === -1) {
      return;
    } else {
      if (!visit(ascii, pattern!.lastIndex)) return;
      ascii = nextAsciiWord(text, pattern!);
    }
  }
}

/** The start of the next whole word `pattern` finds from its `lastIndex`, which it leaves at the word's end; -1 when none. */
function nextAsciiWord(text: string, pattern: RegExp): number {
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    // The pattern's boundaries are ASCII: a letter of another script may still touch the match.
    const end = found.index + found[0].length;
    if (!isWordBefore(text, found.index) && (end === text.length || !isWordAt(text, end))) return found.index;
    pattern.lastIndex = found.index + 1;
  }
  return -1;
}

/**
 * The next word that `matches` accepts among the words holding a character outside ASCII, from
 * `other.at` and starting before `limit`; null when none, with `other.at` left where the search
 * may go on.
 */
function nextOtherWord(text: string, matches: WordMatcher, other: { at: number }, limit: number): [start: number, end: number] | null {
  while (other.at < limit) {
    // Only up to `limit`: a regular expression would read on to the end of a long section.
    const found = text.slice(other.at, limit).search(NON_ASCII);
    if (found === -1) break;
    const at = other.at + found;
    if (!isWordAt(text, at)) {
      other.at = at + 1;
      continue;
    }
    let start = at;
    while (isWordBefore(text, start)) start -= isLowSurrogate(text, start - 1) && start >= 2 ? 2 : 1;
    let end = at;
    while (end < text.length && isWordAt(text, end)) end += charLength(text, end);
    other.at = end;
    if (matches(text, start, end)) return [start, end];
  }
  other.at = Math.max(other.at, limit);
  return null;
}

/** A character outside ASCII (a surrogate pair's first half counts). */
const NON_ASCII = /[^\x00-\x7f]/;

function isLowSurrogate(text: string, index: number): boolean {
  const c = text.charCodeAt(index);
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether the character (or surrogate pair) right before `index` is a word character. */
function isWordBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  return isWordAt(text, isLowSurrogate(text, index - 1) && index >= 2 ? index - 2 : index - 1);
}

/**
 * About `SNIPPET_LENGTH` characters of `text` (whitespace collapsed) around the first word
 * `matches` accepts, cut at word boundaries with `…` where text was left out; the start of the
 * text when nothing matches.
 */
export function snippetOf(text: string, matches: WordMatcher): string {
  const match = Math.max(0, firstMatch(text, matches));
  // Raw text on each side of the match, widened until it collapses to enough text on each side
  // (or is all of it) to cut exactly as from the whole collapsed text: code indented with runs of
  // spaces collapses to little, and collapsing whole long sections cost more than the search.
  for (let window = WINDOW; ; window *= 4) {
    const from = Math.max(0, match - window);
    const to = Math.min(text.length, match + window);
    const before = collapse(text.slice(from, match));
    let piece = before + collapse(text.slice(match, to));
    let at = before.length;
    if (from === 0) {
      const trimmed = piece.trimStart();
      at = Math.max(0, at - (piece.length - trimmed.length));
      piece = trimmed;
    }
    if (to === text.length) piece = piece.trimEnd();
    if ((from > 0 && at <= SNIPPET_LENGTH + 1) || (to < text.length && piece.length - at <= SNIPPET_LENGTH + 1)) continue;
    return cut(piece, at, from > 0, to < text.length);
  }
}

/**
 * The snippet of `flat` (collapsed text) around `at`, where the match starts (0 when nothing
 * matches). `moreBefore`/`moreAfter` say that `flat` is a piece of the text with more on that
 * side, and at least SNIPPET_LENGTH + 2 characters between `at` and that side.
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

/** Calls `visit` with each word of `text` that `matches` accepts, in order, until it returns false. */
function forEachMatch(text: string, matches: WordMatcher, visit: (start: number, end: number) => boolean): void {
  if (matches.forEach) {
    matches.forEach(text, visit);
    return;
  }
  for (let i = 0; i < text.length; ) {
    while (i < text.length && !isWordAt(text, i)) i += charLength(text, i);
    const start = i;
    while (i < text.length && isWordAt(text, i)) i += charLength(text, i);
    if (start < i && matches(text, start, i) && !visit(start, i)) return;
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
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

function isWordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_WORD[c] === 1 : WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(i)!));
}

function charLength(text: string, i: number): number {
  return text.codePointAt(i)! > 0xffff ? 2 : 1;
}

function isAscii(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

/** Whether `text` from `start` is `word` (lower case ASCII) in any case. */
function equalsLowerCased(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = text.charCodeAt(start + i);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(i)) return false;
  }
  return true;
}
