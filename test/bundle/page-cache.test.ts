// The page cache: entries survive the process, torn or foreign logs cost misses, never wrong pages, and the log stays bounded.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/bundle/page-cache.js';
import { BUILD_PAGE_JOB, buildPageSource, textOf } from '../../src/bundle/page-job.js';

/** A page as this thread builds it: its body and Markdown are strings. */
function pageOf(n: number) {
  const page = buildPageSource(
    `guides/p${n}.mdx`,
    `---\ntitle: Page ${n}\n---\n\nBody of page ${n}, with ünïcödé and a line\nbreak.\n\n## Part ${n}\n\nMore.\n`,
  );
  return { ...page, html: textOf(page.html), markdown: textOf(page.markdown) };
}
/** What a cached page holds, as plain data: a section read from the log decodes its text when asked. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
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
    const cached = cache.get('k2')!;
    expect(plain(cached)).toEqual(plain({ parsed: page.parsed, markdown: Buffer.from(page.markdown, 'utf8') }));
    expect(cached.parsed.page.sections.map((section) => section.text)).toEqual(['Body of page 2, with ünïcödé and a line\nbreak.', 'More.']);
    expect(cache.html('k2')).toBe(page.html);
    expect(cache.get('k3')).toBeUndefined();
  });

  it('gives the same entries when the log is read ahead (preload) as when it is read on first use', async () => {
    const dir = fresh();
    commitBuild(dir, [1, 2]);
    const ahead = new PageCache(dir);
    ahead.preload();
    await ahead.loaded();
    expect(plain(ahead.get('k1'))).toEqual(plain(new PageCache(dir).get('k1')));
    expect(ahead.html('k2')).toBe(pageOf(2).html);
    expect(ahead.isEmpty()).toBe(false);
    const none = new PageCache(fresh());
    none.preload();
    await none.loaded();
    expect(none.isEmpty()).toBe(true);
  });

  it('stores a page built on a worker, its body and Markdown sent as bytes, as the same page built here', () => {
    const dir = fresh();
    const cache = new PageCache(dir);
    cache.set('k1', BUILD_PAGE_JOB.pack!(pageOf(1)).result);
    cache.commit();
    const later = new PageCache(dir);
    expect(later.html('k1')).toBe(pageOf(1).html);
    expect(later.get('k1')!.markdown.toString('utf8')).toBe(pageOf(1).markdown);
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
    expect(cache.get('k1')?.markdown.toString('utf8')).toBe(pageOf(1).markdown);
    expect(cache.get('k9')).toBeUndefined();
    cache.set('k3', pageOf(3));
    cache.commit();
    expect(readFileSync(join(dir, 'pages.log'), 'utf8')).not.toContain('"k9"');
    expect(new PageCache(dir).get('k3')?.markdown.toString('utf8')).toBe(pageOf(3).markdown);
  });

  it('treats a log of another format as empty', () => {
    const dir = fresh();
    commitBuild(dir, [1]);
    const log = join(dir, 'pages.log');
    writeFileSync(log, readFileSync(log, 'utf8').replace('"version":7', '"version":5'));
    expect(new PageCache(dir).get('k1')).toBeUndefined();
  });

  it('keeps every body in one file, and removes the body files an older format left', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'pages.log'), '{"format":"docsite-page-cache","version":4}\n');
    writeFileSync(join(dir, 'k1.html'), '<p>old</p>');
    commitBuild(dir, [1, 2, 3]);
    commitBuild(dir, [1, 2, 3, 4]);
    expect(readdirSync(dir).sort()).toEqual(['bodies.1', 'pages.log']);
    const cache = new PageCache(dir);
    for (const n of [1, 2, 3, 4]) expect(cache.html(`k${n}`)).toBe(pageOf(n).html);
  });

  it('gives no body, never a wrong one, when the bodies file is cut short or gone', () => {
    const dir = fresh();
    commitBuild(dir, [1, 2]);
    const bodies = join(dir, 'bodies.1');
    writeFileSync(bodies, readFileSync(bodies).subarray(0, pageOf(1).html.length + 3));
    const cache = new PageCache(dir);
    expect(cache.get('k2')).toBeDefined();
    expect(cache.html('k2')).toBeUndefined();
    rmSync(bodies);
    expect(cache.html('k1')).toBeUndefined();
  });

  it('survives a build killed after appending bodies but before logging them', () => {
    const dir = fresh();
    commitBuild(dir, [1]);
    appendFileSync(join(dir, 'bodies.1'), '<p>half a body');
    commitBuild(dir, [1, 2]);
    const cache = new PageCache(dir);
    expect(cache.html('k1')).toBe(pageOf(1).html);
    expect(cache.html('k2')).toBe(pageOf(2).html);
  });

  it('compacts without the bodies it can no longer read, and misses them afterwards', () => {
    const dir = fresh();
    commitBuild(dir, [1, 2]);
    rmSync(join(dir, 'bodies.1'));
    // A torn tail forces the next commit to write the cache anew.
    appendFileSync(join(dir, 'pages.log'), '{"key":');
    const torn = new PageCache(dir);
    torn.get('k1');
    torn.set('k3', pageOf(3));
    expect(() => torn.commit()).not.toThrow();
    const after = new PageCache(dir);
    expect(after.get('k1')).toBeUndefined();
    expect(after.html('k3')).toBe(pageOf(3).html);
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
    expect(readdirSync(dir).filter((name) => name.startsWith('bodies.'))).toHaveLength(1);
    const bodyBytes = Buffer.byteLength(pageOf(111).html);
    expect(statSync(join(dir, readdirSync(dir).find((name) => name.startsWith('bodies.'))!)).size).toBeLessThanOrEqual(20 * bodyBytes);
    const cache = new PageCache(dir);
    expect(cache.get('k111')).toBeDefined();
    expect(cache.html('k111')).toBe(pageOf(111).html);
  });
});
