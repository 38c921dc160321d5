// sameSiteLocation: every Location it makes, resolved as a browser resolves it, is on the site, and plain paths pass unchanged.
import { describe, expect, it } from 'vitest';
import { Random } from '../../bench/random.js';
import { sameSiteLocation } from '../../src/site/index.js';

const SITE = 'https://docs.example.com';
/** Resolved against a page deep in the site, as a browser resolves the Location of a redirect from it. */
const FROM = `${SITE}/guides/intro/`;

describe('sameSiteLocation', () => {
  it.each([
    ['/quickstart', '/quickstart'],
    ['/guides/intro?tab=2#setup', '/guides/intro?tab=2#setup'],
    ['/', '/'],
    ['', '/'],
    ['guide', '/guide'],
    ['/%E6%97%A5%E6%9C%AC', '/%E6%97%A5%E6%9C%AC'],
    ['/日本', '/%E6%97%A5%E6%9C%AC'],
    ['/a%3Fb', '/a%3Fb'],
    ['//evil.com', '/evil.com'],
    ['///evil.com/x', '/evil.com/x'],
    ['/\\evil.com', '/evil.com'],
    ['\\\\evil.com', '/evil.com'],
    ['/%2F%2Fevil.com', '/evil.com'],
    ['/%5Cevil.com', '/evil.com'],
    ['/%2f%5C/evil.com', '/evil.com'],
    ['/\t/evil.com', '/evil.com'],
    ['/\n\r/evil.com', '/evil.com'],
    ['/%09/evil.com', '/evil.com'],
    ['\u0000 //evil.com', '/evil.com'],
    ['/.//evil.com/', '/evil.com/'],
    ['/x/..//evil.com', '/evil.com'],
    ['/x/%2e%2e//evil.com', '/evil.com'],
    ['/./%2F/evil.com', '/evil.com'],
    ['https://evil.com/x', '/https://evil.com/x'],
    ['javascript:alert(1)', '/javascript:alert(1)'],
    ['/x?next=//evil.com', '/x?next=//evil.com'],
  ])('%j → %j', (input, expected) => {
    expect(sameSiteLocation(input)).toBe(expected);
    expect(new URL(expected, FROM).origin).toBe(SITE);
  });

  it('keeps every generated hostile path on the site, and a second pass changes nothing', () => {
    const parts = [
      '/',
      '//',
      '\\',
      '%2F',
      '%2f',
      '%5C',
      '%5c',
      '\t',
      '\n',
      '\r',
      '%09',
      '%0A',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      'x',
      'evil.com',
      '@',
      ':',
      '?',
      '#',
      ' ',
      '\u0000',
      '%00',
      '\u3002',
      'https:',
    ];
    const random = new Random(25);
    for (let i = 0; i < 20_000; i++) {
      const input = Array.from({ length: random.int(1, 8) }, () => random.pick(parts)).join('');
      const location = sameSiteLocation(input);
      const resolved = new URL(location, FROM);
      if (resolved.origin !== SITE) throw new Error(`${JSON.stringify(input)} → ${location} leaves the site`);
      expect(location.startsWith('/') && !/^\/[/\\]/.test(location)).toBe(true);
      expect(sameSiteLocation(location)).toBe(location);
    }
  });
});
