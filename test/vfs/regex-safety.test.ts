// The regex engine: grep semantics, and no pattern or input can make it run away.
import { describe, expect, it } from 'vitest';
import { VirtualFs } from '../../src/vfs/index.js';
import { compilePatterns, type PatternSyntax } from '../../src/vfs/regex/grep-patterns.js';
import { CallBudget, SHELL_LIMITS } from '../../src/vfs/index.js';
import { run } from './fixture.js';

const matcher = (pattern: string, syntax: PatternSyntax = 'extended', ignoreCase = false) =>
  compilePatterns([pattern], { syntax, ignoreCase, wholeWord: false, budget: new CallBudget() });

describe('matching', () => {
  it.each([
    ['^conf', 'configure', true],
    ['^onf', 'configure', false],
    ['ure$', 'configure', true],
    ['colou?r', 'color', true],
    ['x{2,3}', 'axxb', true],
    ['(ab)+c', 'xababc', true],
    ['[[:digit:]]{3}', 'ab12', false],
    ['[^a-z]', 'abc', false],
    ['\\bfoo\\b', 'a foo.', true],
    ['\\bfoo\\b', 'afoo', false],
    ['\\<foo', 'x foo', true],
    ['^.$', '😀', true],
    ['a{', 'a{', true],
    ['', 'anything', true],
  ])('extended %j on %j: %s', (pattern, line, expected) => {
    expect(matcher(pattern).test(line)).toBe(expected);
  });

  it('reads basic syntax like GNU grep', () => {
    expect(matcher('a|b', 'basic').test('xbx')).toBe(false);
    expect(matcher('a\\|b', 'basic').test('xbx')).toBe(true);
    expect(matcher('\\(ab\\)\\{2\\}', 'basic').test('abab')).toBe(true);
    expect(matcher('a+', 'basic').test('a+')).toBe(true);
    expect(matcher('x^y$z', 'basic').test('x^y$z')).toBe(true);
  });

  it('folds case with ignoreCase, also in negated sets', () => {
    expect(matcher('WEB', 'extended', true).test('webhook')).toBe(true);
    expect(matcher('[^a]', 'extended', true).test('A')).toBe(false);
    expect(matcher('straße', 'extended', true).test('STRAẞE')).toBe(true);
  });

  it('finds leftmost-longest matches, as grep -o prints them', () => {
    expect(matcher('a+').matches('baaacaa')).toEqual([
      [1, 4],
      [5, 7],
    ]);
    expect(matcher('a|ab|abc').matches('xabcd')).toEqual([[1, 4]]);
    expect(matcher('a.*b|c').matches('acb')).toEqual([[0, 3]]);
  });
});

/** A call's regex budget that also counts the work charged to it. */
class CountingBudget extends CallBudget {
  spent = 0;
  override spend(units: number): void {
    this.spent += units;
    super.spend(units);
  }
}

/** Regex work `pattern` costs on `line`: testing it (the DFA), or locating its matches (-o). */
function workOf(pattern: string, line: string, locate = false): number {
  const budget = new CountingBudget();
  const matcher = compilePatterns([pattern], { syntax: 'extended', ignoreCase: false, wholeWord: false, budget });
  if (locate) matcher.matches(line);
  else matcher.test(line);
  return budget.spent;
}

describe('safety', () => {
  const long = `${'a'.repeat(50_000)}!`;
  const twiceAsLong = `${'a'.repeat(100_000)}!`;
  const fs = new VirtualFs([{ path: '/long.txt', content: `${long}\n` }]);

  it.each(['(a+)+$', '(a|aa)*b', '(a*)*b', '^(a|a)*$', '(x+x+)+y', '(.*a){20}$'])('runs the catastrophic pattern %s in linear time', (pattern) => {
    // The DFA takes one step per character; what could blow up is the states it builds: few, and no more on a longer line.
    const work = workOf(pattern, long);
    expect(work).toBeLessThan(1_000);
    expect(workOf(pattern, twiceAsLong)).toBe(work);
    expect(run(`grep -cE '${pattern}' /long.txt`, fs).output).toBe('0\n');
  });

  it('locates matches (-o) in linear time too', () => {
    // Locating walks NFA states: a bounded number per character, so twice the line is twice the work.
    const work = workOf('(a+)+', long, true);
    expect(work).toBeLessThanOrEqual(10 * long.length);
    expect(workOf('(a+)+', twiceAsLong, true)).toBeLessThanOrEqual(2 * work);
    expect(run("grep -oE '(a+)+' /long.txt | wc -c", fs).output).toBe('50001\n');
  });

  it('stops with an error once a call has spent its regex budget', () => {
    // Irregular a/b text makes the DFA for "an a 20 characters before a c" build a new state at almost every step.
    let seed = 1;
    const text = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) & 1 ? 'a' : 'b')).join('');
    const tight = compilePatterns(['a[ab]{20}c'], {
      syntax: 'extended',
      ignoreCase: false,
      wholeWord: false,
      budget: new CallBudget({ ...SHELL_LIMITS, regexWork: 100_000 }),
    });
    expect(() => tight.test(text)).toThrow(/regular expression too expensive/);
    const roomy = compilePatterns(['a[ab]{20}c'], { syntax: 'extended', ignoreCase: false, wholeWord: false, budget: new CallBudget() });
    expect(roomy.test(text)).toBe(false);
  });

  it('refuses patterns too large to compile', () => {
    expect(run("grep -E '(a{1000}){1000}' /long.txt", fs).output).toContain('regular expression too large');
    expect(run("grep -E 'a{1001}' /long.txt", fs).output).toContain('repetition count over 1000');
  });
});
