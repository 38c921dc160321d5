// Character sets of the regex engine: code point ranges and named classes, with case folding.

/** Named classes: POSIX bracket classes plus the `.`, `\w`, `\d`, `\s` shorthands. */
export type CharClass = 'any' | 'word' | 'digit' | 'space' | 'alpha' | 'alnum' | 'upper' | 'lower' | 'punct' | 'blank' | 'cntrl' | 'graph' | 'print' | 'xdigit';

/** A set of characters; `negated` sets hold every character the ranges and classes do not. */
export interface CharSet {
  readonly negated: boolean;
  /** Inclusive code point ranges, flattened: `[lo0, hi0, lo1, hi1, …]`. */
  readonly ranges: readonly number[];
  readonly classes: readonly CharClass[];
}

// Single-character tests: no quantifiers, so they cannot backtrack.
const CLASS_TESTS: Readonly<Record<CharClass, RegExp>> = {
  any: /[^\n]/u,
  word: /[\p{L}\p{N}_]/u,
  digit: /[0-9]/,
  space: /\s/u,
  alpha: /\p{L}/u,
  alnum: /[\p{L}\p{N}]/u,
  upper: /\p{Lu}/u,
  lower: /\p{Ll}/u,
  punct: /[\p{P}\p{S}]/u,
  blank: /[ \t]/,
  cntrl: /\p{Cc}/u,
  graph: /[^\s\p{Cc}]/u,
  print: /[^\p{Cc}]/u,
  xdigit: /[0-9A-Fa-f]/,
};

/** The classes `[[:name:]]` may name. */
export const POSIX_CLASSES: ReadonlySet<string> = new Set([
  'alpha',
  'digit',
  'alnum',
  'upper',
  'lower',
  'space',
  'blank',
  'punct',
  'print',
  'graph',
  'cntrl',
  'xdigit',
]);

/** A set of exactly the given classes. */
export function classSet(classes: readonly CharClass[], negated = false): CharSet {
  return { negated, ranges: [], classes };
}

/** A set holding one code point. */
export function charSet(codePoint: number): CharSet {
  return { negated: false, ranges: [codePoint, codePoint], classes: [] };
}

/** Whether `codePoint` is a letter, digit or underscore (what `\w`, `\b` and `grep -w` mean by word). */
export function isWordChar(codePoint: number): boolean {
  if (codePoint < 128) {
    return (codePoint >= 97 && codePoint <= 122) || (codePoint >= 65 && codePoint <= 90) || (codePoint >= 48 && codePoint <= 57) || codePoint === 95;
  }
  return CLASS_TESTS.word.test(String.fromCodePoint(codePoint));
}

/** Whether `set` holds `codePoint`; with `ignoreCase`, also when it holds its other case. */
export function setHas(set: CharSet, codePoint: number, ignoreCase: boolean): boolean {
  let held = holds(set, codePoint);
  if (!held && ignoreCase) {
    const lower = otherCase(codePoint, 'lower');
    const upper = otherCase(codePoint, 'upper');
    held = (lower !== codePoint && holds(set, lower)) || (upper !== codePoint && holds(set, upper));
  }
  return held !== set.negated;
}

function holds(set: CharSet, codePoint: number): boolean {
  const { ranges } = set;
  for (let i = 0; i < ranges.length; i += 2) {
    if (codePoint >= ranges[i]! && codePoint <= ranges[i + 1]!) return true;
  }
  if (set.classes.length === 0) return false;
  const char = String.fromCodePoint(codePoint);
  return set.classes.some((name) => CLASS_TESTS[name].test(char));
}

/** The code point in the other case, when that is a single code point; else `codePoint`. */
function otherCase(codePoint: number, to: 'lower' | 'upper'): number {
  if (codePoint < 128) {
    if (to === 'lower' && codePoint >= 65 && codePoint <= 90) return codePoint + 32;
    if (to === 'upper' && codePoint >= 97 && codePoint <= 122) return codePoint - 32;
    return codePoint;
  }
  const char = String.fromCodePoint(codePoint);
  const changed = to === 'lower' ? char.toLowerCase() : char.toUpperCase();
  const first = changed.codePointAt(0)!;
  return changed.length === String.fromCodePoint(first).length ? first : codePoint;
}

/** The code point at `index` of `text`, never pairing a surrogate with one at or past `end`. */
export function codePointIn(text: string, index: number, end: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdbff || index + 1 >= end) return unit;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff ? (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000 : unit;
}
