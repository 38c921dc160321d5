// rg: ripgrep's defaults (recursive, case-sensitive, line numbers), smart case with -S, and its -g globs.
import { describe, expect, it } from 'vitest';
import { out, run } from './fixture.js';

describe('rg', () => {
  it('searches the working directory recursively with line numbers, ignoring case for a lowercase pattern with -S', () => {
    expect(out('rg -S webhooks')).toBe(
      'guides/webhooks.mdx:1:# Webhooks\nguides/webhooks.mdx:5:Webhooks retry 3 times.\nopenapi/spec.json:1:{"openapi":"3.1.0","paths":{"/webhooks":{}}}\n',
    );
  });

  it('matches case exactly by default, as ripgrep does, and with -S when the pattern has an uppercase letter', () => {
    expect(out('rg -S Webhooks')).toBe('guides/webhooks.mdx:1:# Webhooks\nguides/webhooks.mdx:5:Webhooks retry 3 times.\n');
    expect(out('rg -S -s webhooks')).toBe('openapi/spec.json:1:{"openapi":"3.1.0","paths":{"/webhooks":{}}}\n');
    expect(out('rg webhooks')).toBe('openapi/spec.json:1:{"openapi":"3.1.0","paths":{"/webhooks":{}}}\n');
    expect(out('rg -i WEBHOOK -l')).toBe('guides/webhooks.mdx\nopenapi/spec.json\nquickstart.mdx\n');
  });

  it('filters files with -g globs, ! excluding', () => {
    expect(out('rg -l -g "*.mdx" Webhooks')).toBe('guides/webhooks.mdx\n');
    expect(out('rg -l -g "!*.mdx" webhooks')).toBe('openapi/spec.json\n');
    expect(out('rg -l -g "guides/**" -i rate /')).toBe('/guides/advanced/rate-limits.mdx\n');
  });

  it('counts only files with matches, and drops line numbers with -N', () => {
    expect(out('rg -ic webhook /guides /quickstart.mdx')).toBe('/guides/webhooks.mdx:3\n/quickstart.mdx:1\n');
    expect(out('rg -N retry /guides')).toBe('/guides/webhooks.mdx:Webhooks retry 3 times.\n');
  });

  it('prints no file name for one file or piped input', () => {
    expect(out('rg retry /guides/webhooks.mdx')).toBe('5:Webhooks retry 3 times.\n');
    expect(out('cat /quickstart.mdx | rg -w a')).toBe('3:Configure a webhook.\n');
  });

  it('reads extended regular expressions and fixed strings', () => {
    expect(out('rg "^\\d+ requests"')).toBe('guides/advanced/rate-limits.mdx:2:100 requests per minute.\n');
    expect(out('rg -F "3.1.0" -o')).toBe('openapi/spec.json:1:3.1.0\n');
  });

  it('exits 1 when nothing matches', () => {
    expect(run('rg nothing-like-this')).toMatchObject({ exitCode: 1, output: '' });
  });
});
