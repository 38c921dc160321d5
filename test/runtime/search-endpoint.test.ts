// GET /_docsite/search, the site's search box: results grouped by page with marked snippets, in the
// reader's version and language, only what the reader may read, a quota per address, 400s that say why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/index.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { createRateLimits, silentLogger } from '../../src/runtime/index.js';
import type { PageResult } from '../../src/search/index.js';
import { Browser, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

interface SearchAnswer {
  query: string;
  pages: PageResult[];
}

const search = async (base: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${base}/_docsite/search?${new URLSearchParams(params)}`, { headers });
const pagesOf = async (response: Response): Promise<PageResult[]> => ((await response.json()) as SearchAnswer).pages;
const urlsOf = (pages: PageResult[]): string[] => pages.map((page) => page.url);

describe('the search endpoint on a public site', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
  });
  afterAll(() => runtime?.close());

  it('answers JSON grouped by page, each section with its heading path and the matched words marked in its snippet', async () => {
    const response = await search(runtime.url, { q: 'webhooks signature', version: 'v2', language: 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    const answer = (await response.json()) as SearchAnswer;
    expect(answer.query).toBe('webhooks signature');
    expect(answer.pages.length).toBeGreaterThan(0);
    // Each page once, its sections under it.
    expect(new Set(urlsOf(answer.pages)).size).toBe(answer.pages.length);
    const webhooks = answer.pages.find((page) => page.url === '/guides/webhooks')!;
    expect(webhooks.title).toBeTruthy();
    expect(webhooks.sections.length).toBeGreaterThan(1);
    for (const section of webhooks.sections) {
      expect(section.url.split('#')[0]).toBe('/guides/webhooks');
      expect(Array.isArray(section.headingPath)).toBe(true);
      expect(section.marks.length).toBeGreaterThan(0);
      for (const [start, end] of section.marks) expect(section.snippet.slice(start, end)).toMatch(/^(webhook|signature)/i);
    }
    expect(webhooks.sections.some((section) => section.headingPath.length > 0)).toBe(true);
  });

  it('keeps to the reader’s version and language', async () => {
    const v1 = urlsOf(await pagesOf(await search(runtime.url, { q: 'charges', version: 'v1', language: 'en' })));
    expect(v1).toContain('/v1/charges');
    const v2 = urlsOf(await pagesOf(await search(runtime.url, { q: 'charges', version: 'v2', language: 'en' })));
    expect(v2.filter((url) => url.startsWith('/v1/'))).toEqual([]);
    const spanish = urlsOf(await pagesOf(await search(runtime.url, { q: 'factura', version: 'v2', language: 'es' })));
    expect(spanish).toContain('/es/invoices');
    expect(urlsOf(await pagesOf(await search(runtime.url, { q: 'factura', version: 'v2', language: 'en' })))).not.toContain('/es/invoices');
  });

  it('returns at most `limit` sections', async () => {
    const pages = await pagesOf(await search(runtime.url, { q: 'invoice', limit: '3' }));
    expect(pages.flatMap((page) => page.sections)).toHaveLength(3);
  });

  it('answers 400 with a JSON body for a missing, blank, repeated or too long q and a bad limit', async () => {
    const cases: [string, RegExp][] = [
      ['', /q is required/],
      ['q=%20%20', /q is required/],
      ['q=a&q=b', /q must be given once/],
      [`q=${'a'.repeat(501)}`, /q must be at most 500 characters/],
      ['q=invoice&limit=0', /limit must be a whole number from 1 to 50/],
      ['q=invoice&limit=51', /limit must be a whole number/],
      ['q=invoice&limit=two', /limit must be a whole number/],
      [`q=invoice&version=${'v'.repeat(101)}`, /version must be at most 100 characters/],
    ];
    for (const [query, problem] of cases) {
      const response = await fetch(`${runtime.url}/_docsite/search?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; details: { message: string }[] };
      expect(body.error).toBe('Invalid search request.');
      expect(body.details.map((d) => d.message).join(' '), query).toMatch(problem);
    }
  });

  it('answers 405 to other methods', async () => {
    const response = await fetch(`${runtime.url}/_docsite/search?q=invoice`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toEqual({ error: 'POST is not allowed here; use GET.' });
  });
});

describe('the search endpoint’s quota', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, readerSearch: 2 } };
    runtime = await startRuntime({ rateLimits: createRateLimits({ limiter: memoryRateLimiter(), config, logger: silentLogger }) });
  });
  afterAll(() => runtime?.close());

  it('answers 429 with Retry-After and a JSON body past readerSearch requests per address', async () => {
    expect((await search(runtime.url, { q: 'invoice' })).status).toBe(200);
    const second = await search(runtime.url, { q: 'refund' });
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-policy')).toBe('"reader-search";q=2;w=3600');
    const refused = await search(runtime.url, { q: 'payout' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/rate limit/i);
  });
});

describe('the search endpoint on a site with authentication', () => {
  let runtime: AuthRuntime;
  const member = (): Browser => new Browser(runtime.url);
  let signedIn: Browser;
  beforeAll(async () => {
    runtime = await startAuthRuntime();
    await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
    signedIn = member();
    expect((await signedIn.signIn('ann', 'ann-password')).status).toBe(303);
  });
  afterAll(() => runtime?.close());

  const ask = async (browser: Browser, q: string): Promise<Response> => browser.get(`/_docsite/search?${new URLSearchParams({ q })}`);

  it('gives anonymous readers public pages only', async () => {
    const anonymous = member();
    expect(urlsOf(await pagesOf(await ask(anonymous, 'Dedicated Slack channel')))).toContain('/enterprise/overview');
    expect(await pagesOf(await ask(anonymous, 'deprovision'))).toEqual([]);
    expect(await pagesOf(await ask(anonymous, 'Before you begin quickstart'))).not.toContainEqual(expect.objectContaining({ url: '/quickstart' }));
  });

  it('gives a signed-in reader the pages of their groups, never stored by a cache, and never another group’s', async () => {
    const response = await ask(signedIn, 'deprovision');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(urlsOf(await pagesOf(response))).toContain('/enterprise/sso');
    expect(urlsOf(await pagesOf(await ask(signedIn, 'quickstart')))).toContain('/quickstart');
    expect(urlsOf(await pagesOf(await ask(signedIn, 'hash-chained audit')))).not.toContain('/enterprise/audit-logs');
  });
});
