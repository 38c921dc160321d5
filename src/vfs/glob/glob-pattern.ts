// Translates shell globs (`*`, `?`, `[...]`, `**`) into the linear-time regex engine's trees.
import { classSet, charSet, type CharSet } from '../regex/char-set.js';
import { LineMatcher } from '../regex/line-matcher.js';
import { parseRegex } from '../regex/parse-regex.js';
import { sequence, type RegexNode } from '../regex/syntax.js';
import type { WorkBudget } from '../regex/work-budget.js';

/** How a glob treats `/`. */
export interface GlobOptions {
  /** Whether `*` and `?` match `/` too (`find -path`); `**` always does. */
  readonly crossSlash: boolean;
  readonly ignoreCase: boolean;
}

const NOT_SLASH: CharSet = { negated: true, ranges: [0x2f, 0x2f], classes: [] };
const ANY = classSet(['any']);
const SLASH: RegexNode = { type: 'set', set: charSet(0x2f) };

/** Whether `pattern` has unescaped glob characters. */
export function hasGlobChars(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (c === '*' || c === '?' || c === '[') return true;
  }
  return false;
}

/** `pattern` with its backslash escapes removed: the text a glob without glob characters matches. */
export function unescapeGlob(pattern: string): string {
  return pattern.replace(/\\(.)/gsu, '$1');
}

/** A test for whole strings matching the glob `pattern`. */
export function compileGlob(pattern: string, options: GlobOptions, budget: WorkBudget): (text: string) => boolean {
  const matcher = new LineMatcher(globToRegex(pattern, options.crossSlash), { ignoreCase: options.ignoreCase, budget });
  return (text) => matcher.test(text);
}

/** The regex tree of `pattern`, anchored at both ends. */
export function globToRegex(pattern: string, crossSlash: boolean): RegexNode {
  const items: RegexNode[] = [{ type: 'assert', assertion: 'lineStart' }];
  const one: RegexNode = { type: 'set', set: crossSlash ? ANY : NOT_SLASH };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      let stars = 1;
      while (pattern[i + 1] === '*') {
        stars++;
        i++;
      }
      if (stars === 1) {
        items.push({ type: 'repeat', item: one, min: 0, max: Infinity });
      } else if (pattern[i + 1] === '/' && (i - stars < 0 || pattern[i - stars] === '/')) {
        // `**/` is any number of whole directories, none included.
        items.push({ type: 'repeat', item: sequence([{ type: 'repeat', item: { type: 'set', set: ANY }, min: 0, max: Infinity }, SLASH]), min: 0, max: 1 });
        i++;
      } else {
        items.push({ type: 'repeat', item: { type: 'set', set: ANY }, min: 0, max: Infinity });
      }
    } else if (c === '?') {
      items.push(one);
    } else if (c === '[' && bracketEnd(pattern, i) !== -1) {
      const end = bracketEnd(pattern, i);
      const body = pattern.slice(i + 1, end).replace(/^!/, '^');
      items.push(parseRegex(`[${body}]`, 'extended'));
      i = end;
    } else {
      const escaped = c === '\\' && i + 1 < pattern.length;
      const char = pattern.codePointAt(escaped ? ++i : i)!;
      if (char > 0xffff) i++;
      items.push({ type: 'set', set: charSet(char) });
    }
  }
  items.push({ type: 'assert', assertion: 'lineEnd' });
  return sequence(items);
}

/** Index of the `]` closing the bracket expression opened at `start`, or -1 (then `[` is literal). */
function bracketEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
    else if (pattern.startsWith('[:', i)) {
      const close = pattern.indexOf(':]', i + 2);
      if (close !== -1) i = close + 1;
    }
  }
  return -1;
}
