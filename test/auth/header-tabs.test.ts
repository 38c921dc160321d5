// Header tabs on an authenticated site: a tab links to a page the reader may read, and a tab with
// none is not shown, so the header never names a path or section the reader cannot see.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { page, writeSite } from '../helpers/site.js';

/** Tabs whose first pages need more than the later ones, and a tab only one group may read. */
const SITE = {
  'docs.json': {
    name: 'Tabs',
    navigation: {
      tabs: [
        { tab: 'Welcome', pages: ['index'] },
        { tab: 'Handbook', pages: ['handbook/staff-only', 'handbook/members', 'handbook/open'] },
        { tab: 'Vault', pages: ['vault/ledger'] },
      ],
    },
  },
  'index.mdx': page({ title: 'Welcome', public: true }, 'Hello.'),
  'handbook/staff-only.mdx': page({ title: 'Staff rota', groups: ['staff'] }, 'Rota.'),
  'handbook/members.mdx': page({ title: 'Member guide' }, 'Guide.'),
  'handbook/open.mdx': page({ title: 'Open handbook', public: true }, 'Open.'),
  'vault/ledger.mdx': page({ title: 'Ledger', groups: ['finance'] }, 'Numbers.'),
};

let runtime: AuthRuntime;
const readers: Record<'anonymous' | 'outsider' | 'staff' | 'finance', Browser> = {} as never;

beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-tabs-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  runtime = await startAuthRuntime(localConfig(), SESSION_ENV, await readBundle(report.outDir));
  await runtime.store.addUser({ username: 'olga', password: 'olga-password' });
  await runtime.store.addUser({ username: 'sam', password: 'sam-password', groups: ['staff'] });
  await runtime.store.addUser({ username: 'fay', password: 'fay-password', groups: ['finance'] });
  readers.anonymous = new Browser(runtime.url);
  for (const [who, user] of [
    ['outsider', 'olga'],
    ['staff', 'sam'],
    ['finance', 'fay'],
  ] as const) {
    readers[who] = new Browser(runtime.url);
    expect((await readers[who].signIn(user, `${user}-password`)).status).toBe(303);
  }
}, 60_000);
afterAll(() => runtime?.close());

/** The tabs of the header of the page at `path`, as [label, href] pairs. */
async function tabsOf(who: keyof typeof readers, path = '/'): Promise<{ tabs: [string, string][]; header: string }> {
  const response = await readers[who].get(path);
  expect(response.status).toBe(200);
  const header = /<header class="site-header"[^>]*>[\s\S]*?<\/header>/.exec(await response.text())![0];
  const nav = /<nav class="tabs-nav"[\s\S]*?<\/nav>/.exec(header)?.[0] ?? '';
  return { tabs: [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2]!, m[1]!]), header };
}

describe('header tabs per reader', () => {
  it('link each tab to the first page the reader may read', async () => {
    expect((await tabsOf('anonymous')).tabs).toEqual([
      ['Welcome', '/'],
      ['Handbook', '/handbook/open'],
    ]);
    expect((await tabsOf('outsider')).tabs).toEqual([
      ['Welcome', '/'],
      ['Handbook', '/handbook/members'],
    ]);
    expect((await tabsOf('staff')).tabs).toEqual([
      ['Welcome', '/'],
      ['Handbook', '/handbook/staff-only'],
    ]);
    expect((await tabsOf('finance')).tabs).toEqual([
      ['Welcome', '/'],
      ['Handbook', '/handbook/members'],
      ['Vault', '/vault/ledger'],
    ]);
  });

  it('never name a page or section the reader cannot read, on any page they can', async () => {
    for (const path of ['/', '/handbook/open']) {
      const anonymous = (await tabsOf('anonymous', path)).header;
      for (const hidden of ['/handbook/members', '/handbook/staff-only', '/vault', 'Vault']) expect(anonymous, `${path}: ${hidden}`).not.toContain(hidden);
      const outsider = (await tabsOf('outsider', path)).header;
      for (const hidden of ['/handbook/staff-only', '/vault', 'Vault']) expect(outsider, `${path}: ${hidden}`).not.toContain(hidden);
    }
  });

  it('mark the tab of the page being read as current', async () => {
    const { header } = await tabsOf('staff', '/handbook/open');
    expect(header).toContain('<a href="/handbook/staff-only" aria-current="true">Handbook</a>');
  });
});
