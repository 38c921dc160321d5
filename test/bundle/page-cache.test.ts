// The page cache: entries survive the process, torn or foreign logs cost misses, never wrong pages, and the log stays bounded.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/bundle/page-cache.js';
import { buildPageSource } from '../../src/bundle/page-job.js';

const pageOf = (n: number) => buildPageSource(`guides/p${n}.mdx`, `---\ntitle: Page ${n}\n---\n\nBody of page ${n}, with ünïcödé and a line\nbreak.\n\n## Part ${n}\n\nMore.\n`);
const fresh = () => mkdtempSync(join(tmpdir(), 'docsite-page-cache-'));

/** Commits pages `numbers` (keys `k<n>`) as one build would. */
function commitBuild(dir: string, numbers: number[]): void {
  const cache = new PageCache(dir);
  for (const n of numbers) if (!cache.get(`k${n}`)) cache.set(`k${n}`, pageOf(n));
  cache.commit();
}

describe('PageCache', () => {
  it('gives back what a committed build stored, in a later process', () => {
    const dir = fresh();
    commitBuild(dir, [1, 2]);
    const cache = new PageCache(dir);
    const page = pageOf(2);
    expect(cache.get('k2')).toEqual({ parsed: page.parsed, markdown: page.markdown });
    expect(cache.html('k2')).toBe(page.html);
    expect(cache.get('k3')).toBeUndefined();
  });

  it('stores nothing for a build that does not commit', () => {
    const dir = fresh();
    new PageCache(dir).set('k1', pageOf(1));
    expect(new PageCache(dir).get('k1')).toBeUndefined();
  });

  it('ignores a torn tail, keeps the entries before it, and writes the log anew', () => {
    const dir = fresh();
    commitBuild(dir, [1, 2]);
    appendFileSync(join(dir, 'pages.log'), '{"key":"k9","parsed":{"pa');
    const cache = new PageCache(dir);
    expect(cache.get('k1')?.markdown).toBe(pageOf(1).markdown);
    expect(cache.get('k9')).toBeUndefined();
    cache.set('k3', pageOf(3));
    cache.commit();
    expect(readFileSync(join(dir, 'pages.log'), 'utf8')).not.toContain('"k9"');
    expect(new PageCache(dir).get('k3')?.markdown).toBe(pageOf(3).markdown);
  });

  it('treats a log of another format as empty', () => {
    const dir = fresh();
    commitBuild(dir, [1]);
    const log = join(dir, 'pages.log');
    writeFileSync(log, readFileSync(log, 'utf8').replace('"version":4', '"version":3'));
    expect(new PageCache(dir).get('k1')).toBeUndefined();
  });

  it('keeps the log and the body files bounded as pages change build after build', () => {
    const dir = fresh();
    const sizes: number[] = [];
    for (let build = 0; build < 12; build++) {
      // Ten pages, one of which changes every build.
      commitBuild(dir, [...Array.from({ length: 9 }, (_, i) => i), 100 + build]);
      sizes.push(statSync(join(dir, 'pages.log')).size);
    }
    expect(Math.max(...sizes)).toBeLessThan(2.5 * sizes[0]!);
    expect(readdirSync(dir).filter((name) => name.endsWith('.html')).length).toBeLessThanOrEqual(20);
    const cache = new PageCache(dir);
    expect(cache.get('k111')).toBeDefined();
    expect(cache.html('k111')).toBe(pageOf(111).html);
  });
});
